import { randomUUID } from 'node:crypto';
import { from as copyFrom } from 'pg-copy-streams';
import { trackingUrl } from '@midway/carriers';
import { joinTransaction } from '@midway/service-kit';
import type { CreateItemBody, Item, ItemStatus } from '@midway/contracts';
import { stampsFor } from '../domain/item-timestamps';
import { IMPORTED_FIELDS, type ImportedField } from './item.fields';
import type { Client } from './prisma-client';

/**
 * The import's staging table: a temporary table per connection (no WAL, never seen by other sessions),
 * emptied when the transaction ends, committed or not. `n` is the row's place in the file.
 */
const STAGING_TABLE = `CREATE TEMP TABLE IF NOT EXISTS item_import (n int NOT NULL, ${IMPORTED_FIELDS.map((f) => `${f.column} ${f.type}`).join(', ')}) ON COMMIT DELETE ROWS`;

/** COPY's text format: tab-separated, \\N for null, backslash escapes for the characters that would break a row. */
const COPY_ESCAPES: Record<string, string> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' };
const copyValue = (v: unknown) => (v === null || v === undefined ? '\\N' : String(v).replace(/[\\\t\n\r]/g, (c) => COPY_ESCAPES[c]!));

/** Rows per statement of an import: Postgres inserts one chunk while the caller validates and builds the next. */
const IMPORT_CHUNK_ROWS = 2000;

/** An import under way (ItemImportRepository.start). */
export interface ItemImport {
  /** Every item added so far, in input order, as the answer gives them. */
  readonly items: readonly Item[];
  /**
   * Adds rows (`variantIds` links those with a SKU to the owner's product variant), queues a chunk's insert
   * once IMPORT_CHUNK_ROWS are waiting, and returns after a task boundary: the connection reads Postgres's
   * replies only between tasks, and a chunk's COPY and INSERT take four exchanges. Call it every few hundred rows.
   */
  add(bodies: CreateItemBody[], variantIds: ReadonlyMap<string, string>): Promise<void>;
  /** Queues the rows still waiting, without waiting for Postgres. */
  flush(): void;
  /** Waits for every queued insert, flushing first; rejects with the first that failed (the transaction is then lost). */
  finish(): Promise<Item[]>;
  /** Waits for the queued statements to settle, whatever their outcome, before the transaction is given up. */
  abandon(): Promise<void>;
}

/** The rows as COPY text (`n` counts from `offset` + 1), in pieces of 1,000 so the first ones travel while the rest are encoded. */
function* copyRows(items: Item[], offset: number, sent: readonly ImportedField[]): Generator<string> {
  for (let start = 0; start < items.length; start += 1000) {
    let chunk = '';
    for (let n = start; n < Math.min(items.length, start + 1000); n++) {
      const item = items[n]!;
      chunk += String(offset + n + 1);
      for (const { field } of sent) chunk += '\t' + copyValue(item[field]);
      chunk += '\n';
    }
    yield chunk;
  }
}

/** The bulk import: COPY into a staging table on the transaction's own connection, then one INSERT per chunk. */
export class ItemImportRepository {
  constructor(private readonly db: Client) {}

  /**
   * Claims an import key for this transaction: null when it is new, else the first import's answer. A parallel
   * claim of the same key waits on the row until the first commits (or rolls back, and then claims it itself).
   */
  async claimKey(importKey: string, projectId: string): Promise<unknown> {
    const claimed = await this.db.$queryRaw<unknown[]>`
      INSERT INTO import_keys (import_key, project_id) VALUES (${importKey}, ${projectId}::uuid) ON CONFLICT DO NOTHING RETURNING import_key`;
    if (claimed.length) return null;
    const [row] = await this.db.$queryRaw<{ response: unknown }[]>`SELECT response FROM import_keys WHERE import_key = ${importKey}`;
    return row?.response ?? null;
  }

  /** Keeps the import's answer under its key, in the import's transaction. */
  async recordKey(importKey: string, response: unknown): Promise<void> {
    await this.db.$executeRaw`UPDATE import_keys SET response = ${JSON.stringify(response)}::jsonb WHERE import_key = ${importKey}`;
  }

  /** Forgets import keys older than the retention, a bounded batch per statement; returns how many. */
  async pruneKeys(retentionDays: number): Promise<number> {
    let total = 0;
    for (;;) {
      const removed = await this.db.$executeRaw`
        DELETE FROM import_keys WHERE import_key IN (
          SELECT import_key FROM import_keys WHERE created_at < now() - make_interval(days => ${retentionDays}::int) LIMIT 1000)`;
      total += removed;
      if (removed < 1000) return total;
    }
  }

  /**
   * A set-based import into `project`, fed chunk by chunk: every field of each row kept, answered in input
   * order. Every value (ids and timestamps included) is decided here and sent to Postgres as is, so the
   * answer is the very items sent, without reading the rows back. Must run in a transaction.
   */
  async start(project: { id: string; name: string; clientName: string }): Promise<ItemImport> {
    const now = new Date();
    const nowIso = now.toISOString();
    const nowMicros = now.getTime() * 1000;
    const stamps = (status: ItemStatus) => {
      const s = stampsFor(status, null, now);
      return { receivedAt: s.receivedAt ? nowIso : null, deliveredAt: s.deliveredAt ? nowIso : null };
    };
    // One object literal per item, in the contract's field order (a fixed shape is several times faster to
    // build and serialise than objects grown key by key, so this is the one place that spells the fields out;
    // typed as Item, it cannot miss one).
    const build = (b: CreateItemBody, n: number, variantIds: ReadonlyMap<string, string>): Item => {
      const status = b.status ?? 'ordered';
      const { receivedAt, deliveredAt } = stamps(status);
      return {
        id: randomUUID(),
        projectId: project.id,
        productVariantId: b.skuCode ? (variantIds.get(b.skuCode) ?? null) : null,
        name: b.name,
        supplier: b.supplier ?? null,
        productUrl: b.productUrl ?? null,
        quantity: b.quantity ?? 1,
        scheduleNumber: b.scheduleNumber ?? null,
        trackingNumber: b.trackingNumber ?? null,
        carrierId: b.carrierId ?? null,
        // The import's answer links only chosen carriers; the lists (toItem) also detect them from the number.
        trackingUrl: trackingUrl(b.carrierId, b.trackingNumber),
        status,
        notes: b.notes ?? null,
        photoUrl: b.photoUrl ?? null,
        receivedAt,
        deliveredAt,
        outForDeliveryAt: null,
        pieces: b.pieces ?? 1,
        piecesReceived: 0,
        inCustody: false,
        custodySince: null,
        location: null,
        skuCode: b.skuCode ?? null,
        collection: b.collection ?? null,
        designer: b.designer ?? null,
        finish: b.finish ?? null,
        material: b.material ?? null,
        roomLocation: b.roomLocation ?? null,
        specialInstructions: b.specialInstructions ?? null,
        price: b.price ?? null,
        estimatedPrice: b.estimatedPrice ?? null,
        // Stored a microsecond apart in file order (below), so the newest-first list shows the file's
        // order; JSON keeps milliseconds, as reading the row back would.
        createdAt: new Date(Math.floor((nowMicros - n) / 1000)).toISOString(),
        updatedAt: nowIso,
        // The warehouse has not seen a new item.
        inspection: null,
        projectName: project.name,
        clientName: project.clientName,
      };
    };
    // COPY into a per-session staging table, then INSERT … SELECT adds the project and timestamps: COPY
    // parses rows several times faster than a statement with 10,000 rows, and everything stays in the
    // import's transaction (joinTransaction: the COPY runs on the transaction's own connection). Each chunk's
    // two statements are queued as soon as it is built (the connection sends them one after the other), so
    // Postgres inserts one chunk while the caller validates and builds the next.
    const conn = await joinTransaction(this.db);
    await conn.query(STAGING_TABLE);
    const items: Item[] = [];
    const statements: Promise<unknown>[] = [];
    let queuedRows = 0;
    const flush = () => {
      if (queuedRows === items.length) return;
      const start = queuedRows;
      const chunk = items.slice(start);
      queuedRows = items.length;
      // Only the fields some row of the chunk fills travel: every column costs Postgres a conversion per row.
      const sent = IMPORTED_FIELDS.filter((f) => f.always || chunk.some((i) => i[f.field] !== null));
      const columns = sent.map((f) => f.column).join(', ');
      const queued = [
        conn.copyFrom(copyFrom(`COPY item_import (n, ${columns}) FROM STDIN`), copyRows(chunk, start, sent)),
        conn.query(
          `INSERT INTO items (project_id, updated_at, created_at, ${columns})
           SELECT $1::uuid, $2::timestamptz, $2::timestamptz - make_interval(secs => (n - 1) / 1000000.0), ${columns}
           FROM item_import WHERE n > $3 AND n <= $4`,
          [project.id, nowIso, start, start + chunk.length],
        ),
      ];
      // A failed statement fails those queued after it; all are awaited by finish(), none may go unhandled before.
      for (const q of queued) q.catch(() => undefined);
      statements.push(...queued);
    };
    return {
      items,
      add: async (bodies, variantIds) => {
        for (const b of bodies) items.push(build(b, items.length, variantIds));
        if (items.length - queuedRows >= IMPORT_CHUNK_ROWS) flush();
        await new Promise((resolve) => setImmediate(resolve));
      },
      flush,
      finish: async () => {
        flush();
        await Promise.all(statements);
        return items;
      },
      abandon: async () => {
        await Promise.allSettled(statements);
      },
    };
  }
}
