import { PHOTO_MAX_BYTES, PURCHASE_ORDER_MAX_BYTES } from '@midway/contracts';
import { matchRoute } from '../src/route-table';
import { signUp, standInService, useGateway } from './gateway-harness';

/**
 * Issue 10's routing entries: each logistics path reaches the logistics service (a stand-in here that echoes
 * what it received), signed-in except the client page's photos, and the photo upload target takes 10 MB.
 */
const t = useGateway({ standIns: { LOGISTICS_URL: () => echoService() } });
let cookie: string;
beforeAll(async () => {
  cookie = await signUp(t.gateway.url);
});

const SIGNED_IN = [
  ['GET', '/api/services?limit=10'],
  ['GET', '/api/services/summary'],
  ['PUT', '/api/services/0b8f3c2e-1111-4a4a-9b9b-123456789abc'],
  ['POST', '/api/services/bulk'],
  ['POST', '/api/objects/upload'],
  ['PUT', '/api/item-photos'],
  ['GET', '/api/photos/uploads/abc.jpg'],
  ['GET', '/api/carriers'],
  ['POST', '/api/receiving/scan'],
  ['POST', '/api/receiving/arrivals'],
  ['GET', '/api/receiving/arrivals?status=unmatched'],
  ['PUT', '/api/receiving/arrivals/0b8f3c2e-2222-4a4a-9b9b-123456789abc'],
  ['GET', '/api/receiving/inspections?status=pending'],
  ['POST', '/api/receiving/inspections/0b8f3c2e-3333-4a4a-9b9b-123456789abc'],
  ['POST', '/api/projects/0b8f3c2e-4444-4a4a-9b9b-123456789abc/deliveries'],
  ['GET', '/api/deliveries?status=requested&from=2026-03-02&to=2026-03-06'],
  ['GET', '/api/deliveries/0b8f3c2e-5555-4a4a-9b9b-123456789abc'],
  ['PUT', '/api/deliveries/0b8f3c2e-5555-4a4a-9b9b-123456789abc'],
  ['POST', '/api/deliveries/0b8f3c2e-5555-4a4a-9b9b-123456789abc/cancel'],
  ['POST', '/api/deliveries/0b8f3c2e-5555-4a4a-9b9b-123456789abc/out'],
  ['POST', '/api/deliveries/0b8f3c2e-5555-4a4a-9b9b-123456789abc/complete'],
  ['GET', '/api/delivery-runs?date=2026-03-03'],
  ['POST', '/api/delivery-runs'],
  ['POST', '/api/projects/0b8f3c2e-4444-4a4a-9b9b-123456789abc/purchase-orders'],
  ['GET', '/api/projects/0b8f3c2e-4444-4a4a-9b9b-123456789abc/purchase-orders'],
  ['GET', '/api/purchase-orders/0b8f3c2e-6666-4a4a-9b9b-123456789abc'],
  ['GET', '/api/purchase-orders/0b8f3c2e-6666-4a4a-9b9b-123456789abc/file'],
  ['POST', '/api/purchase-orders/0b8f3c2e-6666-4a4a-9b9b-123456789abc/import'],
  // Custody (issue 40): locations and labels, scans, find, release; a run's pick list and load check; counts.
  ['POST', '/api/warehouse/locations'],
  ['GET', '/api/warehouse/locations'],
  ['GET', '/api/warehouse/locations/0b8f3c2e-7777-4a4a-9b9b-123456789abc/label.pdf'],
  ['POST', '/api/warehouse/moves'],
  ['GET', '/api/warehouse/items?q=sofa&limit=20'],
  ['GET', '/api/warehouse/items/0b8f3c2e-8888-4a4a-9b9b-123456789abc'],
  ['GET', '/api/warehouse/items/0b8f3c2e-8888-4a4a-9b9b-123456789abc/timeline'],
  ['GET', '/api/warehouse/items/0b8f3c2e-8888-4a4a-9b9b-123456789abc/label.pdf'],
  ['POST', '/api/warehouse/items/0b8f3c2e-8888-4a4a-9b9b-123456789abc/release'],
  ['GET', '/api/delivery-runs/0b8f3c2e-9999-4a4a-9b9b-123456789abc/pick-list'],
  ['GET', '/api/delivery-runs/0b8f3c2e-9999-4a4a-9b9b-123456789abc/pick-list.pdf'],
  ['POST', '/api/delivery-runs/0b8f3c2e-9999-4a4a-9b9b-123456789abc/load'],
  ['POST', '/api/delivery-runs/0b8f3c2e-9999-4a4a-9b9b-123456789abc/left-behind'],
  ['POST', '/api/warehouse/counts'],
  ['GET', '/api/warehouse/counts?locationCode=B-12'],
  ['GET', '/api/warehouse/counts/0b8f3c2e-aaaa-4a4a-9b9b-123456789abc'],
  ['POST', '/api/warehouse/counts/0b8f3c2e-aaaa-4a4a-9b9b-123456789abc/scans'],
  ['POST', '/api/warehouse/counts/0b8f3c2e-aaaa-4a4a-9b9b-123456789abc/close'],
] as const;

describe('logistics routes', () => {
  it.each(SIGNED_IN)('%s %s reaches logistics for a signed-in caller and is 401 without a session', async (method, path) => {
    expect(matchRoute(path.split('?')[0]!)?.service).toBe('logistics');
    const body = method === 'GET' ? undefined : '{}';
    const res = await fetch(`${t.gateway.url}${path}`, { method, headers: { cookie, 'content-type': 'application/json' }, body });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ method, url: path, identified: true });
    const anonymous = await fetch(`${t.gateway.url}${path}`, { method, headers: { 'content-type': 'application/json' }, body });
    expect(anonymous.status).toBe(401);
  });

  it('a project’s deliveries are logistics’, its other paths stay catalog’s (and its invoices billing’s)', () => {
    expect(matchRoute('/api/projects/0b8f3c2e-4444-4a4a-9b9b-123456789abc/deliveries')?.service).toBe('logistics');
    expect(matchRoute('/api/projects/0b8f3c2e-4444-4a4a-9b9b-123456789abc/deliveries/x')?.service).toBe('catalog');
    expect(matchRoute('/api/projects/0b8f3c2e-4444-4a4a-9b9b-123456789abc')?.service).toBe('catalog');
    expect(matchRoute('/api/projects/0b8f3c2e-4444-4a4a-9b9b-123456789abc/items')?.service).toBe('catalog');
    expect(matchRoute('/api/projects/0b8f3c2e-4444-4a4a-9b9b-123456789abc/invoices')?.service).toBe('billing');
  });

  it('a project’s purchase orders are logistics’ (matched before catalog’s /api/projects)', () => {
    expect(matchRoute('/api/projects/0b8f3c2e-4444-4a4a-9b9b-123456789abc/purchase-orders')?.service).toBe('logistics');
    expect(matchRoute('/api/projects/0b8f3c2e-4444-4a4a-9b9b-123456789abc/purchase-orders/x')?.service).toBe('catalog');
  });

  it('the purchase-order upload takes a 10,485,760-byte PDF whole and refuses one byte more with 413', async () => {
    const post = (bytes: number) =>
      fetch(`${t.gateway.url}/api/projects/0b8f3c2e-4444-4a4a-9b9b-123456789abc/purchase-orders`, { method: 'POST', headers: { cookie, 'content-type': 'application/pdf' }, body: Buffer.alloc(bytes, 0x25) });
    const before = t.standIn('LOGISTICS_URL').requests();
    const ok = await post(PURCHASE_ORDER_MAX_BYTES);
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({ bytes: PURCHASE_ORDER_MAX_BYTES });
    expect((await post(PURCHASE_ORDER_MAX_BYTES + 1)).status).toBe(413);
    expect(t.standIn('LOGISTICS_URL').requests() - before).toBe(1);
  });

  it('GET /api/shared/photos/{token}/{key} is public: the share token is the credential', async () => {
    const res = await fetch(`${t.gateway.url}/api/shared/photos/tok123/uploads/abc.jpg`);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ method: 'GET', url: '/api/shared/photos/tok123/uploads/abc.jpg', identified: false });
  });

  it('GET /api/damage-photos/{key} is public: the signed link from the damage e-mail is the credential', async () => {
    const path = '/api/damage-photos/7d1c0f1e-aaaa-4bbb-8ccc-0123456789ab?expires=1900000000&sig=abc';
    expect(matchRoute('/api/damage-photos/7d1c0f1e-aaaa-4bbb-8ccc-0123456789ab')?.service).toBe('logistics');
    const res = await fetch(`${t.gateway.url}${path}`);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ method: 'GET', url: path, identified: false });
  });

  it('the upload target takes a 10,485,760-byte photo whole and refuses one byte more with 413; other logistics routes keep the default limit', async () => {
    const put = (path: string, bytes: number) =>
      fetch(`${t.gateway.url}${path}`, { method: 'PUT', headers: { cookie, 'content-type': 'application/octet-stream' }, body: Buffer.alloc(bytes, 0xab) });
    const before = t.standIn('LOGISTICS_URL').requests();
    const ok = await put('/api/objects/uploads/7d1c0f1e-aaaa-4bbb-8ccc-0123456789ab?sig=x', PHOTO_MAX_BYTES);
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({ bytes: PHOTO_MAX_BYTES });
    const over = await put('/api/objects/uploads/7d1c0f1e-aaaa-4bbb-8ccc-0123456789ab?sig=x', PHOTO_MAX_BYTES + 1);
    expect(over.status).toBe(413);
    const elsewhere = await put('/api/item-photos', 200 * 1024);
    expect(elsewhere.status).toBe(413);
    expect(t.standIn('LOGISTICS_URL').requests() - before).toBe(1);
  });
});

/** A stand-in logistics that answers what it received: method, path, body bytes, whether an identity came along. */
const echoService = () =>
  standInService((req, body) => ({ method: req.method, url: req.url, bytes: body.length, identified: Boolean(req.headers['x-midway-identity']) }));
