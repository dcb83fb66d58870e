#!/usr/bin/env node
// npm run bench: build, then run every benchmark once (infra/src/bench/run-bench.ts).
const { spawnSync } = require('node:child_process');
const path = require('node:path');
const root = path.resolve(__dirname, '..', '..');
if (process.env.MIDWAY_SKIP_BUILD !== '1') {
  const build = spawnSync('npm', ['run', '--silent', 'build'], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
require(path.join(root, 'infra/dist/bench/run-bench.js'));
