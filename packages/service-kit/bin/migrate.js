#!/usr/bin/env node
// Developer entry: `npm run migrate:dev -w services/<name> -- --name add_x` (needs DATABASE_URL or the embedded dev database).
const path = require('node:path');
const { runMigrateCli } = require('../dist/db/migrations.js');
const [command = 'dev', ...rest] = process.argv.slice(2);
const cwd = process.cwd();
const schema = path.basename(cwd);
const databaseUrl = process.env.DATABASE_URL || 'postgres://postgres:postgres@127.0.0.1:5433/midway';
runMigrateCli(command, { databaseUrl, schema, prismaDir: path.join(cwd, 'prisma') }, rest).then((r) => {
  process.stdout.write(r.stdout);
  process.stderr.write(r.stderr);
  process.exit(r.code);
});
