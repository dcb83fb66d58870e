#!/usr/bin/env node
// Developer entry: `npm run migrate:dev -w services/<name> -- --name add_x` (needs DATABASE_URL or the embedded dev database).
// `--project-access` for a service that keeps the kit's project-access read model: its tables are the kit's,
// so the new migration must neither create nor drop them.
const path = require('node:path');
const { runMigrateCli } = require('../dist/db/migrations.js');
const [command = 'dev', ...args] = process.argv.slice(2);
const projectAccess = args.includes('--project-access');
const rest = args.filter((a) => a !== '--project-access');
const cwd = process.cwd();
const schema = path.basename(cwd);
const databaseUrl = process.env.DATABASE_URL || 'postgres://postgres:postgres@127.0.0.1:5433/midway';
runMigrateCli(command, { databaseUrl, schema, prismaDir: path.join(cwd, 'prisma'), projectAccess }, rest).then((r) => {
  process.stdout.write(r.stdout);
  process.stderr.write(r.stderr);
  process.exit(r.code);
});
