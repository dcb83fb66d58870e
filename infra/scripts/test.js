#!/usr/bin/env node
// npm test: installs missing system packages, builds everything, then runs every jest project
// (units, service integration tests against real Postgres and NATS, and the browser journeys).
const { spawn, spawnSync } = require('node:child_process');
const readline = require('node:readline');
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
const jest = require.resolve('jest/bin/jest');
const jestArgs = [jest, ...args.filter((a) => a !== '--e2e-only')];
if (e2eOnly) jestArgs.push('--selectProjects', 'e2e');
if (args.length > 0) process.exit(run(process.execPath, jestArgs));

// The whole suite: jest runs one file at a time (service tests share one NATS, and two files of one
// service would compete for its durable consumers), which leaves the second core idle. The browser
// journeys and the fault suite start platforms of their own (their own NATS and database), so they run
// beside the rest in a second jest, with its own global setup, and its lines are prefixed.
const SELF_CONTAINED = ['e2e', 'faults'];
const jestRun = (projectArgs, prefix) =>
  new Promise((resolve) => {
    const child = spawn(process.execPath, [jest, ...projectArgs], { cwd: root, env: { ...process.env, PACT_DO_NOT_TRACK: 'true' }, stdio: ['ignore', prefix ? 'pipe' : 'inherit', prefix ? 'pipe' : 'inherit'] });
    if (prefix) for (const stream of [child.stdout, child.stderr]) readline.createInterface({ input: stream }).on('line', (line) => console.log(`${prefix} ${line}`));
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
Promise.all([jestRun(['--ignoreProjects', ...SELF_CONTAINED]), jestRun(['--selectProjects', ...SELF_CONTAINED], '[e2e+faults]')]).then((codes) => {
  console.log(`jest: ${codes[0] === 0 ? 'passed' : 'FAILED'} (units and integration), ${codes[1] === 0 ? 'passed' : 'FAILED'} (browser journeys and faults)`);
  process.exit(codes.some((c) => c !== 0) ? 1 : 0);
});
