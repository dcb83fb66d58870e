import Ajv2020 from 'ajv/dist/2020';
import { buildOpenApiDocument } from '@midway/contracts';
import { logisticsService } from '@midway/logistics';
import { authenticatorCode, invitationLinkFor, serviceClient, startService } from '@midway/testing';
import { json, sessionCookieOf, startTestCatalog, startTestGateway, startTestIdentity, uniqueEmail } from './gateway-harness';

/**
 * The document describes what the services really answer: one walk through every call, each answer's status
 * must be one the document lists for that operation and its JSON body must validate against the schema there.
 */
const doc = buildOpenApiDocument();
const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: false });
ajv.addSchema(doc as object, 'openapi.json');
const pointer = (...parts: string[]) => parts.map((p) => p.replace(/~/g, '~0').replace(/\//g, '~1')).join('/');

/**
 * Calls this walk does not make yet: the confirmation-page sign-out (the same as GET /api/logout), and billing's
 * calls (its first cut landed without its tests; most need an admin session and invoice data) — billing's own
 * tests are where they get exercised.
 */
const NOT_WALKED = ['POST /api/logout', 'GET /api/invoices', 'POST /api/invoices', 'POST /api/projects/{projectId}/invoices', 'POST /api/create-payment-intent', 'GET /api/pay/', 'POST /api/pay/', 'POST /api/billing', 'GET /api/billing', 'PUT /api/billing', 'DELETE /api/billing', 'PUT /api/invoices', 'DELETE /api/invoices'];

interface Call {
  method: 'get' | 'post' | 'put' | 'delete';
  /** The documented path template, e.g. /api/projects/{id}. */
  path: string;
  params?: Record<string, string>;
  query?: string;
  body?: unknown;
  /** Raw bytes instead of JSON (a file upload). */
  raw?: { type: string; bytes: Buffer };
  cookie?: string;
}

describe('what the services answer matches the OpenAPI document', () => {
  let gatewayUrl = '';
  let stops: (() => Promise<void>)[] = [];
  let makeAdmin: (email: string, password: string) => Promise<unknown> = async () => undefined;
  const checked = new Set<string>();

  beforeAll(async () => {
    const identity = await startTestIdentity();
    const catalog = await startTestCatalog();
    const logistics = await startService(logisticsService);
    const gateway = await startTestGateway(identity.url, { CATALOG_URL: catalog.url, LOGISTICS_URL: logistics.url });
    gatewayUrl = gateway.url;
    stops = [() => gateway.stop(), () => logistics.stop(), () => catalog.stop(), () => identity.stop()];
    makeAdmin = (email, password) => identity.auth.createUser({ email, password, firstName: 'Ada', lastName: 'Admin', systemRole: 'midway_admin' });
  });
  afterAll(async () => {
    for (const stop of stops) await stop();
  });

  /** Makes the call, checks its status and body against the document, and returns the response and its JSON. */
  async function call(c: Call): Promise<{ res: Response; body: any }> {
    const url = c.path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(c.params![name]!)) + (c.query ? `?${c.query}` : '');
    const headers: Record<string, string> = c.cookie ? { cookie: c.cookie } : {};
    const init: RequestInit = c.raw
      ? { method: c.method.toUpperCase(), headers: { ...headers, 'content-type': c.raw.type }, body: new Uint8Array(c.raw.bytes), redirect: 'manual' }
      : c.body === undefined
        ? { method: c.method.toUpperCase(), headers, redirect: 'manual' }
        : { ...json(c.body, headers), method: c.method.toUpperCase(), redirect: 'manual' };
    const res = await fetch(`${gatewayUrl}${url}`, init);
    const text = await res.text();
    const where = `${c.method.toUpperCase()} ${c.path} → ${res.status} ${text.slice(0, 300)}`;
    const operation = doc.paths[c.path]?.[c.method];
    expect({ where, documented: !!operation }).toEqual({ where, documented: true });
    const response = operation!.responses[String(res.status)];
    expect({ where, statusDocumented: !!response }).toEqual({ where, statusDocumented: true });
    const body = res.headers.get('content-type')?.startsWith('application/json') ? JSON.parse(text) : text;
    const schema = response!.content?.['application/json']?.schema;
    if (schema) {
      const validate = ajv.getSchema(`openapi.json#/${pointer('paths', c.path, c.method, 'responses', String(res.status), 'content', 'application/json', 'schema')}`)!;
      const valid = validate(body);
      expect({ where, errors: valid ? [] : validate.errors }).toEqual({ where, errors: [] });
    }
    checked.add(`${c.method.toUpperCase()} ${c.path}`);
    return { res, body };
  }

  it('can fail: a body with a field the document lacks, or without one it requires, does not validate', () => {
    const validate = ajv.getSchema(`openapi.json#/${pointer('paths', '/api/projects', 'post', 'responses', '201', 'content', 'application/json', 'schema')}`)!;
    const project = { id: crypto.randomUUID(), name: 'n', location: 'l', clientName: 'c', clientEmail: null, status: 'active', installDate: null, createdById: crypto.randomUUID(), createdAt: 'x', updatedAt: 'x', shareToken: null, itemCount: 0, progress: 0, access: 'owner' };
    expect(validate(project)).toBe(true);
    expect(validate({ ...project, secret: 'leaked' })).toBe(false);
    const { id: _id, ...withoutId } = project;
    expect(validate(withoutId)).toBe(false);
  });

  it('answers every documented call as documented, errors included', async () => {
    const reg = await call({ method: 'post', path: '/api/register', body: { email: uniqueEmail(), password: 'long-enough-1', firstName: 'Ana', lastName: 'Lima' } });
    expect(reg.res.status).toBe(201);
    const cookie = sessionCookieOf(reg.res)!;
    const other = await call({ method: 'post', path: '/api/register', body: { email: uniqueEmail(), password: 'long-enough-1', firstName: 'Ben', lastName: 'Ode' } });
    const login = await call({ method: 'post', path: '/api/login', body: { email: other.body.email, password: 'long-enough-1' } });
    expect(login.res.status).toBe(200);
    await call({ method: 'post', path: '/api/login', body: { email: other.body.email, password: 'wrong-password' } });
    await call({ method: 'get', path: '/api/login' });
    await call({ method: 'get', path: '/api/register' });
    await call({ method: 'get', path: '/api/auth/user', cookie });
    await call({ method: 'post', path: '/api/contact', body: { firstName: 'Ana', lastName: 'Lima', email: 'ana@example.com', message: 'Hello' } });
    await call({ method: 'get', path: '/api/password-reset' });
    await call({ method: 'post', path: '/api/password-reset', body: { email: other.body.email } });
    await call({ method: 'get', path: '/api/password-reset/confirm', query: 'token=unknown' });
    await call({ method: 'post', path: '/api/password-reset/confirm', body: { token: 'unknown', password: 'long-enough-2' } });
    await call({ method: 'post', path: '/api/user/password', body: { currentPassword: 'wrong-password', newPassword: 'long-enough-2' }, cookie });
    await call({ method: 'post', path: '/api/user/password', body: { currentPassword: 'long-enough-1', newPassword: 'long-enough-2' }, cookie });
    await call({ method: 'put', path: '/api/user/profile', body: { firstName: 'Ana', lastName: 'Lima', company: 'Studio Norte', phone: '+351 21 000 0000' }, cookie });
    await call({ method: 'put', path: '/api/user/profile', body: { firstName: '' }, cookie });

    // Staff's second factor: enrolment, then the sign-in's second step; the provider sign-in without configuration.
    const staffEmail = uniqueEmail('staff');
    await makeAdmin(staffEmail, 'long-enough-1');
    const staff = sessionCookieOf((await call({ method: 'post', path: '/api/login', body: { email: staffEmail, password: 'long-enough-1' } })).res)!;
    await call({ method: 'post', path: '/api/auth/second-factor/setup', cookie });
    const { secret } = (await call({ method: 'post', path: '/api/auth/second-factor/setup', cookie: staff })).body;
    await call({ method: 'post', path: '/api/auth/second-factor/confirm', body: { code: 'abc' }, cookie: staff });
    expect((await call({ method: 'post', path: '/api/auth/second-factor/confirm', body: { code: authenticatorCode(secret, Date.now() - 30_000) }, cookie: staff })).res.status).toBe(200);
    const pendingStep = await call({ method: 'post', path: '/api/login', body: { email: staffEmail, password: 'long-enough-1' } });
    expect(pendingStep.res.status).toBe(202);
    const pending = pendingStep.res.headers.getSetCookie().find((c) => c.startsWith('midway_second_step='))!.split(';')[0]!;
    await call({ method: 'get', path: '/api/login/second-factor' });
    await call({ method: 'get', path: '/api/login/second-factor', cookie: pending });
    await call({ method: 'post', path: '/api/login/second-factor', body: { code: authenticatorCode(secret, Date.now() - 60_000) }, cookie: pending });
    expect((await call({ method: 'post', path: '/api/login/second-factor', body: { code: authenticatorCode(secret) }, cookie: pending })).res.status).toBe(200);
    await call({ method: 'get', path: '/api/login/oidc/{provider}', params: { provider: 'google' } });
    await call({ method: 'get', path: '/api/login/oidc/{provider}/callback', params: { provider: 'google' }, query: 'code=x&state=y' });

    await call({ method: 'get', path: '/api/projects' });
    await call({ method: 'post', path: '/api/projects', body: {}, cookie });
    const project = (await call({ method: 'post', path: '/api/projects', body: { name: 'Loft', clientName: 'Ines', location: 'Porto', installDate: '2027-01-15' }, cookie })).body;
    const id = { id: project.id };
    await call({ method: 'get', path: '/api/projects', cookie });
    await call({ method: 'get', path: '/api/projects/{id}', params: { id: crypto.randomUUID() }, cookie });
    await call({ method: 'put', path: '/api/projects/{id}', params: id, body: { status: 'in-progress' }, cookie });

    const item = (await call({ method: 'post', path: '/api/projects/{id}/items', params: id, body: { name: 'Sofa', price: '1200.50', quantity: 2, trackingNumber: 'TRK1' }, cookie })).body;
    await call({ method: 'post', path: '/api/projects/{id}/items/bulk', params: id, body: { items: [{ name: 'Lamp' }, { name: '' }] }, cookie });
    await call({ method: 'put', path: '/api/items/{id}', params: { id: item.id }, body: { notes: 'Fragile' }, cookie });
    await call({ method: 'put', path: '/api/items/{id}/status', params: { id: item.id }, body: { status: 'shipped' }, cookie });
    await call({ method: 'put', path: '/api/items/{id}/status', params: { id: item.id }, body: { status: 'received' }, cookie });
    await call({ method: 'get', path: '/api/items', query: 'limit=1', cookie });
    await call({ method: 'get', path: '/api/items/summary', query: `projectId=${project.id}`, cookie });
    await call({ method: 'get', path: '/api/items/tracking-matches', query: 'trackingNumber=TRK1', cookie });
    await call({ method: 'post', path: '/api/items/bulk-status', body: { itemIds: [item.id], status: 'stored' }, cookie });
    await call({ method: 'post', path: '/api/items/bulk-status', body: { itemIds: [crypto.randomUUID()], status: 'stored' }, cookie });
    const spare = (await call({ method: 'post', path: '/api/projects/{id}/items', params: id, body: { name: 'Spare stool' }, cookie })).body;
    await call({ method: 'post', path: '/api/items/bulk-delete', body: { itemIds: [spare.id] }, cookie });
    await call({ method: 'post', path: '/api/items/bulk-delete', body: { itemIds: [] }, cookie });
    await call({ method: 'get', path: '/api/projects/{id}', params: id, cookie });

    // Members join by invitation: the owner invites, the invitee (signed in with that address) accepts.
    const otherCookie = sessionCookieOf(login.res)!;
    await call({ method: 'post', path: '/api/projects/{id}/members', params: id, body: { email: other.body.email, role: 'viewer' }, cookie });
    await call({ method: 'get', path: '/api/projects/{id}/members', params: id, cookie });
    // The invitee's address is unverified: they see no invitation, accepting by its id is a 403, the e-mailed link's token lets them in.
    expect((await call({ method: 'get', path: '/api/invitations', cookie: otherCookie })).body).toEqual([]);
    await call({ method: 'get', path: '/api/invitations/link/{token}', params: { token: 'x'.repeat(43) } });
    await call({ method: 'post', path: '/api/invitations/{id}/decline', params: { id: crypto.randomUUID() }, cookie: otherCookie });
    const invitationId = (await call({ method: 'get', path: '/api/projects/{id}/members', params: id, cookie })).body.find((m: { status: string }) => m.status === 'invited').id;
    expect((await call({ method: 'post', path: '/api/invitations/{id}/accept', params: { id: invitationId }, cookie: otherCookie })).res.status).toBe(403);
    const { token } = await invitationLinkFor(serviceClient(gatewayUrl), other.body.email, project.id);
    expect((await call({ method: 'post', path: '/api/invitations/{id}/accept', params: { id: invitationId }, body: { token }, cookie: otherCookie })).res.status).toBe(200);
    await call({ method: 'get', path: '/api/auth/verify-email', query: 'token=unknown' });
    await call({ method: 'post', path: '/api/auth/verify-email/resend', cookie: otherCookie });
    await call({ method: 'get', path: '/api/projects/{id}/members', params: id, cookie });
    await call({ method: 'delete', path: '/api/projects/{id}/members/{userId}', params: { ...id, userId: other.body.id }, cookie });

    const share = (await call({ method: 'post', path: '/api/projects/{id}/share', params: id, cookie })).body;
    await call({ method: 'get', path: '/api/shared/projects/{token}', params: { token: share.shareToken } });

    // Logistics creates an item's services from catalog's event: wait for them.
    let services: { id: string }[] = [];
    for (let i = 0; i < 100 && services.length === 0; i++) {
      services = (await call({ method: 'get', path: '/api/services', query: `projectId=${project.id}`, cookie })).body;
      if (services.length === 0) await new Promise((r) => setTimeout(r, 100));
    }
    expect(services.length).toBeGreaterThan(0);
    await call({ method: 'get', path: '/api/services/summary', query: `projectId=${project.id}`, cookie });
    await call({ method: 'put', path: '/api/services/{id}', params: { id: services[0]!.id }, body: { selected: true }, cookie });
    await call({ method: 'put', path: '/api/services/{id}', params: { id: services[0]!.id }, body: { selected: 'yes' }, cookie });
    await call({ method: 'post', path: '/api/services/bulk', body: { filter: { projectId: project.id }, selected: true }, cookie });
    await call({ method: 'get', path: '/api/carriers', cookie });

    // Photos: this walk has no object store, so only the answers that do not reach one (photos.api.test.ts in
    // logistics stores and serves real ones).
    await call({ method: 'post', path: '/api/objects/upload', cookie });
    const png = { type: 'image/png', bytes: Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 7)]) };
    await call({ method: 'put', path: '/api/objects/uploads/{id}', params: { id: crypto.randomUUID() }, query: 'sig=wrong', raw: png, cookie });
    await call({ method: 'put', path: '/api/item-photos', body: {}, cookie });
    await call({ method: 'get', path: '/api/photos/{key}', params: { key: crypto.randomUUID() }, cookie });
    await call({ method: 'get', path: '/api/shared/photos/{token}/{key}', params: { token: share.shareToken, key: crypto.randomUUID() } });

    // Purchase orders: no object store here either, so the refusal by the bytes (a PNG is a 415) and the reads.
    await call({ method: 'post', path: '/api/projects/{id}/purchase-orders', params: id, raw: { type: 'application/pdf', bytes: png.bytes }, cookie });
    await call({ method: 'get', path: '/api/projects/{id}/purchase-orders', params: id, cookie });
    await call({ method: 'get', path: '/api/purchase-orders/{id}', params: { id: crypto.randomUUID() }, cookie });
    await call({ method: 'get', path: '/api/purchase-orders/{id}/file', params: { id: crypto.randomUUID() }, cookie });
    await call({ method: 'post', path: '/api/purchase-orders/{id}/import', params: { id: crypto.randomUUID() }, cookie });

    // The receiving desk, as the provider's staff (admin) and as a designer (403).
    const adminEmail = uniqueEmail('desk');
    await makeAdmin(adminEmail, 'long-enough-1');
    const admin = sessionCookieOf((await call({ method: 'post', path: '/api/login', body: { email: adminEmail, password: 'long-enough-1' } })).res)!;
    await call({ method: 'post', path: '/api/receiving/scan', body: { code: 'TRK1' }, cookie: admin });
    await call({ method: 'post', path: '/api/receiving/scan', body: { code: 'TRK1' }, cookie });
    await call({ method: 'post', path: '/api/receiving/scan', body: {}, cookie: admin });
    const unmatched = (await call({ method: 'post', path: '/api/receiving/arrivals', body: { code: 'NOT-OURS-123456' }, cookie: admin })).body;
    await call({ method: 'get', path: '/api/receiving/arrivals', query: 'status=unmatched', cookie: admin });
    await call({ method: 'put', path: '/api/receiving/arrivals/{id}', params: { id: unmatched.id ?? crypto.randomUUID() }, body: { itemId: crypto.randomUUID() }, cookie: admin });
    await call({ method: 'get', path: '/api/receiving/assignable-items', query: 'q=Sofa', cookie: admin });
    await call({ method: 'get', path: '/api/receiving/assignable-items', query: 'q=Sofa', cookie });
    await call({ method: 'post', path: '/api/receiving/arrivals/{id}/discard', params: { id: unmatched.id ?? crypto.randomUUID() }, body: {}, cookie: admin });
    await call({ method: 'post', path: '/api/receiving/arrivals/{id}/discard', params: { id: unmatched.id ?? crypto.randomUUID() }, body: { reason: 'A mis-scan of a neighbour’s parcel' }, cookie: admin });
    await call({ method: 'get', path: '/api/receiving/inspections', query: 'status=pending', cookie: admin });
    await call({ method: 'post', path: '/api/receiving/inspections/{itemId}', params: { itemId: crypto.randomUUID() }, body: { condition: 'good' }, cookie: admin });
    await call({ method: 'get', path: '/api/damage-photos/{key}', params: { key: crypto.randomUUID() }, query: 'expires=1&sig=wrong' });

    // Deliveries: the designer books the stored item for the next business day; the admin plans the run, takes it
    // out and records the proof; refusals on the way (a weekend day, staff calls as a designer, a late cancel).
    const day = new Date();
    do day.setUTCDate(day.getUTCDate() + 1);
    while (day.getUTCDay() === 0 || day.getUTCDay() === 6);
    const date = day.toISOString().slice(0, 10);
    // The item arrives at the desk (the warehouse holds it) and is counted on a shelf: a count started twice (409),
    // the item scanned there though recorded nowhere, closed moving it there; the counts listed and read.
    await call({ method: 'post', path: '/api/receiving/arrivals', body: { code: 'TRK1', itemId: item.id }, cookie: admin });
    await call({ method: 'post', path: '/api/warehouse/locations', body: { code: 'WALK-COUNT', name: 'Walk shelf', kind: 'bin' }, cookie: admin });
    await call({ method: 'post', path: '/api/warehouse/counts', body: { locationCode: 'WALK-COUNT' }, cookie });
    const count = (await call({ method: 'post', path: '/api/warehouse/counts', body: { locationCode: 'WALK-COUNT' }, cookie: admin })).body;
    await call({ method: 'post', path: '/api/warehouse/counts', body: { locationCode: 'WALK-COUNT' }, cookie: admin });
    const cId = { id: count.id ?? crypto.randomUUID() };
    await call({ method: 'post', path: '/api/warehouse/counts/{id}/scans', params: cId, body: { code: `${item.id}/1` }, cookie: admin });
    await call({ method: 'post', path: '/api/warehouse/counts/{id}/scans', params: cId, body: { itemId: crypto.randomUUID() }, cookie: admin });
    await call({ method: 'get', path: '/api/warehouse/counts/{id}', params: cId, cookie: admin });
    await call({ method: 'post', path: '/api/warehouse/counts/{id}/close', params: cId, body: { confirmMoves: true }, cookie: admin });
    await call({ method: 'post', path: '/api/warehouse/counts/{id}/close', params: cId, body: { confirmMoves: true }, cookie: admin });
    await call({ method: 'get', path: '/api/warehouse/counts', query: 'locationCode=WALK-COUNT', cookie: admin });
    await call({ method: 'get', path: '/api/warehouse/counts', cookie });
    // Custody: staff make a shelf (a second of the code is a 409), print labels, put the item away by scan (an unknown
    // place is a 400, a designer 403), find it; its designer reads its custody and timeline; another item is released.
    const shelf = (await call({ method: 'post', path: '/api/warehouse/locations', body: { code: 'WALK-SHELF', name: 'Walk shelf 2', kind: 'bin' }, cookie: admin })).body;
    await call({ method: 'post', path: '/api/warehouse/locations', body: { code: 'walk-shelf', name: 'Again', kind: 'bin' }, cookie: admin });
    await call({ method: 'post', path: '/api/warehouse/locations', body: { code: 'WALK-X', name: 'Mine', kind: 'bin' }, cookie });
    await call({ method: 'get', path: '/api/warehouse/locations', cookie: admin });
    await call({ method: 'get', path: '/api/warehouse/locations/{id}/label.pdf', params: { id: shelf.id ?? crypto.randomUUID() }, cookie: admin });
    await call({ method: 'get', path: '/api/warehouse/locations/{id}/label.pdf', params: { id: crypto.randomUUID() }, cookie: admin });
    await call({ method: 'get', path: '/api/warehouse/items/{id}/label.pdf', params: { id: item.id }, cookie: admin });
    await call({ method: 'post', path: '/api/warehouse/moves', body: { code: `${item.id}/1`, locationCode: 'WALK-SHELF' }, cookie: admin });
    await call({ method: 'post', path: '/api/warehouse/moves', body: { itemId: item.id, locationCode: 'NO-SUCH-SHELF' }, cookie: admin });
    await call({ method: 'post', path: '/api/warehouse/moves', body: { itemId: item.id, locationCode: 'WALK-SHELF' }, cookie });
    await call({ method: 'get', path: '/api/warehouse/items', query: 'q=sofa&limit=1', cookie: admin });
    await call({ method: 'get', path: '/api/warehouse/items', query: 'limit=0', cookie: admin });
    await call({ method: 'get', path: '/api/warehouse/items/{id}', params: { id: item.id }, cookie });
    await call({ method: 'get', path: '/api/warehouse/items/{id}', params: { id: crypto.randomUUID() }, cookie });
    await call({ method: 'get', path: '/api/warehouse/items/{id}/timeline', params: { id: item.id }, cookie });
    const chair = (await call({ method: 'post', path: '/api/projects/{id}/items', params: id, body: { name: 'Side chair' }, cookie })).body;
    await call({ method: 'post', path: '/api/receiving/arrivals', body: { code: 'TRK2', itemId: chair.id, pieces: 1 }, cookie: admin });
    await call({ method: 'post', path: '/api/warehouse/items/{id}/release', params: { id: chair.id }, body: { reason: 'returned-to-vendor', receivedBy: 'Vendor driver' }, cookie: admin });
    await call({ method: 'post', path: '/api/warehouse/items/{id}/release', params: { id: chair.id }, body: { reason: 'returned-to-vendor', receivedBy: 'Vendor driver' }, cookie: admin });
    await call({ method: 'post', path: '/api/warehouse/items/{id}/release', params: { id: chair.id }, body: { reason: 'lost' }, cookie: admin });


    await call({ method: 'post', path: '/api/projects/{id}/deliveries', params: id, body: { date: '2030-01-05', itemIds: [item.id] }, cookie });
    let delivery: { id?: string } = {};
    // Logistics hears of the item's stored status from catalog's event.
    for (let i = 0; i < 100 && !delivery.id; i++) {
      delivery = (await call({ method: 'post', path: '/api/projects/{id}/deliveries', params: id, body: { date, itemIds: [item.id] }, cookie })).body;
      if (!delivery.id) await new Promise((r) => setTimeout(r, 100));
    }
    const dId = { id: delivery.id! };
    await call({ method: 'get', path: '/api/deliveries', query: `from=${date}&to=${date}`, cookie });
    await call({ method: 'get', path: '/api/deliveries/{id}', params: dId, cookie });
    await call({ method: 'put', path: '/api/deliveries/{id}', params: dId, body: { window: 'morning', notes: 'Gate code 4411' }, cookie });
    await call({ method: 'get', path: '/api/delivery-runs', query: `date=${date}`, cookie });
    await call({ method: 'get', path: '/api/delivery-runs', query: `date=${date}`, cookie: admin });
    await call({ method: 'get', path: '/api/delivery-runs/days', query: `from=${date}&days=7`, cookie: admin });
    await call({ method: 'get', path: '/api/delivery-runs/days', query: `from=${date}&days=99`, cookie: admin });
    const run = (await call({ method: 'post', path: '/api/delivery-runs', body: { date, deliveryIds: [dId.id] }, cookie: admin })).body;
    // The run's pick list and load check: out before loading is refused (409 naming the item), then the item is scanned on.
    const rId = { id: run.id ?? crypto.randomUUID() };
    await call({ method: 'get', path: '/api/delivery-runs/{id}/pick-list', params: rId, cookie });
    await call({ method: 'get', path: '/api/delivery-runs/{id}/pick-list', params: rId, cookie: admin });
    await call({ method: 'get', path: '/api/delivery-runs/{id}/pick-list.pdf', params: rId, cookie: admin });
    await call({ method: 'post', path: '/api/deliveries/{id}/out', params: dId, cookie: admin });
    await call({ method: 'post', path: '/api/delivery-runs/{id}/left-behind', params: rId, body: { itemId: crypto.randomUUID(), reason: 'Not ours' }, cookie: admin });
    await call({ method: 'post', path: '/api/delivery-runs/{id}/left-behind', params: rId, body: { itemId: item.id, reason: 'Leg loose' }, cookie });
    await call({ method: 'post', path: '/api/delivery-runs/{id}/load', params: rId, body: { code: `${item.id}/1` }, cookie: admin });
    await call({ method: 'post', path: '/api/delivery-runs/{id}/load', params: rId, body: { itemId: item.id }, cookie });
    await call({ method: 'post', path: '/api/deliveries/{id}/out', params: dId, cookie });
    await call({ method: 'post', path: '/api/deliveries/{id}/out', params: dId, cookie: admin });
    await call({ method: 'post', path: '/api/delivery-runs/{id}/left-behind', params: rId, body: { itemId: item.id, reason: 'Leg loose' }, cookie: admin });
    await call({ method: 'post', path: '/api/deliveries/{id}/complete', params: dId, body: { receivedBy: '' }, cookie: admin });
    await call({ method: 'post', path: '/api/deliveries/{id}/complete', params: dId, body: { receivedBy: 'J. Ellis' }, cookie: admin });
    await call({ method: 'post', path: '/api/deliveries/{id}/cancel', params: dId, cookie });

    await call({ method: 'get', path: '/api/dashboard/stats', cookie });
    await call({ method: 'get', path: '/api/dashboard/projects', query: 'limit=10&offset=0', cookie });
    await call({ method: 'get', path: '/api/dashboard/projects', query: 'limit=0', cookie });
    await call({ method: 'get', path: '/api/activities', query: 'limit=5', cookie });
    await call({ method: 'get', path: '/api/search', query: 'q=Loft', cookie });
    await call({ method: 'delete', path: '/api/items/{id}', params: { id: item.id }, cookie });

    await call({ method: 'get', path: '/api/openapi.json' });
    await call({ method: 'get', path: '/api/docs' });
    await call({ method: 'get', path: '/api/logout', cookie });

    // Every documented operation was exercised here but these (each with its reason).
    const documented = Object.entries(doc.paths).flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${path}`));
    expect(documented.filter((op) => !checked.has(op) && !NOT_WALKED.some((prefix) => op.startsWith(prefix)))).toEqual([]);
  });
});
