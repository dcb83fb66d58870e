#!/usr/bin/env node
// npm start: build what is needed, then run the platform on embedded defaults (infra/src/dev.ts).
const { spawnSync } = require('node:child_process');
const path = require('node:path');
const root = path.resolve(__dirname, '..', '..');
if (process.env.MIDWAY_SKIP_BUILD !== '1') {
  console.log('Building services and web apps (npm run build)...');
  const t = Date.now();
  const build = spawnSync('npm', ['run', '--silent', 'build'], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
  if (build.status !== 0) {
    console.error('Build failed; run `npm run build` to see the full output.');
    process.exit(build.status ?? 1);
  }
  console.log(`Built in ${((Date.now() - t) / 1000).toFixed(1)}s`);
}
require(path.join(root, 'infra/dist/dev.js'));
