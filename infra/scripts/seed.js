#!/usr/bin/env node
// npm run seed -- --items N
const path = require('node:path');
require(path.resolve(__dirname, '..', 'dist', 'seed-cli.js'));
