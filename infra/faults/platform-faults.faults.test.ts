/**
 * The platform keeps its promises while its parts fail. A stream of writes runs through the gateway (item
 * statuses, service switches, invoice lines, CSV imports) from a few concurrent clients that retry refused
 * connections and 503s (POSTs under one Idempotency-Key) while, in turn: each service and then the gateway is
 * killed with SIGKILL; NATS and then PostgreSQL restart; every event is published into JetStream a second time
 * without Nats-Msg-Id; and catalog dies between a commit and its relay's publish. Afterwards every acknowledged
 * write is stored, every billable event exists once, totals are exact to the cent, no outbox row is left behind,
 * and no client ever got anything but a success, a JSON 503 or a refused connection.
 */
import fs from 'node:fs';
import path from 'node:path';
import { Pool } from 'pg';
import { toCents, fromCents } from '@midway/contracts/money';
import { DEFAULT_DATA_DIR } from '../src/paths';
import type { Platform } from '../src/platform';
import { FaultClient, session, Tally } from './support/fault-client';
import {
  crashLines,
  durableConsumers,
  killAndRecover,
  processOf,
  restartCounts,
  republishEverything,
  secondsUntilAnswering,
  secondsUntilReady,
  SERVICE_NAMES,
  streamMessages,
  subjectMatches,
  suppressedDuplicates,
  PROBES,
} from './support/fault-injector';
import { billableEvents, expectedFees, feeDifferences, inboxIds, outboxBacklog, settle, type ItemAsStored } from './support/fault-ledger';
import { startFaultPlatform, type FaultPlatform } from './support/fault-platform';
import { measured, printReport, type FaultFigure, type FaultReport } from './support/fault-report';
import { Acknowledged, Churn, csvRows, FAULTS_LOCATION, importJob, invoiceLineJob, itemJob, Pacer, runStream, shuffled, type Clients, type ItemStatus, type Job, type PlannedItem, type ServiceType } from './support/write-stream';

const PROJECTS = 4;
const ITEMS_PER_PROJECT = 40;
const LINES_PER_INVOICE = 25;
const IMPORTS = 6;
const ROWS_PER_IMPORT = 10;
const CHURN_ITEMS = 20;
const CLIENTS = 4;
/** Writes start at most this often while the faults last, so the stream covers every one of them. */
const PACE_MS = 65;
/** Normal traffic between two faults, so each fault meets a running stream. */
const BETWEEN_FAULTS_MS = 2500;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

let faults: FaultPlatform;
let platform: Platform;
const tally = new Tally();
const acked = new Acknowledged();
const figures: FaultFigure[] = [];
const planned: PlannedItem[] = [];
const invoices = new Map<string, string>(); // project id → the admin's invoice
let projectIds: string[] = [];
let importProjectId = '';
let designerCookie = '';
let adminCookie = '';
let gatewayDying = false;
let report: FaultReport;
const restartsDuring: Record<string, Record<string, number>> = {};
let crashed: { events: string[]; at: number } | null = null;
let duplicates = { suppressed: 0, expected: 0, republished: 0 };

const csv = (prefix: string, n: number) =>
  ['name,supplier,quantity,price', ...Array.from({ length: n }, (_, i) => `${prefix} ${i + 1},Faults Supply,${1 + (i % 3)},${100 + i}.${String((i * 7) % 100).padStart(2, '0')}`)].join('\n');

async function setUp(client: FaultClient, admin: FaultClient) {
  await admin.call('POST', '/api/billing/initialize');
  await admin.call('POST', '/api/warehouse/locations', { code: FAULTS_LOCATION, name: 'Faults shelf', kind: 'bin' });
  const project = async (name: string) => (await client.call<{ id: string }>('POST', '/api/projects', { name, clientName: 'Faults Client', location: 'Warehouse district' })).body.id;
  projectIds = [];
  for (let p = 0; p < PROJECTS; p++) projectIds.push(await project(`Faults project ${p + 1}`));
  importProjectId = await project('Faults imports');
  const churnProjectId = await project('Faults churn');
  const imported = async (projectId: string, rows: string) => (await client.call<{ items: { id: string; name: string; quantity: number }[] }>('POST', `/api/projects/${projectId}/items/bulk`, { items: csvRows(rows) })).body.items;
  const churnItems = await imported(churnProjectId, csv('Churn crate', CHURN_ITEMS));
  for (const [p, projectId] of projectIds.entries()) {
    const items = await imported(projectId, csv(`Project ${p + 1} piece`, ITEMS_PER_PROJECT));
    const services = await servicesOf(client, projectId, items.length);
    items.forEach((item, i) => planned.push(plan(item, projectId, services.get(item.id)!, p * ITEMS_PER_PROJECT + i)));
    invoices.set(projectId, (await admin.call<{ id: string }>('POST', `/api/projects/${projectId}/invoices`, { clientName: 'Faults Client' })).body.id);
  }
  for (const item of churnItems) acked.status.set(item.id, 'ordered');
  return new Churn(churnItems.map((i) => i.id));
}

/** Logistics makes an item's five services when catalog's import event reaches it: wait for all of them. */
async function servicesOf(client: FaultClient, projectId: string, items: number): Promise<Map<string, Record<ServiceType, string>>> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const rows = (await client.call<{ id: string; itemId: string; type: ServiceType }[]>('GET', `/api/services?projectId=${projectId}&limit=1000`)).body;
    if (rows.length === items * 5) {
      const out = new Map<string, Record<ServiceType, string>>();
      for (const r of rows) out.set(r.itemId, { ...(out.get(r.itemId) ?? ({} as Record<ServiceType, string>)), [r.type]: r.id });
      return out;
    }
    if (Date.now() > deadline) throw new Error(`logistics has ${rows.length} of ${items * 5} services for the project`);
    await sleep(250);
  }
}

/** Item n's switches and statuses: a mix where receiving and storage are met, some switched on and back off, three in five released. */
function plan(item: { id: string; name: string; quantity: number }, projectId: string, services: Record<ServiceType, string>, n: number): PlannedItem {
  const toggles: PlannedItem['toggles'] = [{ type: 'receiving', selected: true }];
  if (n % 2 === 0) toggles.push({ type: 'install_assembly', selected: true });
  if (n % 3 !== 0) toggles.push({ type: 'delivery', selected: true });
  if (n % 5 === 0) toggles.push({ type: 'enhanced_inspection', selected: true });
  if (n % 3 === 0) toggles.push({ type: 'receiving', selected: false });
  if (n % 4 === 0) toggles.push({ type: 'install_assembly', selected: false });
  const statuses: ItemStatus[] = ['in-transit', 'received', 'stored'];
  if (n % 5 < 3) statuses.push('delivered');
  return { id: item.id, projectId, name: item.name, quantity: item.quantity, services, toggles, statuses };
}

async function runFaults() {
  for (const name of [...SERVICE_NAMES, 'gateway'] as const) {
    await sleep(BETWEEN_FAULTS_MS);
    if (name === 'gateway') gatewayDying = true;
    await measured(figures, tally, `kill -9 ${name}`, () => killAndRecover(platform, designerCookie, name));
    gatewayDying = false;
  }
  for (const dependency of ['nats', 'postgres'] as const) {
    await sleep(BETWEEN_FAULTS_MS);
    const before = restartCounts(platform);
    await measured(figures, tally, `restart ${dependency === 'nats' ? 'NATS' : 'PostgreSQL'}`, async () => {
      const at = Date.now();
      await faults[dependency].restart();
      await secondsUntilReady(platform, at);
      for (const s of SERVICE_NAMES) await secondsUntilAnswering(platform.baseUrl, designerCookie, PROBES[s], at);
      return (Date.now() - at) / 1000;
    });
    restartsDuring[dependency] = Object.fromEntries(Object.entries(restartCounts(platform)).map(([k, v]) => [k, v - before[k]!]));
  }
  await sleep(BETWEEN_FAULTS_MS);
  await measured(figures, tally, 'every event published again', async () => {
    const at = Date.now();
    const before = await suppressedDuplicates(platform);
    const { copies } = await republishEverything(platform.natsUrl);
    await settle(platform.databaseUrl, platform.natsUrl, { eachOnce: true });
    const suppressed = (await suppressedDuplicates(platform)) - before;
    // A copy reaches every durable consumer whose filter takes it; one whose service's inbox holds its id must be suppressed.
    const [consumers, inboxes] = await Promise.all([durableConsumers(platform.natsUrl), inboxIds(platform.databaseUrl)]);
    const expected = consumers.reduce((n, c) => n + copies.filter((m) => subjectMatches(c.filter, m.subject) && inboxes[c.service]!.has(m.eventId)).length, 0);
    duplicates = { suppressed, expected, republished: copies.length };
    return (Date.now() - at) / 1000;
  });
  await sleep(BETWEEN_FAULTS_MS);
  await measured(figures, tally, 'catalog killed after a commit, before its publish', async () => {
    const catalog = processOf(platform, 'catalog');
    const before = catalog.restarts;
    catalog.nextStartEnv({ MIDWAY_CRASH_POINT: 'after-commit-before-publish:5' });
    await killAndRecover(platform, designerCookie, 'catalog');
    // The armed process takes its crash point at its fifth commit with events (a request's or a consumer's, maybe
    // before it answered its first request); the restart after it is unarmed.
    const deadline = Date.now() + 60_000;
    while (catalog.restarts < before + 2 && Date.now() < deadline) await sleep(20);
    if (catalog.restarts < before + 2) throw new Error('catalog never reached its crash point');
    const line = crashLines(platform, 'catalog').at(-1)!;
    crashed = { events: line.detail.events, at: Date.parse(line.time) };
    return secondsUntilAnswering(platform.baseUrl, designerCookie, PROBES.catalog, crashed.at);
  });
}

async function storedItems(client: FaultClient, projectId: string): Promise<ItemAsStored[]> {
  return (await client.call<ItemAsStored[]>('GET', `/api/items?projectId=${projectId}&limit=1000`)).body;
}

beforeAll(async () => {
  const t0 = Date.now();
  faults = await startFaultPlatform();
  platform = faults.platform;
  adminCookie = await session(platform.baseUrl, '/api/login', platform.admin);
  designerCookie = await session(platform.baseUrl, '/api/register', { email: `designer.${Date.now().toString(36)}@faults.test`, password: 'faults-password-1', firstName: 'Faye', lastName: 'Ulter' });
  const client = (cookie: string) => new FaultClient({ baseUrl: platform.baseUrl, tally, cookie, gatewayDying: () => gatewayDying });
  const churn = await setUp(client(designerCookie), client(adminCookie));

  const queue: Job[] = shuffled([
    ...planned.map(itemJob),
    ...projectIds.flatMap((p) => Array.from({ length: LINES_PER_INVOICE }, (_, n) => invoiceLineJob(invoices.get(p)!, n))),
    ...Array.from({ length: IMPORTS }, (_, n) => importJob(importProjectId, csv(`Import ${n + 1} row`, ROWS_PER_IMPORT))),
  ]);
  const clients: Clients[] = Array.from({ length: CLIENTS }, () => ({ designer: client(designerCookie), admin: client(adminCookie) }));
  const pacer = new Pacer(PACE_MS);
  let faultsOver = false;
  const stream = runStream({ clients, queue, churn, pacer, acked, keepGoing: () => !faultsOver });
  try {
    await runFaults();
  } finally {
    faultsOver = true;
    pacer.intervalMs = 0;
    await stream;
  }
  await settle(platform.databaseUrl, platform.natsUrl);
  const admin = client(adminCookie);
  await admin.call('POST', '/api/billing/storage-fees/record');
  // Billing's cost rows reach catalog's project totals as events: wait for them too.
  await settle(platform.databaseUrl, platform.natsUrl);
  report = {
    writes: acked.writes,
    requests: tally.requests,
    unavailable: tally.unavailable,
    refused: tally.refused,
    cut: tally.cut,
    failures: tally.failures,
    events: (await streamMessages(platform.natsUrl)) - duplicates.republished,
    republished: duplicates.republished,
    duplicatesSuppressed: duplicates.suppressed,
    duplicatesExpected: duplicates.expected,
    faults: figures,
    seconds: (Date.now() - t0) / 1000,
  };
}, 420_000);

afterAll(async () => {
  if (report) console.log(printReport(report));
  // The services' logs outlive the run's temporary folder, to read what a failure was about.
  if (platform) {
    fs.rmSync(path.join(DEFAULT_DATA_DIR, 'faults-logs'), { recursive: true, force: true });
    fs.cpSync(path.join(platform.dataDir, 'logs'), path.join(DEFAULT_DATA_DIR, 'faults-logs'), { recursive: true });
  }
  await faults?.stop();
}, 60_000);

describe('faults: kills, dependency restarts, duplicate events and a crash between commit and publish', () => {
  it('streams at least 1,000 acknowledged writes, and no request got anything but a success, a JSON 503 or a refused connection', () => {
    expect(report.failures).toEqual([]);
    expect(report.writes).toBeGreaterThanOrEqual(1000);
    expect(acked.uncertain.size).toBe(0);
  });

  it('recovers from every fault, and survives NATS and PostgreSQL restarting without a service restart', () => {
    expect(figures.map((f) => f.fault)).toHaveLength(SERVICE_NAMES.length + 1 + 2 + 2);
    for (const f of figures) expect([f.fault, f.recoverySeconds < 30]).toEqual([f.fault, true]);
    expect(restartsDuring).toEqual({ nats: Object.fromEntries(platform.processes.map((p) => [p.name, 0])), postgres: Object.fromEntries(platform.processes.map((p) => [p.name, 0])) });
  });

  it('stores every acknowledged status, switch, invoice line and imported row', async () => {
    const reader = new FaultClient({ baseUrl: platform.baseUrl, tally: new Tally(), cookie: designerCookie });
    const admin = new FaultClient({ baseUrl: platform.baseUrl, tally: new Tally(), cookie: adminCookie });
    const wrong: string[] = [];
    for (const projectId of projectIds) {
      for (const item of await storedItems(reader, projectId)) {
        const want = acked.status.get(item.id);
        if (want && item.status !== want) wrong.push(`item ${item.id}: ${item.status}, acknowledged ${want}`);
      }
      const services = (await reader.call<{ id: string; selected: boolean }[]>('GET', `/api/services?projectId=${projectId}&limit=1000`)).body;
      for (const s of services) if (acked.selected.has(s.id) && s.selected !== acked.selected.get(s.id)) wrong.push(`service ${s.id}: selected ${s.selected}`);
      const invoice = (await admin.call<{ total: string; invoiceItems: { description: string; amount: string }[] }>('GET', `/api/invoices/${invoices.get(projectId)}`)).body;
      const lines = acked.invoiceLines.get(invoices.get(projectId)!) ?? new Map<string, bigint>();
      expect(invoice.invoiceItems.map((l) => l.description).sort()).toEqual([...lines.keys()].sort());
      const total = [...lines.values()].reduce((a, b) => a + b, 0n);
      expect([projectId, invoice.total]).toEqual([projectId, fromCents(total)]);
    }
    const imported = (await storedItems(reader, importProjectId)).map((i) => i.name).sort();
    expect(imported).toEqual([...acked.importedNames].sort());
    expect(wrong).toEqual([]);
  });

  it('bills every expected event exactly once, with storage and invoice totals exact to the cent', async () => {
    const reader = new FaultClient({ baseUrl: platform.baseUrl, tally: new Tally(), cookie: designerCookie });
    const stored = new Map<string, ItemAsStored>();
    for (const projectId of projectIds) for (const item of await storedItems(reader, projectId)) stored.set(item.id, item);
    const today = new Date().toISOString().slice(0, 10);
    const expected = expectedFees(planned, acked, stored, today);
    expect(feeDifferences(expected, await billableEvents(platform.databaseUrl, projectIds))).toEqual([]);
    // Catalog's stored totals: every imported price × quantity plus the fees billing reported as the project's costs, in exact cents.
    for (const projectId of projectIds) {
      const project = (await reader.call<{ totalCost: string }>('GET', `/api/projects/${projectId}`)).body;
      const goods = [...stored.values()].filter((i) => i.projectId === projectId).reduce((n, i) => n + toCents(i.price ?? '0') * BigInt(i.quantity), 0n);
      const fees = [...expected.values()].filter((f) => f.projectId === projectId).reduce((n, f) => n + f.cents, 0n);
      expect([projectId, project.totalCost]).toEqual([projectId, fromCents(goods + fees)]);
    }
    // The month's invoices bill exactly the fees, each project's to the cent.
    const admin = new FaultClient({ baseUrl: platform.baseUrl, tally: new Tally(), cookie: adminCookie });
    const months = new Set([...expected.values()].map((f) => f.day.slice(0, 7)));
    for (const month of months) {
      const body = { month: Number(month.slice(5, 7)), year: Number(month.slice(0, 4)) };
      await admin.call('POST', '/api/billing/cycles/create', body);
      await admin.call('POST', '/api/billing/invoices/generate', body);
    }
    for (const projectId of projectIds) {
      const list = (await admin.call<{ id: string; total: string; billingCycleId: string | null }[]>('GET', `/api/invoices?projectId=${projectId}&limit=1000`)).body;
      const billed = list.filter((i) => i.billingCycleId !== null).reduce((n, i) => n + toCents(i.total), 0n);
      const want = [...expected.values()].filter((f) => f.projectId === projectId).reduce((n, f) => n + f.cents, 0n);
      expect([projectId, fromCents(billed)]).toEqual([projectId, fromCents(want)]);
    }
  });

  it('suppresses every event published a second time in the consumers\' inboxes', () => {
    expect(duplicates.republished).toBeGreaterThan(0);
    expect(duplicates.expected).toBeGreaterThan(0);
    expect(duplicates.suppressed).toBeGreaterThanOrEqual(duplicates.expected);
  });

  it('publishes what catalog committed before it died, after its restart, and leaves no outbox row unpublished or dead', async () => {
    expect(crashed?.events.length).toBeGreaterThan(0);
    const pool = new Pool({ connectionString: platform.databaseUrl, max: 1 });
    try {
      const { rows } = await pool.query<{ published_at: Date | null }>('SELECT published_at FROM catalog.outbox_events WHERE id = ANY($1::uuid[])', [crashed!.events]);
      expect(rows).toHaveLength(crashed!.events.length);
      // Published by the restarted process: the one that committed them died before its relay heard of them.
      for (const r of rows) expect(r.published_at!.getTime()).toBeGreaterThanOrEqual(crashed!.at);
    } finally {
      await pool.end();
    }
    expect(await outboxBacklog(platform.databaseUrl)).toEqual({ unpublished: 0, dead: 0 });
    const consumers = await durableConsumers(platform.natsUrl);
    expect(consumers.filter((c) => c.pending > 0)).toEqual([]);
  });
});
