import { launchBrowser } from '@midway/infra';
import { actor, eventually, usePlatform, type Actor } from './logistics-harness';
import { CORPUS } from './po-corpus';

/**
 * The vendor's acknowledgement that arrives days after the purchase order was imported: its tracking numbers ship the
 * order's matching lines, and the items made from them that have no tracking number get it (through catalog's
 * consumer of logistics' fact), once, however often or concurrently the acknowledgement is uploaded.
 */
const t = usePlatform({ objectStore: true });

const pdfOf = (start: string) => CORPUS.find((d) => d.name.startsWith(start))!.pdf(undefined as never);
const UPS = '1Z5R89390357567127';
const FEDEX = '986578788855';
const LAMP_UNMATCHED = 'Line 4 (Floor lamp, NW-LP-300) matches no line of purchase order NW-2026-0142; no item gets its tracking number.';

async function upload(projectId: string, who: Actor, body: Uint8Array) {
  const res = await fetch(`${t.logisticsService.url}/api/projects/${projectId}/purchase-orders`, {
    method: 'POST', headers: { ...who.headers, 'content-type': 'application/pdf' }, body: new Uint8Array(body),
  });
  return { status: res.status, body: await res.json() };
}

interface CatalogItem { id: string; name: string; skuCode: string | null; trackingNumber: string | null; carrierId: string | null }

async function importedOrder(owner: Actor) {
  const p = await t.project(owner);
  const po = await upload(p.id, owner, await pdfOf('pdfkit: letterhead'));
  expect(po.status).toBe(201);
  const imported = await t.logistics.post(`/api/purchase-orders/${po.body.id}/import`, owner);
  expect(imported.status).toBe(200);
  const bySku = new Map((imported.body.items as CatalogItem[]).map((i) => [i.skuCode!, i]));
  const items = async () => {
    const res = await t.catalog.get(`/api/items?projectId=${p.id}&limit=100`, owner);
    return new Map((res.body as CatalogItem[]).map((i) => [i.skuCode!, i]));
  };
  const trackingHistory = async () =>
    ((await t.catalog.get('/api/activities?limit=100', owner)).body as { projectId: string; itemId: string | null; description: string }[])
      .filter((a) => a.projectId === p.id && a.description.startsWith('Tracking number'));
  const linkedFacts = () =>
    t.logisticsService.db.$queryRaw<{ n: number }[]>`
      SELECT count(*)::int AS n FROM outbox_events WHERE type = 'logistics.shipment.linked.v1' AND payload->'data'->>'purchaseOrderId' = ${po.body.id}`;
  return { project: p, po: po.body, bySku, items, trackingHistory, linkedFacts };
}

it('an acknowledgement uploaded after the import, twice at once, gives each item without a tracking number its line’s, once, and names the line that matches nothing', async () => {
  const owner = actor();
  const order = await importedOrder(owner);
  // The designer already typed the chairs' tracking number: it stays.
  const chairs = order.bySku.get('NW-CH-012')!;
  expect((await t.catalog.put(`/api/items/${chairs.id}`, owner, { trackingNumber: 'TYPED-BY-HAND-1' })).status).toBe(200);

  const ack = await pdfOf('pdfkit: an acknowledgement of an order');
  const both = await Promise.all([upload(order.project.id, owner, ack), upload(order.project.id, owner, ack)]);
  for (const res of both) {
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ number: 'NW-2026-0142', linkedPurchaseOrderId: order.po.id, warnings: [LAMP_UNMATCHED] });
  }

  const filled = await eventually(order.items, (m) => !!m.get('NW-DT-096')?.trackingNumber && !!m.get('NW-SB-072')?.trackingNumber, 20_000);
  expect([...filled].map(([sku, i]) => [sku, i.trackingNumber, i.carrierId]).sort()).toEqual([
    ['NW-BN-048', null, null],
    ['NW-CH-012', 'TYPED-BY-HAND-1', null],
    ['NW-DT-096', FEDEX, 'fedex'],
    ['NW-SB-072', UPS, 'ups'],
  ]);

  // The purchase order shows the acknowledgement's tracking numbers on its lines (1 table, 2 chairs, 3 sideboard).
  const po = (await t.logistics.get(`/api/purchase-orders/${order.po.id}`, owner)).body;
  expect(po.linkedPurchaseOrderId).toBeNull();
  expect(po.shipments.map((s: { trackingNumber: string; carrier: string; lineRefs: string[] }) => [s.trackingNumber, s.carrier, s.lineRefs]).sort()).toEqual([
    [UPS, 'ups', ['2', '3']],
    [FEDEX, 'fedex', ['1']],
  ].sort());

  // Its lines are the order's items already: importing it is refused and creates nothing.
  const imported = await t.logistics.post(`/api/purchase-orders/${both[0]!.body.id}/import`, owner);
  expect(imported.status).toBe(409);
  expect((await order.items()).size).toBe(4);

  // Uploaded once more later: nothing new is linked or announced.
  const third = await upload(order.project.id, owner, ack);
  expect(third.body).toMatchObject({ linkedPurchaseOrderId: order.po.id, warnings: [LAMP_UNMATCHED] });
  expect(await order.linkedFacts()).toEqual([{ n: 2 }]);
  await new Promise((r) => setTimeout(r, 1000));
  expect((await order.trackingHistory()).map((a) => a.description).sort()).toEqual([
    `Tracking number ${FEDEX} from the vendor: "${order.bySku.get('NW-DT-096')!.name}"`,
    `Tracking number ${UPS} from the vendor: "${order.bySku.get('NW-SB-072')!.name}"`,
  ].sort());
}, 90_000);

it('a packing list without prices, for the line left out of the acknowledgement, gives that item its tracking number', async () => {
  const owner = actor();
  const order = await importedOrder(owner);
  const packing = await upload(order.project.id, owner, await pdfOf('pdfkit: a packing list'));
  expect(packing).toMatchObject({ status: 201, body: { linkedPurchaseOrderId: order.po.id, warnings: ['No prices are printed (a packing list): its lines read as 0.00.'] } });
  const items = await eventually(order.items, (m) => !!m.get('NW-BN-048')?.trackingNumber, 20_000);
  expect([...items].filter(([, i]) => i.trackingNumber).map(([sku, i]) => [sku, i.trackingNumber, i.carrierId])).toEqual([['NW-BN-048', FEDEX, 'fedex']]);
}, 90_000);

it('an acknowledgement of another order, or of the same order in another project, is linked to nothing and warns of nothing', async () => {
  const owner = actor();
  const order = await importedOrder(owner);
  const browser = await launchBrowser();
  try {
    const other = await upload(order.project.id, owner, await CORPUS.find((d) => d.name.startsWith('Chromium: an order acknowledgement'))!.pdf(browser));
    expect(other).toMatchObject({ status: 201, body: { number: 'HL-301', linkedPurchaseOrderId: null, warnings: [] } });
  } finally {
    await browser.close();
  }

  // This project's imported order is another project's: not linked.
  const elsewhere = await t.project(owner);
  const early = await upload(elsewhere.id, owner, await pdfOf('pdfkit: an acknowledgement of an order'));
  expect(early).toMatchObject({ status: 201, body: { linkedPurchaseOrderId: null, warnings: [] } });
  expect(await order.linkedFacts()).toEqual([{ n: 0 }]);
  expect([...(await order.items()).values()].map((i) => i.trackingNumber)).toEqual([null, null, null, null]);
}, 90_000);

/** The items of the letterhead order's lines with the tracking numbers its acknowledgement prints (no hand-typed one). */
const ACKNOWLEDGED = [
  ['NW-BN-048', null, null],
  ['NW-CH-012', UPS, 'ups'],
  ['NW-DT-096', FEDEX, 'fedex'],
  ['NW-SB-072', UPS, 'ups'],
];
const trackingOf = (items: CatalogItem[]) => items.map((i) => [i.skuCode, i.trackingNumber, i.carrierId]).sort((a, b) => String(a[0]).localeCompare(String(b[0])));
const shipmentsOf = (po: { shipments: { trackingNumber: string; lineRefs: string[] }[] }) => po.shipments.map((s) => [s.trackingNumber, s.lineRefs]).sort((a, b) => String(a[0]).localeCompare(String(b[0])));
const ACK_SHIPMENTS = [[UPS, ['2', '3']], [FEDEX, ['1']]];

it('an acknowledgement uploaded before its order is imported waits for it: importing the order makes its items with the tracking numbers', async () => {
  const owner = actor();
  const p = await t.project(owner);
  const po = await upload(p.id, owner, await pdfOf('pdfkit: letterhead'));
  expect(po.status).toBe(201);

  const ack = await upload(p.id, owner, await pdfOf('pdfkit: an acknowledgement of an order'));
  expect(ack).toMatchObject({ status: 201, body: { linkedPurchaseOrderId: po.body.id, linkedPurchaseOrderImported: false, warnings: [LAMP_UNMATCHED] } });
  const refused = await t.logistics.post(`/api/purchase-orders/${ack.body.id}/import`, owner);
  expect(refused.status).toBe(409);
  expect(refused.body.message).toBe('This document is about a purchase order uploaded earlier and not imported yet: import that order, and its items get these tracking numbers.');
  expect(shipmentsOf((await t.logistics.get(`/api/purchase-orders/${po.body.id}`, owner)).body)).toEqual(ACK_SHIPMENTS);

  const imported = await t.logistics.post(`/api/purchase-orders/${po.body.id}/import`, owner);
  expect(imported.status).toBe(200);
  expect(trackingOf(imported.body.items)).toEqual(ACKNOWLEDGED);
  expect((await t.logistics.get(`/api/purchase-orders/${ack.body.id}`, owner)).body).toMatchObject({ linkedPurchaseOrderId: po.body.id, linkedPurchaseOrderImported: true });
  // The items were made with their numbers: no fact to give them later.
  const facts = await t.logisticsService.db.$queryRaw<{ n: number }[]>`SELECT count(*)::int AS n FROM outbox_events WHERE type = 'logistics.shipment.linked.v1' AND payload->'data'->>'projectId' = ${p.id}`;
  expect(facts).toEqual([{ n: 0 }]);
}, 90_000);

it('an order uploaded after its acknowledgement, even at the same moment, takes its tracking numbers; a second copy of the order does not', async () => {
  const owner = actor();
  const [order, ack] = await Promise.all([pdfOf('pdfkit: letterhead'), pdfOf('pdfkit: an acknowledgement of an order')]);
  // Three projects: the acknowledgement first, then the order; and twice both at once, in either order.
  const projects = await Promise.all([t.project(owner), t.project(owner), t.project(owner)]);
  const first = await upload(projects[0].id, owner, ack);
  expect(first.body.linkedPurchaseOrderId).toBeNull();
  const after = await upload(projects[0].id, owner, order);
  expect(after.status).toBe(201);
  expect(shipmentsOf(after.body)).toEqual(ACK_SHIPMENTS);
  const races = await Promise.all([
    Promise.all([upload(projects[1].id, owner, ack), upload(projects[1].id, owner, order)]),
    Promise.all([upload(projects[2].id, owner, order), upload(projects[2].id, owner, ack)]),
  ]);
  const orders = [after.body.id as string, races[0][1].body.id as string, races[1][0].body.id as string];
  for (const id of orders) expect(shipmentsOf((await t.logistics.get(`/api/purchase-orders/${id}`, owner)).body)).toEqual(ACK_SHIPMENTS);
  expect((await t.logistics.get(`/api/purchase-orders/${first.body.id}`, owner)).body.linkedPurchaseOrderId).toBe(after.body.id);

  // The acknowledgement ships the first copy: a second copy of the order gets nothing of it.
  const copy = await upload(projects[0].id, owner, order);
  expect(copy.body.shipments).toEqual([]);
  const imported = await t.logistics.post(`/api/purchase-orders/${after.body.id}/import`, owner);
  expect(trackingOf(imported.body.items)).toEqual(ACKNOWLEDGED);
}, 90_000);

it('an acknowledgement uploaded while its order is being imported still gives every item its tracking number', async () => {
  const owner = actor();
  const p = await t.project(owner);
  const po = await upload(p.id, owner, await pdfOf('pdfkit: letterhead'));
  const ack = await pdfOf('pdfkit: an acknowledgement of an order');
  const [imported, acknowledged] = await Promise.all([t.logistics.post(`/api/purchase-orders/${po.body.id}/import`, owner), upload(p.id, owner, ack)]);
  expect([imported.status, acknowledged.status]).toEqual([200, 201]);
  const items = await eventually(
    async () => (await t.catalog.get(`/api/items?projectId=${p.id}&limit=100`, owner)).body as CatalogItem[],
    (list) => list.filter((i) => i.trackingNumber).length === 3,
    20_000,
  );
  expect(trackingOf(items)).toEqual(ACKNOWLEDGED);
}, 90_000);
