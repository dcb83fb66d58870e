#!/usr/bin/env node
// npm run admin:create -- --email E --password P
const { spawnSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');
const root = path.resolve(__dirname, '..', '..');
if (!fs.existsSync(path.join(root, 'services/identity/dist/cli/admin-create.js')) || !fs.existsSync(path.join(root, 'infra/dist/admin-create.js'))) {
  const build = spawnSync('npm', ['run', '--silent', 'build'], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
require(path.join(root, 'infra/dist/admin-create.js'));
