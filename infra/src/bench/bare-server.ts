/**
 * The load run's bare baseline: a plain `pg` + `http` server answering the load mix's routes against the same
 * database and data with the least that can do each — no gateway, no session, no framework, one query per
 * request. Its item edit and service toggle are the same single-row update with its outbox insert in one
 * statement (as catalog's and logistics' are), written to an outbox of its own that nothing publishes. The
 * caller is named by the `x-bare-user` header. It runs in a process of its own (`fork` this file), so it has a
 * core's share as a service does, and says its port over IPC.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Pool } from 'pg';

export const BARE_USER_HEADER = 'x-bare-user';

const OWN_PROJECTS = `SELECT id FROM catalog.projects WHERE created_by_id = $1::uuid`;

/** Each route: its pattern, and the one query that answers it (returning one row with one JSON text column, `body`). */
const ROUTES: { method: string; pattern: RegExp; sql: string; params: (m: RegExpMatchArray, user: string, body: Record<string, unknown>, url: URL) => unknown[] }[] = [
  {
    method: 'GET',
    pattern: /^\/api\/dashboard\/stats$/,
    sql: `SELECT json_build_object('projects', count(DISTINCT p.id), 'items', count(i.id), 'delivered', count(i.id) FILTER (WHERE i.status = 'delivered'))::text AS body
          FROM catalog.projects p LEFT JOIN catalog.items i ON i.project_id = p.id WHERE p.created_by_id = $1::uuid`,
    params: (_m, user) => [user],
  },
  {
    method: 'GET',
    pattern: /^\/api\/items$/,
    sql: `SELECT coalesce(json_agg(x), '[]')::text AS body FROM (
            SELECT i.* FROM catalog.items i WHERE i.project_id IN (${OWN_PROJECTS}) ORDER BY i.created_at DESC, i.id DESC LIMIT $2) x`,
    params: (_m, user, _b, url) => [user, Number(url.searchParams.get('limit') ?? 200)],
  },
  {
    method: 'PUT',
    pattern: /^\/api\/items\/([0-9a-f-]{36})\/status$/,
    sql: `WITH changed AS (
            UPDATE catalog.items i SET status = $2, updated_at = now() WHERE i.id = $1::uuid AND i.project_id IN (${OWN_PROJECTS.replace('$1', '$3')}) RETURNING i.*
          ), written AS (
            INSERT INTO bare.outbox_events (id, type, payload, occurred_at)
            SELECT gen_random_uuid(), 'bare.item.status-changed', json_build_object('itemId', c.id, 'status', c.status, 'changedAt', c.updated_at), now() FROM changed c
          )
          SELECT row_to_json(c)::text AS body FROM changed c`,
    params: (m, user, body) => [m[1], body.status, user],
  },
  {
    method: 'PUT',
    pattern: /^\/api\/services\/([0-9a-f-]{36})$/,
    sql: `WITH changed AS (
            UPDATE logistics.services s SET selected = $2, updated_at = now() WHERE s.id = $1::uuid AND s.project_id IN (${OWN_PROJECTS.replace('$1', '$3')}) RETURNING s.*
          ), written AS (
            INSERT INTO bare.outbox_events (id, type, payload, occurred_at)
            SELECT gen_random_uuid(), 'bare.service.changed', json_build_object('serviceId', c.id, 'selected', c.selected), now() FROM changed c
          )
          SELECT row_to_json(c)::text AS body FROM changed c`,
    params: (m, user, body) => [m[1], body.selected, user],
  },
  {
    method: 'GET',
    pattern: /^\/api\/search$/,
    sql: `SELECT coalesce(json_agg(x), '[]')::text AS body FROM (
            SELECT i.id, i.name, i.project_id FROM catalog.items i WHERE i.project_id IN (${OWN_PROJECTS}) AND i.name ILIKE '%' || $2 || '%' ORDER BY i.created_at DESC LIMIT 20) x`,
    params: (_m, user, _b, url) => [user, url.searchParams.get('q') ?? ''],
  },
  {
    method: 'GET',
    pattern: /^\/api\/invoices$/,
    sql: `SELECT coalesce(json_agg(x), '[]')::text AS body FROM (
            SELECT v.* FROM billing.invoices v WHERE v.project_id IN (${OWN_PROJECTS}) ORDER BY v.created_at DESC) x`,
    params: (_m, user) => [user],
  },
];

export async function startBareServer(databaseUrl: string): Promise<{ url: string; close(): Promise<void> }> {
  // As many connections as a catalog replica's pool.
  const pool = new Pool({ connectionString: databaseUrl, max: 20 });
  await pool.query(`CREATE SCHEMA IF NOT EXISTS bare;
    CREATE TABLE IF NOT EXISTS bare.outbox_events (id uuid PRIMARY KEY, type text NOT NULL, payload json NOT NULL, occurred_at timestamptz NOT NULL, seq bigserial NOT NULL)`);
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', async () => {
      const url = new URL(req.url!, 'http://bare');
      const user = String(req.headers[BARE_USER_HEADER] ?? '');
      for (const route of ROUTES) {
        const m = route.method === req.method ? url.pathname.match(route.pattern) : null;
        if (!m) continue;
        try {
          const body = chunks.length ? (JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>) : {};
          const { rows } = await pool.query<{ body: string }>(route.sql, route.params(m, user, body, url));
          if (!rows[0]) return void res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":"not_found"}');
          return void res.writeHead(200, { 'content-type': 'application/json' }).end(rows[0].body);
        } catch (err) {
          return void res.writeHead(500, { 'content-type': 'application/json' }).end(JSON.stringify({ error: 'failed', message: (err as Error).message }));
        }
      }
      res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":"not_found"}');
    });
  });
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: async () => {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
      await pool.query('DROP SCHEMA IF EXISTS bare CASCADE');
      await pool.end();
    },
  };
}

// Run as a child process: DATABASE_URL from the environment, the URL to the parent, closed on its message.
if (require.main === module) {
  void startBareServer(process.env.DATABASE_URL!).then((bare) => {
    process.send!({ url: bare.url });
    process.on('message', () => void bare.close().then(() => process.exit(0)));
  });
}
