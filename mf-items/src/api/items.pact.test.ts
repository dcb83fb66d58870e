/**
 * @jest-environment node
 *
 * Pact consumer contract: mf-items' API client (items-api.ts) against catalog's HTTP API. Writes
 * pacts/mf-items-catalog.json at the repo root; catalog's provider verification (services/catalog/test/
 * pact.provider.test.ts) replays every pacts/*-catalog.json against the real service. Requests carry no
 * session: the verifier adds the caller identity of the state's designer (the gateway does that in production).
 */
import path from 'node:path';
import { MatchersV3, PactV4 } from '@pact-foundation/pact';
import { createItemsApi } from './items-api';

const { like, eachLike, integer, regex, uuid, iso8601DateTimeWithMillis, string, nullValue } = MatchersV3;

const PROJECT_ID = '2f1e8e8a-5f4b-4d8e-9a53-6a4c1e0b7a11';
const ITEM_ID = '9b2d6c1a-3e4f-4a5b-8c7d-1e2f3a4b5c6d';
const USER_ID = '7c0a3f5e-2a8f-4c1e-8b1a-0e5d2f9c6b33';

/** The provider states catalog's verification implements (shared with mf-projects' contract). */
const STATES = {
  designer: 'a designer with no projects',
  projectWithItem: 'a designer with a project "Lakeview Residence" containing one item',
  trackedItem: 'a designer with a project "Lakeview Residence" containing one item with the tracking number 1Z999AA10123456784',
} as const;
const withItem = { projectId: PROJECT_ID, itemId: ITEM_ID, userId: USER_ID };

const JSON_HEADERS = { 'Content-Type': regex(/application\/json.*/.source, 'application/json; charset=utf-8') };
const timestamp = () => iso8601DateTimeWithMillis('2026-03-02T15:04:05.000Z');
const money = (example: string) => regex(/^\d+\.\d{2}$/.source, example);

// Only the fields this consumer reads are in the contract.
const item = {
  id: uuid(ITEM_ID),
  projectId: uuid(PROJECT_ID),
  name: string('Walnut dining table'),
  supplier: string('Atelier North'),
  quantity: integer(1),
  scheduleNumber: nullValue(),
  trackingNumber: nullValue(),
  carrierId: nullValue(),
  status: regex(/^(ordered|in-transit|received|stored|delivered)$/.source, 'ordered'),
  /** The Items page and the project page show 'Out for delivery' while it is set. */
  outForDeliveryAt: nullValue(),
  notes: nullValue(),
  photoUrl: nullValue(),
  skuCode: nullValue(),
  price: money('1250.00'),
  createdAt: timestamp(),
  updatedAt: timestamp(),
  projectName: string('Lakeview Residence'),
  clientName: string('Jordan Ellis'),
};

const pact = new PactV4({
  consumer: 'mf-items',
  provider: 'catalog',
  dir: path.resolve(__dirname, '../../../pacts'),
  logLevel: 'warn',
});

describe('mf-items → catalog (Pact)', () => {
  it('GET /api/items pages the caller’s items with the page’s filters', () =>
    pact
      .addInteraction()
      .given(STATES.projectWithItem, withItem)
      .uponReceiving('a request for a page of a project’s items')
      .withRequest('GET', '/api/items', (req) => req.query({ projectId: PROJECT_ID, q: 'walnut', limit: '200' }))
      .willRespondWith(200, (res) => res.headers(JSON_HEADERS).jsonBody(eachLike(item)))
      .executeTest(async (server) => {
        const page = await createItemsApi(server.url).listItems({ projectId: PROJECT_ID, q: 'walnut' }, { limit: 200 });
        expect(page.items[0]).toMatchObject({ id: ITEM_ID, projectName: 'Lakeview Residence' });
        expect(page.nextCursor).toBeNull();
      }));

  it('GET /api/items/summary counts what the filters match', () =>
    pact
      .addInteraction()
      .given(STATES.projectWithItem, withItem)
      .uponReceiving('a request for the items summary of a project')
      .withRequest('GET', '/api/items/summary', (req) => req.query({ projectId: PROJECT_ID }))
      .willRespondWith(200, (res) =>
        res.headers(JSON_HEADERS).jsonBody({
          total: integer(1),
          ordered: integer(1),
          inTransit: integer(0),
          delivered: integer(0),
          received: integer(0),
          stored: integer(0),
          byStatus: { ordered: integer(1), 'in-transit': integer(0), received: integer(0), stored: integer(0), delivered: integer(0) },
          byProject: eachLike({ projectId: uuid(PROJECT_ID), count: integer(1) }),
        }),
      )
      .executeTest(async (server) => {
        const summary = await createItemsApi(server.url).itemsSummary({ projectId: PROJECT_ID });
        expect(summary).toMatchObject({ total: 1, ordered: 1, byProject: [{ projectId: PROJECT_ID, count: 1 }] });
      }));

  it('POST /api/projects/{id}/items creates an item from Create New Item (201)', () =>
    pact
      .addInteraction()
      .given(STATES.projectWithItem, withItem)
      .uponReceiving('a request to create an item with the create dialog’s fields')
      .withRequest('POST', `/api/projects/${PROJECT_ID}/items`, (req) =>
        req.headers({ 'Content-Type': 'application/json' }).jsonBody({ name: 'Boucle lounge chair', quantity: 2, status: 'ordered', supplier: 'Atelier North', scheduleNumber: 'FF-12', price: '1249.50' }),
      )
      .willRespondWith(201, (res) =>
        res.headers(JSON_HEADERS).jsonBody({ ...item, id: uuid('4c8e1d2a-7b3f-4e6a-9d0c-5f1a2b3c4d5e'), name: string('Boucle lounge chair'), quantity: integer(2), scheduleNumber: string('FF-12'), price: money('1249.50') }),
      )
      .executeTest(async (server) => {
        const created = await createItemsApi(server.url).createItem(PROJECT_ID, { name: 'Boucle lounge chair', quantity: 2, status: 'ordered', supplier: 'Atelier North', scheduleNumber: 'FF-12', price: '1249.50' });
        expect(created).toMatchObject({ name: 'Boucle lounge chair', quantity: 2, price: '1249.50' });
      }));

  it('PUT /api/items/{id} saves Edit Item (an emptied field is cleared)', () =>
    pact
      .addInteraction()
      .given(STATES.projectWithItem, withItem)
      .uponReceiving('a request to edit an item')
      .withRequest('PUT', `/api/items/${ITEM_ID}`, (req) =>
        req.headers({ 'Content-Type': 'application/json' }).jsonBody({ name: 'Walnut dining table', quantity: 3, supplier: null, price: 1300.5, notes: 'Two leaves' }),
      )
      .willRespondWith(200, (res) => res.headers(JSON_HEADERS).jsonBody({ ...item, quantity: integer(3), supplier: nullValue(), price: money('1300.50'), notes: string('Two leaves') }))
      .executeTest(async (server) => {
        const updated = await createItemsApi(server.url).updateItem(ITEM_ID, { name: 'Walnut dining table', quantity: 3, supplier: null, price: 1300.5, notes: 'Two leaves' });
        expect(updated).toMatchObject({ quantity: 3, supplier: null, notes: 'Two leaves' });
      }));

  it('DELETE /api/items/{id} deletes an item (204)', () =>
    pact
      .addInteraction()
      .given(STATES.projectWithItem, withItem)
      .uponReceiving('a request to delete an item')
      .withRequest('DELETE', `/api/items/${ITEM_ID}`)
      .willRespondWith(204)
      .executeTest(async (server) => {
        await expect(createItemsApi(server.url).deleteItem(ITEM_ID)).resolves.toBeUndefined();
      }));

  it('POST /api/projects/{id}/items/bulk imports the good rows and reports each bad one', () =>
    pact
      .addInteraction()
      .given(STATES.projectWithItem, withItem)
      .uponReceiving('a request to import two CSV rows, one without a name')
      .withRequest('POST', `/api/projects/${PROJECT_ID}/items/bulk`, (req) =>
        req.headers({ 'Content-Type': 'application/json' }).jsonBody({ items: [{ name: 'Linen sofa', quantity: 1, price: '899.00' }, { name: '', supplier: 'Nobody' }] }),
      )
      .willRespondWith(200, (res) =>
        res.headers(JSON_HEADERS).jsonBody({
          items: eachLike({ ...item, id: uuid('5d9f2e3b-8c4a-4f7b-9e1d-6a2b3c4d5e6f'), name: string('Linen sofa'), price: money('899.00'), supplier: nullValue() }),
          errors: integer(1),
          errorDetails: eachLike({ row: integer(2), error: like('Item name is required'), item: like({ name: '', supplier: 'Nobody' }) }),
        }),
      )
      .executeTest(async (server) => {
        const result = await createItemsApi(server.url).bulkImport(PROJECT_ID, [{ name: 'Linen sofa', quantity: 1, price: '899.00' }, { name: '', supplier: 'Nobody' }]);
        expect(result.errors).toBe(1);
        expect(result.errorDetails[0]).toMatchObject({ row: 2, error: 'Item name is required' });
      }));

  it('POST /api/items/bulk-status sets the status of the chosen items in one request', () =>
    pact
      .addInteraction()
      .given(STATES.projectWithItem, withItem)
      .uponReceiving('a request to set the status of the chosen items')
      .withRequest('POST', '/api/items/bulk-status', (req) => req.headers({ 'Content-Type': 'application/json' }).jsonBody({ itemIds: [ITEM_ID], status: 'received' }))
      .willRespondWith(200, (res) => res.headers(JSON_HEADERS).jsonBody({ items: integer(1), changed: integer(1) }))
      .executeTest(async (server) => {
        expect(await createItemsApi(server.url).bulkItemStatus([ITEM_ID], 'received')).toEqual({ items: 1, changed: 1 });
      }));

  it('POST /api/items/bulk-status answers 404 when an item is not the caller’s (nothing changes)', () =>
    pact
      .addInteraction()
      .given(STATES.designer, { userId: USER_ID })
      .uponReceiving('a request to set the status of an item the caller cannot reach')
      .withRequest('POST', '/api/items/bulk-status', (req) => req.headers({ 'Content-Type': 'application/json' }).jsonBody({ itemIds: [ITEM_ID], status: 'received' }))
      .willRespondWith(404, (res) => res.headers(JSON_HEADERS).jsonBody({ message: like('Item not found') }))
      .executeTest(async (server) => {
        await expect(createItemsApi(server.url).bulkItemStatus([ITEM_ID], 'received')).rejects.toThrow(/^404: /);
      }));

  it('POST /api/items/bulk-delete deletes the chosen items in one request', () =>
    pact
      .addInteraction()
      .given(STATES.projectWithItem, withItem)
      .uponReceiving('a request to delete the chosen items')
      .withRequest('POST', '/api/items/bulk-delete', (req) => req.headers({ 'Content-Type': 'application/json' }).jsonBody({ itemIds: [ITEM_ID] }))
      .willRespondWith(200, (res) => res.headers(JSON_HEADERS).jsonBody({ deleted: integer(1) }))
      .executeTest(async (server) => {
        expect(await createItemsApi(server.url).bulkDeleteItems([ITEM_ID])).toEqual({ deleted: 1 });
      }));

  it('GET /api/items/tracking-matches names the caller’s other items with a tracking number', () =>
    pact
      .addInteraction()
      .given(STATES.trackedItem, withItem)
      .uponReceiving('a request for the items with a tracking number')
      .withRequest('GET', '/api/items/tracking-matches', (req) => req.query({ trackingNumber: '1Z999AA10123456784' }))
      .willRespondWith(200, (res) =>
        res.headers(JSON_HEADERS).jsonBody(
          eachLike({ id: uuid(ITEM_ID), name: string('Walnut dining table'), projectId: uuid(PROJECT_ID), projectName: string('Lakeview Residence'), url: string(`/projects/${PROJECT_ID}?item=${ITEM_ID}`) }),
        ),
      )
      .executeTest(async (server) => {
        const [match] = await createItemsApi(server.url).trackingMatches('1Z999AA10123456784');
        expect(match).toMatchObject({ id: ITEM_ID, name: 'Walnut dining table', url: `/projects/${PROJECT_ID}?item=${ITEM_ID}` });
      }));

  it('GET /api/projects lists the projects for the project filter and selector', () =>
    pact
      .addInteraction()
      .given(STATES.projectWithItem, withItem)
      .uponReceiving('a request for the projects list from the items page')
      .withRequest('GET', '/api/projects')
      .willRespondWith(200, (res) =>
        res.headers(JSON_HEADERS).jsonBody(eachLike({ id: uuid(PROJECT_ID), name: string('Lakeview Residence'), clientName: string('Jordan Ellis'), access: regex(/^(owner|admin|member|viewer)$/.source, 'owner') })),
      )
      .executeTest(async (server) => {
        const projects = await createItemsApi(server.url).listProjects();
        expect(projects[0]).toMatchObject({ id: PROJECT_ID, access: 'owner' });
      }));

  it('GET /api/items/summary answers 400 naming a bad filter', () =>
    pact
      .addInteraction()
      .given(STATES.designer, { userId: USER_ID })
      .uponReceiving('a request for the items summary with a malformed project id')
      .withRequest('GET', '/api/items/summary', (req) => req.query({ projectId: 'nope' }))
      .willRespondWith(400, (res) => res.headers(JSON_HEADERS).jsonBody({ message: like('projectId must be a project id') }))
      .executeTest(async (server) => {
        await expect(createItemsApi(server.url).itemsSummary({ projectId: 'nope' })).rejects.toThrow(/^400: .*projectId/);
      }));
});
