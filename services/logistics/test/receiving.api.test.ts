import { randomInt, randomUUID } from 'node:crypto';
import { connect } from '@nats-io/transport-node';
import pino from 'pino';
import { answerOwnerQueries, makeEvent, type Bus } from '@midway/service-kit';
import { announceUser, readMail, testEnv, type SunkMail } from '@midway/testing';
import { actor, ANONYMOUS, eventually, usePlatform, watchEvents, type Actor } from './logistics-harness';

/**
 * The receiving desk against a real catalog, NATS, Postgres, object store and mail sink, with the desk's clock
 * in the test's hands (the 48-hour due time, the 7-day photo links).
 */
let now = new Date('2026-06-01T08:00:00.000Z');
const HOUR = 3_600_000;
const t = usePlatform({ objectStore: true, clock: () => new Date(now) });

const admin = actor('midway_admin');
const ada = actor();
const ben = actor();
const member = actor();

/** Random digits, so this run's tracking numbers are its own whatever else the database holds. */
const digits = (n: number) => Array.from({ length: n }, () => randomInt(10)).join('');

const scan = (code: unknown, who: Actor = admin) => t.logistics.post('/api/receiving/scan', who, { code });
const arrive = (body: Record<string, unknown>, who: Actor = admin) => t.logistics.post('/api/receiving/arrivals', who, body);
const inspect = (itemId: string, body: Record<string, unknown>, who: Actor = admin) => t.logistics.post(`/api/receiving/inspections/${itemId}`, who, body);
const queue = async (status: string) => (await t.logistics.get(`/api/receiving/inspections?status=${status}`, admin)).body as { itemId: string; dueAt: string; overdue: boolean; condition?: string }[];

/** Waits until logistics knows the item with its tracking number (catalog's event has arrived). */
async function known(itemId: string) {
  await eventually(() => t.logisticsService.db.$queryRaw<{ n: number }[]>`SELECT count(*)::int AS n FROM items WHERE id = ${itemId}::uuid`, (r) => r[0]!.n === 1, 20_000);
}
async function itemOf(who: Actor, projectId: string, fields: Record<string, unknown>) {
  const item = await t.item(who, projectId, fields);
  await known(item.id);
  return item;
}

let adaProject: { id: string; name: string };
let benProject: { id: string; name: string };
beforeAll(async () => {
  await Promise.all([announceUser(ada, 'Ada', 'Lovelace'), announceUser(ben, 'Ben', 'Okafor'), announceUser(member, 'Mia', 'Member'), announceUser(admin, 'Sam', 'Staff')]);
  adaProject = await t.project(ada, { name: 'Harbour Loft', clientName: 'Jordan Park' });
  benProject = await t.project(ben, { name: 'Cedar House', clientName: 'Riley Chen' });
  await t.inviteAndAccept(ada, adaProject.id, member, 'member');
  // Logistics has learned the people (for names on matches and the damage e-mail's addresses).
  await eventually(() => t.logisticsService.db.$queryRaw<{ n: number }[]>`SELECT count(*)::int AS n FROM users WHERE id IN (${ada.userId}::uuid, ${ben.userId}::uuid, ${member.userId}::uuid)`, (r) => r[0]!.n === 3, 30_000);
}, 60_000);

describe('POST /api/receiving/scan', () => {
  it('reads real UPS, FedEx, USPS and DHL codes through scanner noise and finds the item', async () => {
    const cases: [printed: string, scanned: string, number: string, carrier: string][] = [
      ['1Z5R89390357567127', ' 1z5r8939-0357 567127\r\n', '1Z5R89390357567127', 'ups'],
      ['9865 7878 8855', '986578788855\t', '986578788855', 'fedex'],
      // A FedEx 34-digit barcode ends with the 12-digit number the designer typed.
      ['7790 1797 2697', '1001921334250001000300779017972697', '779017972697', 'fedex'],
      // A USPS IMpb barcode: 420 + ZIP+4, a GS separator, then the number.
      ['9200 1901 3260 7600 8334 57', '420100233424\u001d9200190132607600833457', '9200190132607600833457', 'usps'],
      ['3318810025', ']C1 3318-8100-25 ', '3318810025', 'dhl'],
    ];
    for (const [printed, scanned, number, carrier] of cases) {
      const item = await itemOf(ada, adaProject.id, { name: `Scan ${carrier} ${digits(4)}`, trackingNumber: printed });
      const res = await scan(scanned);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ trackingNumber: number, carrierId: carrier });
      expect(res.body.matches).toContainEqual({
        itemId: item.id, itemName: item.name, projectId: adaProject.id, projectName: 'Harbour Loft', clientName: 'Jordan Park', designerName: 'Ada Lovelace', status: 'ordered',
      });
    }
  }, 60_000);

  it('answers exact matches first, then numbers ending with the scanned one (8 characters and more), across designers', async () => {
    const base = digits(14);
    const exact = await itemOf(ada, adaProject.id, { name: 'Exact', trackingNumber: base });
    const longer = await itemOf(ben, benProject.id, { name: 'Longer', trackingNumber: `JD${base}` });
    const shorter = await itemOf(ben, benProject.id, { name: 'Shorter', trackingNumber: base.slice(-8) });

    const full = (await scan(base)).body;
    expect(full.matches.map((m: { itemId: string }) => m.itemId)).toEqual([exact.id, longer.id]);
    expect(full.matches[1]).toMatchObject({ projectName: 'Cedar House', designerName: 'Ben Okafor' });

    const eight = (await scan(base.slice(-8))).body;
    expect(eight.matches.map((m: { itemId: string }) => m.itemId)).toEqual([shorter.id, expect.any(String), expect.any(String)]);
    expect(new Set(eight.matches.slice(1).map((m: { itemId: string }) => m.itemId))).toEqual(new Set([exact.id, longer.id]));

    // Under 8 characters only an exact number matches.
    expect((await scan(base.slice(-7))).body.matches).toEqual([]);
  }, 60_000);

  it('lists at most 10 suffix matches', async () => {
    const base = digits(12);
    const res = await t.catalog.post(`/api/projects/${benProject.id}/items/bulk`, ben, { items: Array.from({ length: 12 }, (_, i) => ({ name: `Chair ${i}`, trackingNumber: `${i + 10}${base}` })) });
    expect(res.status).toBe(200);
    const ids = (res.body.items as { id: string }[]).map((i) => i.id);
    await eventually(() => t.logisticsService.db.$queryRaw<{ n: number }[]>`SELECT count(*)::int AS n FROM items WHERE id = ANY(${ids}::uuid[])`, (r) => r[0]!.n === 12, 20_000);
    const matches = (await scan(base)).body.matches as { itemId: string }[];
    expect(matches).toHaveLength(10);
    expect(matches.every((m) => ids.includes(m.itemId))).toBe(true);
  }, 60_000);

  it('answers matches: [] when nothing matches', async () => {
    const code = `ZZ${digits(16)}`;
    expect((await scan(code)).body).toEqual({ code, trackingNumber: code, carrierId: null, matches: [] });
  });

  it.each([
    ['no code', {}],
    ['a blank code', { code: '   ' }],
    ['a number', { code: 1234567890 }],
    ['a list', { code: ['1Z5R89390357567127'] }],
  ])('refuses %s with 400 and a message', async (_what, body) => {
    const res = await t.logistics.post('/api/receiving/scan', admin, body);
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/code/);
  });

  it('is the staff’s: a designer gets 403, an anonymous caller 401', async () => {
    expect((await scan('1Z5R89390357567127', ada)).status).toBe(403);
    expect((await scan('1Z5R89390357567127', ANONYMOUS)).status).toBe(401);
  });
});

describe('POST /api/receiving/arrivals', () => {
  it('receives the item: 201, due 48 hours after the arrival, with its event; a repeat answers the first arrival and changes nothing', async () => {
    const number = `1Z${digits(16)}`;
    const item = await itemOf(ada, adaProject.id, { name: 'Walnut sideboard', trackingNumber: number });
    const events = await watchEvents('logistics.item.>');
    now = new Date('2026-06-01T09:30:00.000Z');
    const first = await arrive({ code: number.toLowerCase(), itemId: item.id, notes: 'Box dented on one corner' });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({
      code: number.toLowerCase(), trackingNumber: number, itemId: item.id, itemName: 'Walnut sideboard', projectId: adaProject.id, projectName: 'Harbour Loft',
      notes: 'Box dented on one corner', arrivedAt: '2026-06-01T09:30:00.000Z', inspectionDueAt: '2026-06-03T09:30:00.000Z',
    });
    now = new Date('2026-06-01T11:00:00.000Z');
    const again = await arrive({ code: number, itemId: item.id });
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    const arrived = (await events.settle()).filter((e) => e.type === 'logistics.item.arrived.v1' && (e.data as { itemId: string }).itemId === item.id);
    events.close();
    expect(arrived).toHaveLength(1);
    expect(arrived[0]!.data).toMatchObject({ arrivalId: first.body.id, projectId: adaProject.id, trackingNumber: number, arrivedAt: '2026-06-01T09:30:00.000Z', inspectionDueAt: '2026-06-03T09:30:00.000Z', byUserId: admin.userId });
  });

  it('records one arrival when 8 arrive at once', async () => {
    const item = await itemOf(ada, adaProject.id, { name: 'Rattan lounge chair', trackingNumber: digits(12) });
    const answers = await Promise.all(Array.from({ length: 8 }, () => arrive({ code: 'scan', itemId: item.id })));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 200, 200, 200, 200, 200, 201]);
    expect(new Set(answers.map((a) => a.body.id)).size).toBe(1);
    const rows = await t.logisticsService.db.$queryRaw<{ n: number }[]>`SELECT count(*)::int AS n FROM arrivals WHERE item_id = ${item.id}::uuid`;
    expect(rows[0]!.n).toBe(1);
  });

  it('refuses an item already delivered with 409', async () => {
    const item = await itemOf(ada, adaProject.id, { name: 'Delivered lamp', trackingNumber: digits(12) });
    expect((await t.catalog.put(`/api/items/${item.id}/status`, ada, { status: 'delivered' })).status).toBe(200);
    await eventually(() => t.logisticsService.db.$queryRaw<{ status: string }[]>`SELECT status FROM items WHERE id = ${item.id}::uuid`, (r) => r[0]?.status === 'delivered', 20_000);
    const res = await arrive({ code: 'x1', itemId: item.id });
    expect(res.status).toBe(409);
    expect(res.body.message).toMatch(/delivered/);
  });

  it.each([
    ['no code: 400', { itemId: randomUUID() }, 400, /code/],
    ['a blank code: 400', { code: '  ' }, 400, /code/],
    ['a malformed itemId: 400', { code: 'abc12345', itemId: 'item-7' }, 400, /itemId/],
    ['notes that are not text: 400', { code: 'abc12345', notes: 5 }, 400, /notes/],
    ['an unknown itemId: 404', { code: 'abc12345', itemId: randomUUID() }, 404, /not found/i],
  ] as const)('answers %s, with a message', async (_what, body, status, message) => {
    const res = await arrive(body);
    expect(res.status).toBe(status);
    expect(res.body.message).toMatch(message);
  });

  it('keeps an arrival without an item as unmatched until it is assigned; the item is received as of the arrival', async () => {
    const number = digits(12);
    now = new Date('2026-06-02T07:00:00.000Z');
    const unmatched = await arrive({ code: number, notes: 'No label on the box' });
    expect(unmatched.status).toBe(201);
    expect(unmatched.body).toMatchObject({ itemId: null, itemName: null, projectId: null, inspectionDueAt: null, arrivedAt: '2026-06-02T07:00:00.000Z' });
    const listed = async () => ((await t.logistics.get('/api/receiving/arrivals?status=unmatched', admin)).body as { id: string }[]).map((a) => a.id);
    expect(await listed()).toContain(unmatched.body.id);

    const item = await itemOf(ben, benProject.id, { name: 'Unlabelled mirror' });
    now = new Date('2026-06-02T15:00:00.000Z');
    const assigned = await t.logistics.put(`/api/receiving/arrivals/${unmatched.body.id}`, admin, { itemId: item.id });
    expect(assigned.status).toBe(200);
    expect(assigned.body).toMatchObject({ id: unmatched.body.id, itemId: item.id, itemName: 'Unlabelled mirror', projectName: 'Cedar House', arrivedAt: '2026-06-02T07:00:00.000Z', inspectionDueAt: '2026-06-04T07:00:00.000Z' });
    expect(await listed()).not.toContain(unmatched.body.id);

    // The item has its arrival now: another unmatched one cannot be assigned to it, nor this one to another item.
    const other = await arrive({ code: digits(12) });
    expect((await t.logistics.put(`/api/receiving/arrivals/${other.body.id}`, admin, { itemId: item.id })).status).toBe(409);
    expect((await arrive({ code: 'again', itemId: item.id })).body.id).toBe(unmatched.body.id);
    expect((await t.logistics.put(`/api/receiving/arrivals/${randomUUID()}`, admin, { itemId: item.id })).status).toBe(404);
    expect((await t.logistics.put(`/api/receiving/arrivals/${other.body.id}`, admin, {})).status).toBe(400);
    expect((await t.logistics.put('/api/receiving/arrivals/nope', admin, { itemId: item.id })).status).toBe(400);
  });

  it('asks catalog about an item it has not heard of yet (just created) instead of answering 404', async () => {
    const item = await itemOf(ben, benProject.id, { name: 'Fresh from the search', trackingNumber: digits(12) });
    // As if catalog's creation fact had not arrived yet: the read model does not have the item.
    await t.logisticsService.db.$executeRaw`DELETE FROM items WHERE id = ${item.id}::uuid`;
    const res = await arrive({ code: 'fresh', itemId: item.id });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ itemId: item.id, itemName: 'Fresh from the search', projectName: 'Cedar House' });
  });

  it('refuses another status filter with 400', async () => {
    const res = await t.logistics.get('/api/receiving/arrivals?status=lost', admin);
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/status/);
  });
});

describe('inspections', () => {
  it('queues an arrived item by due time, overdue after 48 hours by the clock, done once inspected; a second inspection is a 409', async () => {
    const item = await itemOf(ada, adaProject.id, { name: 'Oak bench', trackingNumber: digits(12) });
    now = new Date('2026-06-10T10:00:00.000Z');
    expect((await arrive({ code: 'oak', itemId: item.id })).status).toBe(201);

    now = new Date('2026-06-12T09:59:00.000Z');
    const pending = (await queue('pending')).find((e) => e.itemId === item.id);
    expect(pending).toMatchObject({ itemName: 'Oak bench', projectName: 'Harbour Loft', arrivedAt: '2026-06-10T10:00:00.000Z', dueAt: '2026-06-12T10:00:00.000Z', overdue: false });
    expect(pending).not.toHaveProperty('condition');
    expect((await queue('overdue')).map((e) => e.itemId)).not.toContain(item.id);

    now = new Date('2026-06-12T10:01:00.000Z');
    expect((await queue('overdue')).find((e) => e.itemId === item.id)).toMatchObject({ overdue: true });
    const dues = (await queue('pending')).map((e) => e.dueAt);
    expect(dues).toEqual([...dues].sort());

    const done = await inspect(item.id, { condition: 'good', notes: 'All pieces present' });
    expect(done.status).toBe(201);
    expect(done.body).toMatchObject({ itemId: item.id, condition: 'good', notes: 'All pieces present', photoUrls: [], inspectedAt: '2026-06-12T10:01:00.000Z', damageReportId: null });
    expect((await queue('pending')).map((e) => e.itemId)).not.toContain(item.id);
    expect((await queue('done')).find((e) => e.itemId === item.id)).toMatchObject({ condition: 'good', inspectedAt: '2026-06-12T10:01:00.000Z', overdue: false });

    const second = await inspect(item.id, { condition: 'damaged' });
    expect(second.status).toBe(409);
    expect(second.body.message).toMatch(/inspected already/);
  });

  it('refuses an item that has not arrived (409), another condition, photo or status (400)', async () => {
    const item = await itemOf(ada, adaProject.id, { name: 'Not here yet' });
    expect((await inspect(item.id, { condition: 'good' })).status).toBe(409);
    for (const body of [{}, { condition: 'broken' }, { condition: 'good', photoUrls: ['https://example.com/x.png'] }, { condition: 'good', photoUrls: 'x' }]) {
      const res = await inspect(item.id, body);
      expect([res.status, typeof res.body.message]).toEqual([400, 'string']);
    }
    expect((await inspect('not-an-id', { condition: 'good' })).status).toBe(400);
    expect((await inspect(randomUUID(), { condition: 'good' })).status).toBe(404);
    const res = await t.logistics.get('/api/receiving/inspections?status=late', admin);
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/pending, overdue, done/);
  });
});

describe('what the designer sees in catalog', () => {
  it('the item is received as of the arrival within 3 s; the inspection and the damage report follow', async () => {
    const item = await itemOf(ada, adaProject.id, { name: `Linen sofa ${digits(4)}`, trackingNumber: digits(12) });
    now = new Date('2026-08-03T14:20:00.000Z');
    const started = Date.now();
    expect((await arrive({ code: 'sofa', itemId: item.id })).status).toBe(201);
    type Detail = { items: { id: string; status: string; receivedAt: string | null; inspection: unknown }[]; damageReports: { itemId: string; condition: string }[] };
    const detail = async () => (await t.catalog.get(`/api/projects/${adaProject.id}`, ada)).body as Detail;
    const mine = (d: Detail) => d.items.find((i) => i.id === item.id)!;
    await eventually(detail, (d) => mine(d).status === 'received', 3000);
    expect(Date.now() - started).toBeLessThan(3000);
    expect(mine(await detail()).receivedAt).toBe('2026-08-03T14:20:00.000Z');

    expect((await inspect(item.id, { condition: 'missing-parts', notes: 'No legs in the box' })).status).toBe(201);
    const after = await eventually(detail, (d) => mine(d).inspection !== null && d.damageReports.some((r) => r.itemId === item.id), 5000);
    expect(mine(after).inspection).toEqual({ condition: 'missing-parts', inspectedAt: '2026-08-03T14:20:00.000Z', notes: 'No legs in the box', photoUrls: [] });
    expect(after.damageReports.find((r) => r.itemId === item.id)).toMatchObject({ condition: 'missing-parts' });
  });
});

describe('a damage report', () => {
  const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(120, 9)]);

  async function photoOf(who: Actor): Promise<string> {
    const url = (await t.logistics.post('/api/objects/upload', who)).body.uploadURL as string;
    const put = await fetch(`${t.logisticsService.url}${url}`, { method: 'PUT', headers: { ...who.headers, 'content-type': 'image/png' }, body: new Uint8Array(PNG) });
    expect(put.status).toBe(200);
    return url;
  }

  it('is e-mailed (HTML and text) to the owner and members within 10 s, with photo links that open without a session for 7 days and then stop', async () => {
    const name = `Marble table ${digits(5)}`;
    const item = await itemOf(ada, adaProject.id, { name, trackingNumber: digits(12) });
    now = new Date('2026-07-01T12:00:00.000Z');
    expect((await arrive({ code: 'marble', itemId: item.id })).status).toBe(201);
    const photo = await photoOf(admin);
    const events = await watchEvents('logistics.>');
    const started = Date.now();
    const res = await inspect(item.id, { condition: 'damaged', notes: 'Cracked top, left corner', photoUrls: [photo] });
    expect(res.status).toBe(201);
    expect(res.body.damageReportId).toEqual(expect.any(String));
    expect(res.body.photoUrls).toEqual([expect.stringMatching(/^\/api\/photos\/[0-9a-f-]{36}$/)]);

    const mailTo = (address: string) => (m: SunkMail) => m.subject.includes(name) && m.to.some((to) => to.address.toLowerCase() === address.toLowerCase());
    const inbox = await eventually(() => readMail(testEnv().mailUrl), (all) => all.some(mailTo(ada.email)) && all.some(mailTo(member.email)), 10_000);
    expect(Date.now() - started).toBeLessThan(10_000);
    const mail = inbox.find(mailTo(ada.email))!;
    expect(mail.subject).toBe(`Damage report: ${name} (Harbour Loft) — Damaged`);
    for (const body of [mail.text, mail.html!]) {
      expect(body).toContain(name);
      expect(body).toContain('Harbour Loft');
      expect(body).toContain('Damaged');
      expect(body).toContain('Cracked top, left corner');
      // A link to the project's page on the platform's public address (PUBLIC_URL).
      expect(body).toContain(`http://localhost:8080/projects/${adaProject.id}`);
    }
    expect(mail.html).toContain(`href="http://localhost:8080/projects/${adaProject.id}"`);
    expect(inbox.some(mailTo(ben.email))).toBe(false);

    const link = /Photo 1: (\S+)/.exec(mail.text)![1]!;
    expect(link.startsWith('http://localhost:8080/api/damage-photos/')).toBe(true);
    expect(mail.html).toContain(link.replace(/&/g, '&amp;'));
    const path = link.slice('http://localhost:8080'.length);
    const open = (p: string) => fetch(`${t.logisticsService.url}${p}`);
    const opened = await open(path);
    expect(opened.status).toBe(200);
    expect(opened.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await opened.arrayBuffer()).equals(PNG)).toBe(true);
    expect((await open(path.replace(/sig=[^&]+/, 'sig=forged'))).status).toBe(404);
    expect((await open(path.replace(/expires=\d+/, (e) => `expires=${Number(e.slice(8)) + 86_400}`))).status).toBe(404);

    now = new Date('2026-07-08T11:59:00.000Z');
    expect((await open(path)).status).toBe(200);
    now = new Date('2026-07-08T12:00:00.000Z');
    expect((await open(path)).status).toBe(410);

    const reported = (await events.settle()).filter((e) => e.type === 'logistics.damage.reported.v1' && (e.data as { itemId: string }).itemId === item.id);
    events.close();
    expect(reported.map((e) => e.data)).toEqual([
      expect.objectContaining({ damageReportId: res.body.damageReportId, itemName: name, projectId: adaProject.id, condition: 'damaged', notes: 'Cracked top, left corner', photoUrls: res.body.photoUrls, reportedAt: '2026-07-01T12:00:00.000Z' }),
    ]);
  }, 30_000);

  it('reaches an owner whose facts never reached logistics: it asks identity first', async () => {
    // Identity's answer over NATS (its own side is tested in identity): only this owner is known to it.
    const stranger = actor();
    const nc = await connect({ servers: testEnv().natsUrl });
    const asked: string[] = [];
    const identity = answerOwnerQueries({ nc } as Bus, pino({ level: 'silent' }), {
      'identity.user': async (id) => {
        asked.push(id);
        return id === stranger.userId
          ? [makeEvent('identity.user.updated.v1', { userId: id, email: stranger.email, firstName: 'Olu', lastName: 'Adeyemi', company: null, systemRole: 'designer', updatedAt: '2020-01-01T00:00:00.000Z' })]
          : [];
      },
    });
    try {
      const project = await t.project(stranger, { name: 'Old Mill' });
      const name = `Oak dresser ${digits(5)}`;
      const item = await itemOf(stranger, project.id, { name, trackingNumber: digits(12) });
      expect(await t.logisticsService.db.$queryRaw<{ n: number }[]>`SELECT count(*)::int AS n FROM users WHERE id = ${stranger.userId}::uuid`).toEqual([{ n: 0 }]);
      expect((await arrive({ code: 'dresser', itemId: item.id })).status).toBe(201);
      expect((await inspect(item.id, { condition: 'damaged', notes: 'Split side panel' })).status).toBe(201);

      const toStranger = (m: SunkMail) => m.subject.includes(name) && m.to.some((to) => to.address.toLowerCase() === stranger.email.toLowerCase());
      const inbox = await eventually(() => readMail(testEnv().mailUrl), (all) => all.some(toStranger), 15_000);
      expect(inbox.filter(toStranger)).toHaveLength(1);
      expect(asked).toContain(stranger.userId);
    } finally {
      await identity.stop();
      await nc.close();
    }
  }, 30_000);

  it('shows its photos to the project’s people through the photo path', async () => {
    const item = await itemOf(ada, adaProject.id, { name: 'Glass vase', trackingNumber: digits(12) });
    expect((await arrive({ code: 'vase', itemId: item.id })).status).toBe(201);
    const res = await inspect(item.id, { condition: 'missing-parts', photoUrls: [await photoOf(admin)] });
    expect(res.status).toBe(201);
    const read = (who: Actor) => fetch(`${t.logisticsService.url}${res.body.photoUrls[0]}`, { headers: who.headers }).then((r) => r.status);
    expect([await read(ada), await read(member), await read(ben)]).toEqual([200, 200, 404]);
  });

  it('takes only the inspector’s own completed uploads as photos', async () => {
    const item = await itemOf(ada, adaProject.id, { name: 'Ceramic lamp', trackingNumber: digits(12) });
    expect((await arrive({ code: 'lamp', itemId: item.id })).status).toBe(201);
    const someoneElses = await photoOf(ada);
    const res = await inspect(item.id, { condition: 'damaged', photoUrls: [someoneElses] });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/photoUrl/);
  });
});
