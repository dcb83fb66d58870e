import { randomUUID } from 'node:crypto';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { jetstream, jetstreamManager } from '@nats-io/jetstream';
import { ensureStream, makeEvent, streamName } from '@midway/service-kit';
import type { EventEnvelope, EventType, ItemStatus, ServiceType } from '@midway/contracts';
import { eventually as poll, serviceClient, startService, testEnv, watchEvents as watch, type Actor } from '@midway/testing';
import { billingService, type Billing } from '../src';

export type { Billing } from '../src';
export { ANONYMOUS, actor, type Actor } from '@midway/testing';

export const startTestBilling = (overrides: Record<string, string> = {}) => startService(billingService, { BILLING_JOBS: 'off', ...overrides });

/** Billing's API; non-JSON answers (PDFs) come back as a Buffer. */
export const client = (base: () => string) => serviceClient(base, { body: 'by-type' });

export const eventually = <T>(fn: () => Promise<T>, ok: (v: T) => boolean, timeoutMs = 8000): Promise<T> => poll(fn, ok, timeoutMs);

/** Collects events of a domain from now on (core NATS subscription). */
export const watchEvents = (subject = 'billing.>') => watch(subject);

/**
 * Upstream facts as catalog, identity and logistics publish them (contract-checked envelopes on their JetStream
 * streams), with the times a test needs: billing learns everything from these and nothing else.
 */
export async function upstream(natsUrl = testEnv().natsUrl) {
  const nc: NatsConnection = await connect({ servers: natsUrl });
  const jsm = await jetstreamManager(nc);
  for (const d of ['catalog', 'identity', 'logistics']) await ensureStream(jsm, d);
  const js = jetstream(nc);
  const publish = async <T extends EventType>(type: T, data: Parameters<typeof makeEvent<T>>[1], msgID?: string) => {
    const e = makeEvent(type, data);
    await js.publish(type, JSON.stringify(e), { msgID: msgID ?? e.id });
    return e;
  };
  const f = {
    publish,
    /** The same envelope again under a new message id: what a redelivery looks like to the consumer. */
    redeliver: async (e: EventEnvelope) => void (await js.publish(e.type, JSON.stringify(e), { msgID: randomUUID() })),
    async user(a: Actor, firstName = 'Dana', lastName = 'Designer') {
      await publish('identity.user.created.v1', { userId: a.userId, email: a.email, firstName, lastName, systemRole: a.role, createdAt: new Date().toISOString() });
    },
    async project(owner: Actor, o: { name?: string; at?: string } = {}) {
      const projectId = randomUUID();
      await publish('catalog.project.created.v1', { projectId, designerId: owner.userId, name: o.name ?? `Lakeview ${projectId.slice(0, 6)}`, clientName: 'Jordan Park', clientEmail: 'jordan@example.com', location: 'Vancouver, BC', status: 'active', createdAt: o.at ?? new Date().toISOString() });
      return projectId;
    },
    async member(projectId: string, owner: Actor, who: Actor, role: 'member' | 'viewer', added = true, at = new Date().toISOString()) {
      await publish(added ? 'catalog.project.member-added.v1' : 'catalog.project.member-removed.v1', { projectId, ownerId: owner.userId, changedAt: at, userId: who.userId, role, byUserId: owner.userId });
    },
    async item(projectId: string, owner: Actor, o: { name?: string; quantity?: number; status?: ItemStatus; at: string; id?: string }) {
      const itemId = o.id ?? randomUUID();
      await publish('catalog.item.created.v1', {
        itemId, projectId, designerId: owner.userId, name: o.name ?? `Walnut table ${itemId.slice(0, 4)}`, quantity: o.quantity ?? 1, status: o.status ?? 'ordered',
        supplier: null, trackingNumber: null, carrierId: null, price: null, receivedAt: null, deliveredAt: null, createdAt: o.at,
      });
      return itemId;
    },
    async status(projectId: string, owner: Actor, itemId: string, from: ItemStatus, to: ItemStatus, at: string, o: { quantity?: number; name?: string } = {}) {
      return publish('catalog.item.status-changed.v1', { itemId, projectId, designerId: owner.userId, name: o.name ?? 'Walnut table', quantity: o.quantity ?? 1, from, to, receivedAt: null, deliveredAt: null, changedAt: at });
    },
    async select(projectId: string, owner: Actor, itemId: string, type: ServiceType, at = new Date().toISOString(), selected = true) {
      await publish(selected ? 'logistics.service.selected.v1' : 'logistics.service.deselected.v1', { serviceId: randomUUID(), itemId, projectId, type, cost: null, byUserId: owner.userId, changedAt: at });
    },
    /** The warehouse's arrival: custody begins (receiving, then storage per day, are charged from it). */
    async arrive(projectId: string, owner: Actor, itemId: string, at: string) {
      return publish('logistics.item.arrived.v1', { arrivalId: randomUUID(), itemId, projectId, trackingNumber: `1Z${itemId.slice(0, 8)}`, notes: null, arrivedAt: at, inspectionDueAt: at, byUserId: owner.userId, pieces: 1 });
    },
    /**
     * A delivery's proof of delivery: the items not excepted leave custody at `at`. `lastMileDelivery` left out is
     * what an older producer sends (billing then asks its own record of the selection).
     */
    async complete(projectId: string, owner: Actor, items: { itemId: string; installAssembly?: boolean; lastMileDelivery?: boolean; excepted?: boolean }[], at: string) {
      return publish('logistics.delivery.completed.v1', {
        deliveryId: randomUUID(), projectId, date: at.slice(0, 10), window: 'any', address: '12 Harbour St', status: 'completed',
        items: items.map((i) => ({ itemId: i.itemId, name: 'Walnut table', installAssembly: i.installAssembly ?? false, ...(i.lastMileDelivery === undefined ? {} : { lastMileDelivery: i.lastMileDelivery }) })),
        byUserId: owner.userId, changedAt: at, receivedBy: 'J. Ellis', deliveredItemIds: items.filter((i) => !i.excepted).map((i) => i.itemId),
        exceptions: items.filter((i) => i.excepted).map((i) => ({ itemId: i.itemId, note: 'left behind' })), photoUrls: [],
      });
    },
    /** Custody ends other than by a delivery. */
    async release(projectId: string, owner: Actor, itemId: string, reason: 'returned-to-vendor' | 'picked-up', at: string) {
      return publish('logistics.item.released.v1', { itemId, projectId, at, byUserId: owner.userId, reason, receivedBy: 'Vendor driver' });
    },
    /** The receiving desk's inspection (the desk comes later; tests publish its fact as it will). */
    async inspect(projectId: string, owner: Actor, itemId: string, at: string) {
      return publish('logistics.item.inspected.v1', { inspectionId: randomUUID(), itemId, projectId, notes: null, byUserId: owner.userId, inspectedAt: at });
    },
    /**
     * Waits until billing has applied every upstream event published so far. In a full run billing's consumers
     * start behind everything earlier suites published; a fixture that waits 8 s for its own fact could time out
     * while they catch up. A wait for catch-up, not a latency check.
     */
    async caughtUp(timeoutMs = 120_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const infos = await Promise.all(['catalog', 'identity', 'logistics'].map((d) => jsm.consumers.info(streamName(d), `billing-${d}`).catch(() => undefined)));
        if (infos.every((i) => i && i.num_pending === 0 && i.num_ack_pending === 0)) return;
        if (Date.now() > deadline) throw new Error(`billing did not catch up with upstream events in ${timeoutMs} ms: ${infos.map((i) => i && `${i.name} pending ${i.num_pending}`).join(', ')}`);
        await new Promise((r) => setTimeout(r, 200));
      }
    },
    close: () => nc.close(),
  };
  return f;
}

/**
 * A billing for the test file (jobs off) and upstream's publisher, started before all and stopped after all,
 * with billing's API client and the reads of its tables.
 */
export function useBilling() {
  let billing: Billing | undefined;
  let up: Upstream | undefined;
  beforeAll(async () => {
    billing = await startTestBilling();
    up = await upstream();
    await up.caughtUp();
  }, 180_000);
  afterAll(async () => {
    await up?.close();
    await billing?.stop();
  });
  return {
    api: client(() => billing!.url),
    read: db(() => billing!),
    get billing() {
      return billing!;
    },
    get up() {
      return up!;
    },
  };
}
export type Upstream = Awaited<ReturnType<typeof upstream>>;

/** Reads of billing's tables for assertions. */
export function db(billing: () => Billing) {
  return {
    events: (where: { projectId?: string; itemId?: string }) =>
      billing().db.$queryRaw<{ key: string; eventType: string; eventDate: string; quantity: number; rate: string; amount: string; processed: boolean }[]>`
        SELECT key, event_type AS "eventType", to_char(event_date, 'YYYY-MM-DD') AS "eventDate", quantity, rate::text, amount::text, processed
        FROM billable_events WHERE (${where.projectId ?? null}::uuid IS NULL OR project_id = ${where.projectId ?? null}::uuid)
          AND (${where.itemId ?? null}::uuid IS NULL OR item_id = ${where.itemId ?? null}::uuid)
        ORDER BY event_date, key`,
    item: async (id: string) => (await billing().db.$queryRaw<{ status: string }[]>`SELECT status FROM items WHERE id = ${id}::uuid`)[0],
    custody: async (id: string) => (await billing().db.$queryRaw<{ since: Date; endedAt: Date | null; endedBy: string | null }[]>`SELECT since, ended_at AS "endedAt", ended_by AS "endedBy" FROM custody WHERE item_id = ${id}::uuid`)[0],
    project: async (id: string) => (await billing().db.$queryRaw<{ name: string }[]>`SELECT name FROM projects WHERE id = ${id}::uuid`)[0],
    selected: async (id: string, type: string) => (await billing().db.$queryRaw<{ selected: boolean }[]>`SELECT selected FROM selected_services WHERE item_id = ${id}::uuid AND type = ${type}`)[0],
    member: async (p: string, u: string) => (await billing().db.$queryRaw<{ active: boolean }[]>`SELECT active FROM project_members WHERE project_id = ${p}::uuid AND user_id = ${u}::uuid`)[0],
    user: async (u: string) => (await billing().db.$queryRaw<{ email: string }[]>`SELECT email FROM users WHERE id = ${u}::uuid`)[0],
  };
}

/** `n` days before today (UTC) at the given hour, as an ISO time. */
export const daysAgo = (n: number, hour = 12) => {
  const d = new Date();
  d.setUTCDate(d.getUTCDate() - n);
  d.setUTCHours(hour, 0, 0, 0);
  return d.toISOString();
};
export const dayOf = (iso: string) => iso.slice(0, 10);
