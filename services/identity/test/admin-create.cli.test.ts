import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { testEnv, uniqueEmail } from '@midway/testing';
import { json, startTestIdentity, type Identity } from './identity-harness';

const CLI = path.resolve(__dirname, '..', 'dist', 'cli', 'admin-create.js');
const run = (...args: string[]) =>
  spawnSync(process.execPath, [CLI, ...args], { env: { ...process.env, DATABASE_URL: testEnv().databaseUrl }, encoding: 'utf8' });

let identity: Identity;
beforeAll(async () => {
  identity = await startTestIdentity();
});
afterAll(async () => identity?.stop());

describe('npm run admin:create', () => {
  it('creates a midway_admin who can then sign in', async () => {
    const email = uniqueEmail('boss');
    const out = run('--email', email, '--password', 'admin-pass-123');
    expect(out.status).toBe(0);
    expect(out.stdout).toContain(`Created admin ${email.toLowerCase()}`);
    const login = await fetch(`${identity.url}/api/login`, json({ email, password: 'admin-pass-123' }));
    expect(login.status).toBe(200);
    expect((await login.json()).systemRole).toBe('midway_admin');
  });

  it('refuses a short password or a bad e-mail with a message, changing nothing', () => {
    const short = run('--email', uniqueEmail(), '--password', 'short');
    expect(short.status).toBe(1);
    expect(short.stderr).toContain('--password must be at least 8 characters');
    const bad = run('--email', 'not-an-email', '--password', 'long-enough-1');
    expect(bad.status).toBe(1);
    expect(bad.stderr).toContain('--email must be a valid e-mail address');
  });
});
