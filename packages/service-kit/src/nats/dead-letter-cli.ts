/**
 * `npm run events:replay-dead -- --service catalog [--durable catalog-users] [--list] [--outbox]`
 *
 * Once the cause of dead letters is fixed (a handler bug, a missing stream), publishes the service's dead
 * letters again on their original subjects (`--list` only shows them). `--outbox` instead re-queues the
 * service's dead-lettered outbox rows, which its running relay then publishes.
 * Env: NATS_URL (default the dev platform's nats://127.0.0.1:4222), DATABASE_URL for --outbox.
 */
import { parseArgs } from 'node:util';
import { Pool } from 'pg';
import { connectBus } from './connection';
import { listDeadLetters, replayDeadLetters } from './dead-letter';
import { assertIdentifier, parseDatabaseUrl, toPgConfig } from '../db/database-config';

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: { service: { type: 'string' }, durable: { type: 'string' }, list: { type: 'boolean' }, outbox: { type: 'boolean' } },
  });
  if (!values.service) {
    console.error('Say which service: npm run events:replay-dead -- --service catalog [--durable catalog-users] [--list] [--outbox]');
    return 2;
  }
  const service = assertIdentifier(values.service);
  if (values.outbox) {
    const databaseUrl = process.env.DATABASE_URL ?? 'postgres://postgres:postgres@127.0.0.1:5433/midway';
    const pool = new Pool(toPgConfig(parseDatabaseUrl(databaseUrl), { max: 1 }));
    try {
      const { rows } = values.list
        ? await pool.query(`SELECT id, type, attempts, last_error FROM "${service}".outbox_events WHERE dead_at IS NOT NULL ORDER BY seq`)
        : await pool.query(
            `UPDATE "${service}".outbox_events SET dead_at = NULL, attempts = 0, next_attempt_at = NULL WHERE dead_at IS NOT NULL RETURNING id, type, last_error`,
          );
      for (const r of rows) console.log(`${r.id} ${r.type}: ${r.last_error}`);
      console.log(values.list ? `${rows.length} dead-lettered outbox event(s) in ${service}` : `${rows.length} outbox event(s) re-queued; ${service}'s relay publishes them`);
      return 0;
    } finally {
      await pool.end();
    }
  }
  const bus = await connectBus(process.env.NATS_URL ?? 'nats://127.0.0.1:4222', `${service}-replay-dead`);
  try {
    const letters = values.list
      ? await listDeadLetters(bus.jsm, service, values.durable)
      : await replayDeadLetters(bus.js, bus.jsm, { service, durable: values.durable });
    for (const l of letters) console.log(`${l.durable} ${l.originalSubject} ${l.eventId ?? '(malformed)'} dead since ${l.deadAt}: ${l.error}`);
    console.log(`${letters.length} dead letter(s) ${values.list ? 'for' : 'replayed for'} ${service}${values.durable ? ` (${values.durable})` : ''}`);
    return 0;
  } finally {
    await bus.close();
  }
}

main().then(
  (code) => process.exit(code),
  (err) => {
    console.error(err?.message ?? err);
    process.exit(1);
  },
);
