import { toCents } from '@midway/contracts/money';
import type { FaultClient } from './fault-client';

export type ServiceType = 'receiving' | 'enhanced_inspection' | 'storage' | 'delivery' | 'install_assembly';
export type ItemStatus = 'ordered' | 'in-transit' | 'received' | 'stored' | 'delivered';

/** An item the stream drives: its services' switches first, then its statuses (the warehouse's facts from arrival on), in order, by one client. */
export interface PlannedItem {
  id: string;
  projectId: string;
  name: string;
  quantity: number;
  /** Service id by type (logistics made them when the import's event reached it). */
  services: Record<ServiceType, string>;
  toggles: { type: ServiceType; selected: boolean }[];
  statuses: ItemStatus[];
}

/** What the platform acknowledged, the only truth the checks compare with. */
export class Acknowledged {
  readonly status = new Map<string, ItemStatus>();
  /** By service id. */
  readonly selected = new Map<string, boolean>();
  /** By invoice id: the lines acknowledged (description → amount in cents). */
  readonly invoiceLines = new Map<string, Map<string, bigint>>();
  /** Names of the rows of every import acknowledged. */
  readonly importedNames: string[] = [];
  /** Items a failed write left uncertain: the failure fails the suite; their state is not compared. */
  readonly uncertain = new Set<string>();
  writes = 0;
}

/** At most one write starts per `intervalMs` across all clients, so the stream lasts through the faults. */
export class Pacer {
  private next = 0;
  constructor(public intervalMs: number) {}
  async turn(): Promise<void> {
    const now = Date.now();
    const at = Math.max(now, this.next);
    this.next = at + this.intervalMs;
    if (at > now) await new Promise((r) => setTimeout(r, at - now));
  }
}

/** Each concurrent client signs its writes as the designer or, for billing's admin calls, as the admin. */
export interface Clients {
  designer: FaultClient;
  admin: FaultClient;
}

export type Job = (clients: Clients, pacer: Pacer, acked: Acknowledged) => Promise<void>;

/** The place the stream's items are put away at (made by the set-up). */
export const FAULTS_LOCATION = 'FAULTS-1';

/**
 * How an item reaches a status: before arrival a designer sets it (a label); from then on only the warehouse's facts
 * do — received by the desk's arrival, stored by a put-away scan, delivered by a release to whoever picked it up
 * (each an admin's POST, retried under one Idempotency-Key).
 */
async function reach({ designer, admin }: Clients, item: PlannedItem, status: ItemStatus): Promise<void> {
  if (status === 'received') await admin.call('POST', '/api/receiving/arrivals', { code: `FAULTS${item.id.slice(0, 8).toUpperCase()}`, itemId: item.id });
  else if (status === 'stored') await admin.call('POST', '/api/warehouse/moves', { itemId: item.id, locationCode: FAULTS_LOCATION });
  else if (status === 'delivered') await admin.call('POST', `/api/warehouse/items/${item.id}/release`, { reason: 'picked-up', receivedBy: 'Faults Client' });
  else await designer.call('PUT', `/api/items/${item.id}/status`, { status });
}

/** The item's switches, then its statuses, each acknowledged before the next is sent. */
export function itemJob(item: PlannedItem): Job {
  return async (clients, pacer, acked) => {
    try {
      for (const t of item.toggles) {
        await pacer.turn();
        await clients.designer.call('PUT', `/api/services/${item.services[t.type]}`, { selected: t.selected });
        acked.selected.set(item.services[t.type], t.selected);
        acked.writes++;
      }
      for (const status of item.statuses) {
        await pacer.turn();
        await reach(clients, item, status);
        acked.status.set(item.id, status);
        acked.writes++;
      }
    } catch {
      acked.uncertain.add(item.id);
    }
  };
}

/** An invoice line added by the admin (POST with an Idempotency-Key: a retried line is added once). */
export function invoiceLineJob(invoiceId: string, n: number): Job {
  const quantity = 1 + (n % 4);
  const rate = `${10 + ((n * 37) % 90)}.${String((n * 53) % 100).padStart(2, '0')}`;
  const description = `Handling line ${n} of ${invoiceId.slice(0, 8)}`;
  return async ({ admin }, pacer, acked) => {
    await pacer.turn();
    try {
      await admin.call('POST', `/api/invoices/${invoiceId}/items`, { description, type: 'handling', quantity, rate });
    } catch {
      acked.uncertain.add(invoiceId);
      return;
    }
    const lines = acked.invoiceLines.get(invoiceId) ?? new Map<string, bigint>();
    lines.set(description, toCents(rate) * BigInt(quantity));
    acked.invoiceLines.set(invoiceId, lines);
    acked.writes++;
  };
}

/** A CSV file as the Items page's import dialog sends it: one row object per line, named by the header. */
export function csvRows(csv: string): Record<string, string | number>[] {
  const [header, ...lines] = csv.trim().split('\n');
  const names = header!.split(',');
  return lines.map((line) => {
    const cells = line.split(',');
    return Object.fromEntries(names.map((n, i) => [n, n === 'quantity' ? Number(cells[i]) : cells[i]!]));
  });
}

/** A CSV import into `projectId` (POST with an Idempotency-Key: a retried import creates its rows once). */
export function importJob(projectId: string, csv: string): Job {
  const rows = csvRows(csv);
  return async ({ designer }, pacer, acked) => {
    await pacer.turn();
    try {
      await designer.call('POST', `/api/projects/${projectId}/items/bulk`, { items: rows });
    } catch {
      acked.uncertain.add(projectId);
      return;
    }
    acked.importedNames.push(...rows.map((r) => String(r.name)));
    acked.writes++;
  };
}

/** Status flips of items that bill nothing (ordered ↔ in-transit): traffic while the faults last, after the plan ran out. */
export class Churn {
  private next = 0;
  private readonly busy = new Set<string>();
  constructor(private readonly itemIds: string[]) {}

  job(): Job | null {
    for (let tries = 0; tries < this.itemIds.length; tries++) {
      const id = this.itemIds[this.next++ % this.itemIds.length]!;
      if (this.busy.has(id)) continue;
      this.busy.add(id);
      return async ({ designer }, pacer, acked) => {
        const status: ItemStatus = acked.status.get(id) === 'in-transit' ? 'ordered' : 'in-transit';
        await pacer.turn();
        try {
          await designer.call('PUT', `/api/items/${id}/status`, { status });
          acked.status.set(id, status);
          acked.writes++;
        } catch {
          acked.uncertain.add(id);
        } finally {
          this.busy.delete(id);
        }
      };
    }
    return null;
  }
}

/**
 * `clients` concurrent clients take jobs from the queue until it is empty and `keepGoing()` says the faults are
 * over; while it is empty and they are not, they churn.
 */
export async function runStream(opts: { clients: Clients[]; queue: Job[]; churn: Churn; pacer: Pacer; acked: Acknowledged; keepGoing: () => boolean }): Promise<void> {
  const { queue, churn, pacer, acked } = opts;
  await Promise.all(
    opts.clients.map(async (client) => {
      for (;;) {
        const job = queue.shift() ?? (opts.keepGoing() ? churn.job() : null);
        if (!job) {
          if (!opts.keepGoing() && queue.length === 0) return;
          await new Promise((r) => setTimeout(r, 50));
          continue;
        }
        await job(client, pacer, acked);
      }
    }),
  );
}

/** Deterministic shuffle (the same plan every run, mixed so every service gets traffic at every moment). */
export function shuffled<T>(xs: T[], seed = 7): T[] {
  const out = [...xs];
  let s = seed;
  for (let i = out.length - 1; i > 0; i--) {
    s = (s * 1103515245 + 12345) % 2147483648;
    const j = s % (i + 1);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}
