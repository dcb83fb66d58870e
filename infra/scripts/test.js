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
  // Every package: the services, kit and gateway (tsconfig.json), then the shell, the remotes and the UI kit.
  if (run('npm', ['run', '--silent', 'typecheck']) !== 0) {
    console.error('Type check failed.');
    process.exit(1);
  }
}
const jest = (jestArgs) => run(process.execPath, [require.resolve('jest/bin/jest'), ...jestArgs]);
const os = require('node:os');
console.log(`Machine: ${os.availableParallelism()} cores, ${Math.round(os.totalmem() / 2 ** 30)} GB, load ${os.loadavg()[0].toFixed(2)}`);
// The paths first: --selectProjects takes every word after it as a project's name.
if (e2eOnly) process.exit(jest([...args.filter((a) => a !== '--e2e-only'), '--selectProjects', 'e2e']));
// With arguments (a path, a project), one jest run does what they say.
if (args.length > 0) process.exit(jest(args));
// The whole run, in two parts. Every integration test file has its own database and NATS server (see
// infra/test/suite-environment.js), so two files run side by side; then the browser journeys and the fault
// suite, which start whole platforms of their own (five processes and a browser), one at a time.
const SERIAL = ['e2e', 'faults'];
const projects = require(path.join(root, 'jest.config.js')).projects.map((p) => (typeof p === 'string' ? require(p.replace('<rootDir>', root)) : p).displayName);
const side = projects.filter((p) => !SERIAL.includes(p));
const first = jest(['--maxWorkers=2', '--selectProjects', ...side]);
const second = jest(['--maxWorkers=1', '--selectProjects', ...SERIAL]);
process.exit(first || second);
