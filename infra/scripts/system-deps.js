// Installs the Debian packages the tests need (nats-server, chromium) when missing, as root with apt.
const { execSync, spawnSync } = require('node:child_process');
const fs = require('node:fs');

const has = (cmd, paths) => paths.some((p) => fs.existsSync(p)) || spawnSync('sh', ['-c', `command -v ${cmd}`]).status === 0;

function ensureSystemDeps({ chromium = true } = {}) {
  const missing = [];
  if (!has('nats-server', ['/usr/sbin/nats-server', '/usr/bin/nats-server'])) missing.push('nats-server');
  if (chromium && !fs.existsSync('/usr/bin/chromium')) missing.push('chromium');
  if (!missing.length) return;
  const root = process.getuid && process.getuid() === 0;
  if (!root || spawnSync('sh', ['-c', 'command -v apt-get']).status !== 0) {
    console.error(`Missing system packages: ${missing.join(', ')}. Install them with:\n\n  sudo apt-get install -y ${missing.join(' ')}\n`);
    process.exit(1);
  }
  console.log(`Installing ${missing.join(', ')} with apt-get...`);
  execSync(`apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${missing.join(' ')} >/dev/null`, { stdio: 'inherit' });
}

module.exports = { ensureSystemDeps };

if (require.main === module) ensureSystemDeps({ chromium: true });
