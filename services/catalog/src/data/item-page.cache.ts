import { createHash } from 'node:crypto';
import type { Pool } from 'pg';

/** A page of the items list as sent: its JSON bytes, their digest (the ETag) and the next page's cursor. */
export interface ItemsPage {
  json: Buffer;
  digest: string;
  nextCursor: string | null;
}

interface Entry extends ItemsPage {
  /** pg_current_snapshot() taken before the page was read: every change it saw is in the page. */
  snapshot: string;
  /** The snapshot's xmin: every transaction below it had ended when it was taken. */
  xmin: bigint;
  builtAt: number;
}

export interface ItemPageCacheOptions {
  /** Bytes of page JSON kept, least recently used out first. */
  maxBytes: number;
  /** How long a page may be reused at most. */
  ttlMs: number;
  /** How far the clocks of several catalog instances may disagree; change rows are kept this much longer. */
  clockMarginMs: number;
}

const DEFAULTS: ItemPageCacheOptions = { maxBytes: 32 * 1024 * 1024, ttlMs: 120_000, clockMarginMs: 60_000 };

const SNAPSHOT = 'SELECT pg_current_snapshot()::text AS now';
// A change committed since the page's snapshot is a row visible now that the snapshot did not see. Rows of
// transactions below its xmin had ended before it (seen, or rolled back), so the scan starts at the xmin.
const CHANGED_SINCE = `SELECT pg_current_snapshot()::text AS now, EXISTS (
  SELECT 1 FROM item_list_changes c WHERE c.xid >= $2::bigint AND NOT pg_visible_in_snapshot(c.xid::text::xid8, $1::pg_snapshot)) AS changed`;

/** A built page as sent: bytes once, and their digest for the ETag. */
export function itemsPage(built: { json: string; nextCursor: string | null }): ItemsPage {
  const json = Buffer.from(built.json);
  return { json, digest: createHash('sha1').update(json).digest('base64url'), nextCursor: built.nextCursor };
}

const xminOf = (snapshot: string) => BigInt(snapshot.slice(0, snapshot.indexOf(':')));

/**
 * Pages of the items list built once and sent again while nothing they show has changed: the hottest read,
 * asked again on every visit, tab and connection. Exact, not time-based: a writer's next request (or anyone's)
 * after its commit sees its change, because each hit first asks Postgres whether a transaction that touched
 * items, projects or memberships has committed since the page's snapshot (one index probe). Per instance;
 * several catalogs each keep their own.
 */
export class ItemPageCache {
  private readonly entries = new Map<string, Entry>();
  private bytes = 0;
  /** Snapshot xmins seen over time, oldest first, to know which change rows no page can need any more. */
  private horizons: { xmin: bigint; at: number }[] = [];
  private pruning = false;

  constructor(
    private readonly pool: Pool,
    private readonly options: ItemPageCacheOptions = DEFAULTS,
    private readonly onError: (err: unknown) => void = () => undefined,
  ) {}

  /** The page under `key` (caller, role and query): reused if still exact, else built by `read` and kept. */
  async page(key: string, read: () => Promise<{ json: string; nextCursor: string | null }>): Promise<ItemsPage> {
    const kept = this.entries.get(key);
    const usable = kept && Date.now() - kept.builtAt < this.options.ttlMs ? kept : undefined;
    const { rows } = usable
      ? await this.pool.query<{ now: string; changed: boolean }>(CHANGED_SINCE, [usable.snapshot, usable.xmin.toString()])
      : await this.pool.query<{ now: string; changed?: undefined }>(SNAPSHOT);
    const { now, changed } = rows[0]!;
    if (usable && changed === false) {
      this.entries.delete(key); // most recently used last
      this.entries.set(key, usable);
      return usable;
    }
    const entry: Entry = { ...itemsPage(await read()), snapshot: now, xmin: xminOf(now), builtAt: Date.now() };
    this.keep(key, entry);
    this.noteHorizon(entry.xmin);
    return entry;
  }

  private keep(key: string, entry: Entry) {
    const old = this.entries.get(key);
    if (old) {
      this.bytes -= old.json.length;
      this.entries.delete(key);
    }
    if (entry.json.length > this.options.maxBytes) return;
    this.entries.set(key, entry);
    this.bytes += entry.json.length;
    for (const [k, e] of this.entries) {
      if (this.bytes <= this.options.maxBytes) break;
      this.entries.delete(k);
      this.bytes -= e.json.length;
    }
  }

  /**
   * A page is reused for at most ttlMs, so its snapshot is younger than that, and its xmin at least the xmin
   * of any snapshot taken earlier. Change rows below the xmin of a snapshot older than ttlMs (plus the clock
   * margin) can therefore matter to no page, here or in another instance: they are deleted as pages are built,
   * at most four times per ttlMs.
   */
  private noteHorizon(xmin: bigint) {
    const now = Date.now();
    const last = this.horizons[this.horizons.length - 1];
    if (!last || now - last.at >= this.options.ttlMs / 4) this.horizons.push({ xmin, at: now });
    const cutoff = now - this.options.ttlMs - this.options.clockMarginMs;
    let usable: { xmin: bigint; at: number } | undefined;
    while (this.horizons.length > 1 && this.horizons[0]!.at <= cutoff) usable = this.horizons.shift();
    if (!usable || this.pruning) return;
    this.pruning = true;
    this.pool
      .query('DELETE FROM item_list_changes WHERE xid < $1::bigint', [usable.xmin.toString()])
      .catch(this.onError)
      .finally(() => {
        this.pruning = false;
      });
  }
}
