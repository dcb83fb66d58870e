import { PURCHASE_ORDER_MAX_BYTES, PURCHASE_ORDER_NO_TEXT } from '@midway/contracts';
import { launchBrowser } from '@midway/infra';
import { ANONYMOUS, actor, usePlatform, type Actor } from './logistics-harness';
import { CORPUS } from './po-corpus';

/** Upload PO end to end: the PDF read into a draft, who may upload and read it, every refusal storing nothing. */
const t = usePlatform({ objectStore: true });

const doc = (start: string) => CORPUS.find((d) => d.name.startsWith(start))!;
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(200, 7)]);

async function upload(projectId: string, who: Actor, body: Uint8Array | Buffer, contentType = 'application/pdf') {
  const res = await fetch(`${t.logisticsService.url}/api/projects/${projectId}/purchase-orders`, {
    method: 'POST', headers: { ...who.headers, 'content-type': contentType }, body: new Uint8Array(body),
  });
  return { status: res.status, body: await res.json() };
}

const get = async (path: string, who: Actor) => {
  const res = await fetch(`${t.logisticsService.url}${path}`, { headers: who.headers });
  const bytes = Buffer.from(await res.arrayBuffer());
  return { status: res.status, headers: res.headers, bytes, json: () => JSON.parse(bytes.toString()) };
};

it('reads a PDF into a draft with its lines and totals, lists it newest first and serves the original to the project’s people', async () => {
  const [owner, member, viewer, outsider] = [actor(), actor(), actor(), actor()];
  const p = await t.project(owner);
  await t.inviteAndAccept(owner, p.id, member, 'member');
  await t.inviteAndAccept(owner, p.id, viewer, 'viewer');
  const northwind = doc('pdfkit: letterhead');
  const pdf = await northwind.pdf(undefined as never);

  const first = await upload(p.id, owner, pdf);
  expect(first.status).toBe(201);
  const { tracking: _tracking, ...expected } = northwind.expected as Exclude<typeof northwind.expected, { refused: string }>;
  expect(first.body).toMatchObject({ ...expected, projectId: p.id, status: 'draft', shipments: [], importedAt: null, fileUrl: `/api/purchase-orders/${first.body.id}/file` });
  expect(first.body.lines.map((l: { name: string }) => l.name)).toEqual(expected.lines.map((l) => l.name));

  const canadian = await upload(p.id, member, await doc('pdfkit: Canadian').pdf(undefined as never));
  expect(canadian).toMatchObject({ status: 201, body: { currencyCode: 'CAD', warnings: ['Prices are in CAD'] } });

  const list = await get(`/api/projects/${p.id}/purchase-orders`, viewer);
  expect(list.status).toBe(200);
  expect(list.json().map((o: { id: string; lineCount: number }) => [o.id, o.lineCount])).toEqual([[canadian.body.id, 3], [first.body.id, 4]]);
  expect((await get(`/api/projects/${p.id}/purchase-orders`, outsider)).status).toBe(404);
  expect((await get(`/api/projects/${p.id}/purchase-orders`, ANONYMOUS)).status).toBe(401);

  const one = await get(`/api/purchase-orders/${first.body.id}`, member);
  expect(one.status).toBe(200);
  expect(one.json()).toEqual(first.body);

  for (const who of [owner, member, viewer, actor('midway_admin')]) {
    const file = await get(first.body.fileUrl, who);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('application/pdf');
    expect(file.bytes.equals(Buffer.from(pdf))).toBe(true);
  }
  for (const path of [first.body.fileUrl, `/api/purchase-orders/${first.body.id}`]) {
    expect((await get(path, outsider)).status).toBe(404);
    expect((await get(path, ANONYMOUS)).status).toBe(401);
  }
  expect((await get('/api/purchase-orders/00000000-0000-4000-8000-000000000000', owner)).status).toBe(404);
}, 60_000);

it('refuses a viewer, a stranger, a file too large, one that is not a PDF and a scan, and stores nothing for any of them', async () => {
  const [owner, viewer, outsider] = [actor(), actor(), actor()];
  const p = await t.project(owner);
  await t.inviteAndAccept(owner, p.id, viewer, 'viewer');
  const pdf = await doc('pdfkit: lines that do not').pdf(undefined as never);

  expect((await upload(p.id, viewer, pdf)).status).toBe(404);
  expect((await upload(p.id, outsider, pdf)).status).toBe(404);
  expect((await upload(p.id, ANONYMOUS, pdf)).status).toBe(401);
  expect((await upload('00000000-0000-4000-8000-000000000000', owner, pdf)).status).toBe(404);

  const tooLarge = await upload(p.id, owner, Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(PURCHASE_ORDER_MAX_BYTES + 1 - 9, 0x20)]));
  expect(tooLarge.status).toBe(413);
  // Exactly the limit is read (and then found not to be a readable PDF).
  const atLimit = await upload(p.id, owner, Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(PURCHASE_ORDER_MAX_BYTES - 9, 0x20)]));
  expect(atLimit.status).toBe(422);

  const png = await upload(p.id, owner, PNG, 'application/pdf');
  expect(png).toEqual({ status: 415, body: expect.objectContaining({ message: expect.stringContaining('PDF') }) });

  const scan = await upload(p.id, owner, await doc('pdfkit: a scanned').pdf(undefined as never));
  expect(scan.status).toBe(422);
  expect(scan.body.message).toBe(PURCHASE_ORDER_NO_TEXT);

  expect((await get(`/api/projects/${p.id}/purchase-orders`, owner)).json()).toEqual([]);

  const mismatch = await upload(p.id, owner, pdf);
  expect(mismatch).toMatchObject({ status: 201, body: { subtotalAmount: '2890.00', warnings: ['The lines add up to 2790.00, not the printed subtotal 2890.00; the lines are kept as printed.'] } });
}, 60_000);

it('turns the tracking numbers of an acknowledgement into shipments of their lines, with the carrier detected', async () => {
  const owner = actor();
  const p = await t.project(owner);
  const browser = await launchBrowser();
  try {
    const res = await upload(p.id, owner, await doc('Chromium: an order acknowledgement').pdf(browser));
    expect(res.status).toBe(201);
    expect(res.body.shipments).toEqual([
      { id: expect.any(String), trackingNumber: '1Z5R89390357567127', carrier: 'ups', trackingUrl: 'https://www.ups.com/track?tracknum=1Z5R89390357567127', status: 'label_created', lineRefs: ['1', '2'] },
      { id: expect.any(String), trackingNumber: '986578788855', carrier: 'fedex', trackingUrl: 'https://www.fedex.com/fedextrack/?trknbr=986578788855', status: 'label_created', lineRefs: ['3'] },
    ]);
  } finally {
    await browser.close();
  }
}, 60_000);

interface CatalogItem { id: string; name: string; supplier: string | null; scheduleNumber: string | null; skuCode: string | null; price: string | null; quantity: number; trackingNumber: string | null; carrierId: string | null }
const itemsOf = async (projectId: string, who: Actor): Promise<CatalogItem[]> => {
  const res = await t.catalog.get(`/api/items?projectId=${projectId}&limit=100`, who);
  expect(res.status).toBe(200);
  return res.body;
};

it('imports the lines as items once: again, it answers that nothing new was imported; twice at once, one answer has the items; after a crash, the retry links the same items', async () => {
  const [owner, viewer, outsider] = [actor(), actor(), actor()];
  const p = await t.project(owner);
  await t.inviteAndAccept(owner, p.id, viewer, 'viewer');
  const northwind = await upload(p.id, owner, await doc('pdfkit: letterhead').pdf(undefined as never));
  const canadian = await upload(p.id, owner, await doc('pdfkit: Canadian').pdf(undefined as never));

  expect((await t.logistics.post(`/api/purchase-orders/${northwind.body.id}/import`, viewer)).status).toBe(403);
  expect((await t.logistics.post(`/api/purchase-orders/${northwind.body.id}/import`, outsider)).status).toBe(404);

  // A crash after catalog created the items, before logistics linked them and marked the order imported (one
  // transaction): the retry links the same items.
  const crashed = await t.logistics.post(`/api/purchase-orders/${northwind.body.id}/import`, owner);
  expect(crashed.status).toBe(200);
  await t.logisticsService.db.$executeRaw`UPDATE document_lines SET item_id = NULL WHERE document_id = ${northwind.body.id}::uuid`;
  await t.logisticsService.db.$executeRaw`UPDATE documents SET imported_at = NULL WHERE id = ${northwind.body.id}::uuid`;
  const first = await t.logistics.post(`/api/purchase-orders/${northwind.body.id}/import`, owner);
  expect(first.status).toBe(200);
  expect(first.body).toMatchObject({ errors: 0, errorDetails: [], alreadyImportedAt: null });
  expect(first.body.items.map((i: CatalogItem) => [i.name, i.supplier, i.scheduleNumber, i.skuCode, i.price, i.quantity])).toEqual(
    northwind.body.lines.map((l: { name: string; sku: string; unitPrice: string; quantity: number }) => [l.name, 'Northwind Casegoods', 'NW-2026-0142', l.sku, l.unitPrice, l.quantity]),
  );
  expect(first.body.items.map((i: CatalogItem) => i.id)).toEqual(crashed.body.items.map((i: CatalogItem) => i.id));
  const read = (await t.logistics.get(`/api/purchase-orders/${northwind.body.id}`, owner)).body;
  expect(read.lines.map((l: { itemId: string }) => l.itemId)).toEqual(first.body.items.map((i: CatalogItem) => i.id));
  expect(read.importedAt).toEqual(expect.any(String));

  const again = await t.logistics.post(`/api/purchase-orders/${northwind.body.id}/import`, owner);
  expect(again.status).toBe(200);
  const day = new Date(read.importedAt).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
  expect(again.body).toEqual({ items: [], errors: 0, errorDetails: [], alreadyImportedAt: read.importedAt, message: `Already imported on ${day}: nothing new was imported. Its items are on the Items page.` });

  const parallel = await Promise.all([1, 2, 3].map(() => t.logistics.post(`/api/purchase-orders/${canadian.body.id}/import`, owner)));
  expect(parallel.map((r) => r.status)).toEqual([200, 200, 200]);
  expect(parallel.map((r) => r.body.items.length).sort()).toEqual([0, 0, 3]);
  expect(parallel.filter((r) => r.body.items.length === 0).map((r) => r.body.message)).toEqual([expect.stringMatching(/^Already imported on /), expect.stringMatching(/^Already imported on /)]);

  const items = await itemsOf(p.id, owner);
  expect(items).toHaveLength(4 + 3);
}, 60_000);

it('an order imported longer ago than catalog remembers its key is still not imported again', async () => {
  const owner = actor();
  const p = await t.project(owner);
  const po = await upload(p.id, owner, await doc('pdfkit: Canadian').pdf(undefined as never));
  expect((await t.logistics.post(`/api/purchase-orders/${po.body.id}/import`, owner)).status).toBe(200);
  await t.logisticsService.db.$executeRaw`UPDATE documents SET imported_at = now() - interval '40 days' WHERE id = ${po.body.id}::uuid`;
  const again = await t.logistics.post(`/api/purchase-orders/${po.body.id}/import`, owner);
  expect(again.status).toBe(200);
  expect(again.body).toMatchObject({ items: [], message: expect.stringMatching(/^Already imported on \w{3} \d{1,2}, \d{4}: nothing new was imported\. Its items are on the Items page\.$/) });
  expect(await itemsOf(p.id, owner)).toHaveLength(3);
}, 60_000);

it('an acknowledgement’s imported items carry their shipment’s tracking number and carrier', async () => {
  const owner = actor();
  const p = await t.project(owner);
  const browser = await launchBrowser();
  try {
    const ack = await upload(p.id, owner, await doc('Chromium: an order acknowledgement').pdf(browser));
    const res = await t.logistics.post(`/api/purchase-orders/${ack.body.id}/import`, owner);
    expect(res.status).toBe(200);
    expect(res.body.items.map((i: CatalogItem) => [i.trackingNumber, i.carrierId])).toEqual([
      ['1Z5R89390357567127', 'ups'], ['1Z5R89390357567127', 'ups'], ['986578788855', 'fedex'],
    ]);
  } finally {
    await browser.close();
  }
}, 60_000);
