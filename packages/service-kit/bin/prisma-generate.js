#!/usr/bin/env node
// Runs `prisma generate` for the service in the current folder. Generation only uses bundled WebAssembly,
// but the CLI still looks for a native schema engine it would download from outside the npm registry;
// point it at a no-op executable for this one command.
const { spawnSync } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const noop = path.join(os.tmpdir(), 'midway-noop-schema-engine');
if (!fs.existsSync(noop)) fs.writeFileSync(noop, '#!/bin/sh\nexit 0\n', { mode: 0o755 });
const cli = require.resolve('prisma/build/index.js');
const result = spawnSync(process.execPath, [cli, 'generate', '--schema', 'prisma/schema.prisma'], {
  stdio: ['ignore', 'inherit', 'inherit'],
  env: { ...process.env, PRISMA_SCHEMA_ENGINE_BINARY: noop, PRISMA_HIDE_UPDATE_MESSAGE: '1', CHECKPOINT_DISABLE: '1', PRISMA_GENERATE_NO_ENGINE: '1' },
});
process.exit(result.status ?? 1);
