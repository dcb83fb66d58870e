#!/usr/bin/env node
// npm test: installs missing system packages, builds everything, then runs every jest project
// (units, service integration tests against real Postgres and NATS, and the browser journeys).
const { spawnSync } = require('node:child_process');
const path = require('node:path');
const { ensureSystemDeps } = require('./system-deps');

const root = path.resolve(__dirname, '..', '..');
const args = process.argv.slice(2);
const e2eOnly = args.includes('--e2e-only');
ensureSystemDeps({ chromium: true });

const run = (cmd, cmdArgs) => spawnSync(cmd, cmdArgs, { cwd: root, stdio: 'inherit', env: { ...process.env, PACT_DO_NOT_TRACK: 'true' } }).status ?? 1;
if (process.env.MIDWAY_SKIP_BUILD !== '1') {
  console.log('Building (npm run build)...');
  if (run('npm', ['run', '--silent', 'build']) !== 0) process.exit(1);
  if (run('npx', ['tsc', '--noEmit', '-p', 'tsconfig.json']) !== 0) {
    console.error('Type check failed.');
    process.exit(1);
  }
}
const jestArgs = [require.resolve('jest/bin/jest'), ...args.filter((a) => a !== '--e2e-only')];
if (e2eOnly) jestArgs.push('--selectProjects', 'e2e');
process.exit(run(process.execPath, jestArgs));
