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
// service would compete for its durable consumers), which leaves the second core idle. So two jests run
// side by side, each with its own global setup (its own Postgres, NATS and mail sink): the browser journeys
// and the fault suite (which start platforms of their own) plus the two longest integration files, and
// everything else. The second's lines are prefixed.
const { firstHalf, secondHalf } = require('./test-split');
const jestRun = (projectArgs, prefix) =>
  new Promise((resolve) => {
    const child = spawn(process.execPath, [jest, ...projectArgs], { cwd: root, env: { ...process.env, PACT_DO_NOT_TRACK: 'true' }, stdio: ['ignore', prefix ? 'pipe' : 'inherit', prefix ? 'pipe' : 'inherit'] });
    if (prefix) for (const stream of [child.stdout, child.stderr]) readline.createInterface({ input: stream }).on('line', (line) => console.log(`${prefix} ${line}`));
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
const inTurn = async (runs, prefix) => {
  let failed = 0;
  for (const projectArgs of runs) failed += (await jestRun(projectArgs, prefix)) === 0 ? 0 : 1;
  return failed;
};
Promise.all([jestRun(secondHalf), inTurn(firstHalf, '[journeys]')]).then((codes) => {
  console.log(`jest: ${codes[0] === 0 ? 'passed' : 'FAILED'} (units and integration), ${codes[1] === 0 ? 'passed' : 'FAILED'} (browser journeys, faults, two authorization matrices)`);
  process.exit(codes.some((c) => c !== 0) ? 1 : 0);
});
