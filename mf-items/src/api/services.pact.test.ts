/**
 * @jest-environment node
 *
 * Pact consumer contract: mf-items' services client (services-api.ts) against logistics' HTTP API. Writes
 * pacts/mf-items-logistics.json; services/logistics/test/pact.provider.test.ts replays it against the real
 * service. The verifier adds the caller identity of the state's designer (the gateway does that in production).
 */
import path from 'node:path';
import { MatchersV3, PactV4 } from '@pact-foundation/pact';
import { createServicesApi } from './services-api';
import { createCustodyApi } from './custody-api';
import { createDeliveriesApi } from './deliveries-api';

const { integer, regex, uuid, string, boolean, eachLike, like } = MatchersV3;

const PROJECT_ID = '2f1e8e8a-5f4b-4d8e-9a53-6a4c1e0b7a11';
const ITEM_ID = '9b2d6c1a-3e4f-4a5b-8c7d-1e2f3a4b5c6d';
const SERVICE_ID = '0c5e7a9b-1d3f-4e5a-8b7c-9d0e1f2a3b4c';
const STATE = 'a designer with a project "Lakeview Residence" whose item "Walnut dining table" has its five services';
const params = { projectId: PROJECT_ID, itemId: ITEM_ID, serviceId: SERVICE_ID };

const JSON_HEADERS = { 'Content-Type': regex(/application\/json.*/.source, 'application/json; charset=utf-8') };
const money = (example: string) => regex(/^\d+\.\d{2}$/.source, example);
const service = {
  id: uuid(SERVICE_ID),
  itemId: uuid(ITEM_ID),
  projectId: uuid(PROJECT_ID),
  type: regex(/^(receiving|enhanced_inspection|storage|delivery|install_assembly)$/.source, 'receiving'),
  label: string('White-Glove Receiving'),
  selected: boolean(false),
  cost: money('25.00'),
  itemName: string('Walnut dining table'),
  projectName: string('Lakeview Residence'),
};

const pact = new PactV4({ consumer: 'mf-items', provider: 'logistics', dir: path.resolve(__dirname, '../../../pacts'), logLevel: 'warn' });

describe('mf-items → logistics (Pact)', () => {
  it('GET /api/services pages a project’s services', () =>
    pact
      .addInteraction()
      .given(STATE, params)
      .uponReceiving('a request for a page of a project’s services')
      .withRequest('GET', '/api/services', (req) => req.query({ projectId: PROJECT_ID, limit: '200' }))
      .willRespondWith(200, (res) => res.headers(JSON_HEADERS).jsonBody(eachLike(service)))
      .executeTest(async (server) => {
        const page = await createServicesApi(server.url).listServices({ projectId: PROJECT_ID }, { limit: 200 });
        expect(page.services[0]).toMatchObject({ itemId: ITEM_ID, label: 'White-Glove Receiving' });
      }));

  it('GET /api/services/summary counts the stat cards', () =>
    pact
      .addInteraction()
      .given(STATE, params)
      .uponReceiving('a request for the services summary of a project')
      .withRequest('GET', '/api/services/summary', (req) => req.query({ projectId: PROJECT_ID }))
      .willRespondWith(200, (res) => res.headers(JSON_HEADERS).jsonBody({ total: integer(5), selected: integer(0), available: integer(5), selectedValue: money('0.00'), totalValue: money('167.00'), availableValue: money('167.00') }))
      .executeTest(async (server) => {
        expect(await createServicesApi(server.url).servicesSummary({ projectId: PROJECT_ID })).toMatchObject({ total: 5, available: 5, totalValue: '167.00', availableValue: '167.00' });
      }));

  it('GET /api/services/summary?editable=true counts what Bulk Actions would change', () =>
    pact
      .addInteraction()
      .given(STATE, params)
      .uponReceiving('a request for the summary of the services of a project the designer may change')
      .withRequest('GET', '/api/services/summary', (req) => req.query({ projectId: PROJECT_ID, editable: 'true' }))
      .willRespondWith(200, (res) => res.headers(JSON_HEADERS).jsonBody({ total: integer(5), selected: integer(0), available: integer(5), selectedValue: money('0.00'), totalValue: money('167.00'), availableValue: money('167.00') }))
      .executeTest(async (server) => {
        expect(await createServicesApi(server.url).editableServicesSummary({ projectId: PROJECT_ID })).toMatchObject({ available: 5, availableValue: '167.00' });
      }));

  it('PUT /api/services/{id} selects a service', () =>
    pact
      .addInteraction()
      .given(STATE, params)
      .uponReceiving('a request to select a service')
      .withRequest('PUT', `/api/services/${SERVICE_ID}`, (req) => req.headers({ 'Content-Type': 'application/json' }).jsonBody({ selected: true }))
      .willRespondWith(200, (res) => res.headers(JSON_HEADERS).jsonBody({ ...service, selected: true }))
      .executeTest(async (server) => {
        expect(await createServicesApi(server.url).setSelected(SERVICE_ID, true)).toMatchObject({ id: SERVICE_ID, selected: true });
      }));

  it('POST /api/services/bulk selects every service the filter shows', () =>
    pact
      .addInteraction()
      .given(STATE, params)
      .uponReceiving('a request to select every service of a project')
      .withRequest('POST', '/api/services/bulk', (req) => req.headers({ 'Content-Type': 'application/json' }).jsonBody({ filter: { projectId: PROJECT_ID }, selected: true }))
      .willRespondWith(200, (res) => res.headers(JSON_HEADERS).jsonBody({ updated: integer(5) }))
      .executeTest(async (server) => {
        expect(await createServicesApi(server.url).bulk({ filter: { projectId: PROJECT_ID }, selected: true })).toEqual({ updated: 5 });
      }));

  it('PUT /api/services/{id} refuses anything but a boolean (400)', () =>
    pact
      .addInteraction()
      .given(STATE, params)
      .uponReceiving('a request to select a service with a string')
      .withRequest('PUT', `/api/services/${SERVICE_ID}`, (req) => req.headers({ 'Content-Type': 'application/json' }).jsonBody({ selected: 'yes' }))
      .willRespondWith(400, (res) => res.headers(JSON_HEADERS).jsonBody({ message: like('selected must be true or false') }))
      .executeTest(async (server) => {
        await expect(createServicesApi(server.url).setSelected(SERVICE_ID, 'yes' as never)).rejects.toThrow(/^400: /);
      }));
});

/** The designer's deliveries: their stored item booked for a Monday far ahead, or a delivery of it already requested. */
const DELIVERY_ID = '8a1b2c3d-dddd-4eee-8fff-0123456789ab';
const DAY = '2031-03-03';
const STORED = 'a designer with a project "Lakeview Residence" whose item "Walnut dining table" is stored';
const REQUESTED = `a designer with a delivery of "Walnut dining table" for ${DAY}, requested`;
const delivery = (status: string) => ({
  id: uuid(DELIVERY_ID), projectId: uuid(PROJECT_ID), projectName: string('Lakeview Residence'), date: DAY, window: regex(/^(morning|afternoon|any)$/.source, 'morning'), address: string('12 Harbour St'),
  status: regex(/^(requested|scheduled|out-for-delivery|completed|cancelled)$/.source, status), items: eachLike({ itemId: uuid(ITEM_ID), name: string('Walnut dining table'), installAssembly: boolean(false) }),
});

describe('mf-items → logistics deliveries (Pact)', () => {
  it('POST /api/projects/{id}/deliveries books the stored item (201)', () =>
    pact
      .addInteraction()
      .given(STORED)
      .uponReceiving('a request to deliver a stored item')
      .withRequest('POST', `/api/projects/${PROJECT_ID}/deliveries`, (req) => req.headers({ 'Content-Type': 'application/json' }).jsonBody({ date: DAY, window: 'morning', address: '12 Harbour St', itemIds: [ITEM_ID] }))
      .willRespondWith(201, (res) => res.headers(JSON_HEADERS).jsonBody(delivery('requested')))
      .executeTest(async (server) => {
        const booked = await createDeliveriesApi(server.url).request(PROJECT_ID, { date: DAY, window: 'morning', address: '12 Harbour St', itemIds: [ITEM_ID] });
        expect(booked).toMatchObject({ date: DAY, status: 'requested', items: [{ itemId: ITEM_ID }] });
      }));

  it('GET /api/deliveries lists the designer’s deliveries', () =>
    pact
      .addInteraction()
      .given(REQUESTED)
      .uponReceiving('a request for the designer’s deliveries')
      .withRequest('GET', '/api/deliveries')
      .willRespondWith(200, (res) => res.headers(JSON_HEADERS).jsonBody(eachLike(delivery('requested'))))
      .executeTest(async (server) => {
        expect((await createDeliveriesApi(server.url).list())[0]).toMatchObject({ id: DELIVERY_ID, status: 'requested' });
      }));

  it('POST /api/deliveries/{id}/cancel cancels a requested delivery', () =>
    pact
      .addInteraction()
      .given(REQUESTED)
      .uponReceiving('a request to cancel a requested delivery')
      .withRequest('POST', `/api/deliveries/${DELIVERY_ID}/cancel`, (req) => req.headers({ 'Content-Type': 'application/json' }).jsonBody({}))
      .willRespondWith(200, (res) => res.headers(JSON_HEADERS).jsonBody(delivery('cancelled')))
      .executeTest(async (server) => {
        expect(await createDeliveriesApi(server.url).cancel(DELIVERY_ID)).toMatchObject({ status: 'cancelled' });
      }));
});

// Custody (issue 40): what the item's detail reads of the warehouse, as the project's designer.
const IN_CUSTODY = 'a designer whose item "Walnut dining table" of "Lakeview Residence" is in custody, put away at "B-12"';

describe('mf-items custody → logistics (Pact)', () => {
  it('GET /api/warehouse/items/{id} answers where the warehouse has the designer’s item', () =>
    pact
      .addInteraction()
      .given(IN_CUSTODY)
      .uponReceiving('a designer’s request for the custody of their item')
      .withRequest('GET', `/api/warehouse/items/${ITEM_ID}`)
      .willRespondWith(200, (res) =>
        res.headers(JSON_HEADERS).jsonBody({
          itemId: uuid(ITEM_ID),
          inCustody: boolean(true),
          state: 'stored',
          location: { code: string('B-12') },
          piecesExpected: integer(2),
          piecesReceived: integer(1),
          piecesFlag: string('1 of 2 pieces'),
          since: regex(/^\d{4}-\d{2}-\d{2}T.*Z$/.source, '2026-03-02T15:04:05.000Z'),
          end: null,
        }),
      )
      .executeTest(async (server) => {
        expect(await createCustodyApi(server.url).item(ITEM_ID)).toMatchObject({ inCustody: true, state: 'stored', location: { code: 'B-12' }, piecesFlag: '1 of 2 pieces' });
      }));

  it('GET /api/warehouse/items/{id}/timeline lists the custody facts, oldest first', () =>
    pact
      .addInteraction()
      .given(IN_CUSTODY)
      .uponReceiving('a designer’s request for the custody timeline of their item')
      .withRequest('GET', `/api/warehouse/items/${ITEM_ID}/timeline`)
      .willRespondWith(200, (res) =>
        res.headers(JSON_HEADERS).jsonBody([
          { id: uuid('0b1c2d3e-4f5a-4b6c-8d7e-000000000001'), kind: 'arrived', at: regex(/^\d{4}-\d{2}-\d{2}T.*Z$/.source, '2026-03-02T15:04:05.000Z'), piece: integer(1), reason: null },
          { id: uuid('0b1c2d3e-4f5a-4b6c-8d7e-000000000002'), kind: 'put-away', at: regex(/^\d{4}-\d{2}-\d{2}T.*Z$/.source, '2026-03-02T16:04:05.000Z'), toLocationCode: 'B-12', reason: null },
        ]),
      )
      .executeTest(async (server) => {
        expect((await createCustodyApi(server.url).timeline(ITEM_ID))!.map((e) => e.kind)).toEqual(['arrived', 'put-away']);
      }));
});
