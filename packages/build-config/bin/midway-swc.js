#!/usr/bin/env node
// `midway-swc src -d dist …`: @swc/cli with the one configuration every Node package (contracts, the kit, the
// services, the gateway, infra) compiles with, node.swcrc beside this folder: a build script names this bin instead
// of a path to a configuration file outside its package.
const { spawnSync } = require('node:child_process');
const path = require('node:path');

const cli = require.resolve('@swc/cli/bin/swc.js');
const result = spawnSync(process.execPath, [cli, ...process.argv.slice(2), '--config-file', path.join(__dirname, '..', 'node.swcrc')], { stdio: 'inherit' });
process.exit(result.status ?? 1);
