#!/usr/bin/env node
// `npm run events:replay-dead -- --service catalog [--durable catalog-users] [--list] [--outbox]`: see src/nats/dead-letter-cli.ts.
require('../dist/nats/dead-letter-cli.js');
