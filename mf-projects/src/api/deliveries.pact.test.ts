/**
 * @jest-environment node
 *
 * Pact consumer contract: the project page's deliveries client (deliveries-api.ts) against logistics' HTTP API.
 * Writes pacts/mf-projects-logistics.json; services/logistics/test/pact.provider.test.ts replays it against the real
 * service. The verifier adds the caller identity of the state's designer (the gateway does that in production).
 */
import path from 'node:path';
import { MatchersV3, PactV4 } from '@pact-foundation/pact';
import { createDeliveriesApi } from './deliveries-api';

const { regex, uuid, string, boolean, eachLike, nullValue } = MatchersV3;

const PROJECT_ID = '2f1e8e8a-5f4b-4d8e-9a53-6a4c1e0b7a11';
const ITEM_ID = '9b2d6c1a-3e4f-4a5b-8c7d-1e2f3a4b5c6d';
const DELIVERY_ID = '8a1b2c3d-dddd-4eee-8fff-0123456789ab';
/** A Monday far ahead, so the booking stays a business day ahead whenever the contract is verified. */
const DAY = '2031-03-03';
const STORED = 'a designer with a project "Lakeview Residence" whose item "Walnut dining table" is stored';
const REQUESTED = `a designer with a delivery of "Walnut dining table" for ${DAY}, requested`;
const BOOKING = { date: DAY, window: 'afternoon' as const, address: '12 Harbour St', itemIds: [ITEM_ID], notes: 'Gate code 4411', lastMileDelivery: true, installAssemblyItemIds: [ITEM_ID] };
const JSON_HEADERS = { 'Content-Type': regex(/application\/json.*/.source, 'application/json; charset=utf-8') };

const pact = new PactV4({ consumer: 'mf-projects', provider: 'logistics', dir: path.resolve(__dirname, '../../../pacts'), logLevel: 'warn' });

describe('mf-projects → logistics deliveries (Pact)', () => {
  it('POST /api/projects/{id}/deliveries books the project’s stored item at the project’s location, with the fees chosen (201)', () =>
    pact
      .addInteraction()
      .given(STORED)
      .uponReceiving('a request from the project page to deliver a stored item, delivery and installation chosen')
      .withRequest('POST', `/api/projects/${PROJECT_ID}/deliveries`, (req) =>
        req.headers({ 'Content-Type': 'application/json' }).jsonBody({ ...BOOKING }),
      )
      .willRespondWith(201, (res) =>
        res.headers(JSON_HEADERS).jsonBody({
          id: uuid(DELIVERY_ID), projectId: uuid(PROJECT_ID), date: DAY, window: 'afternoon', address: string('12 Harbour St'), notes: string('Gate code 4411'),
          status: 'requested', items: eachLike({ itemId: uuid(ITEM_ID), name: string('Walnut dining table'), installAssembly: true, lastMileDelivery: true }),
        }),
      )
      .executeTest(async (server) => {
        const booked = await createDeliveriesApi(server.url).request(PROJECT_ID, BOOKING);
        expect(booked).toMatchObject({ date: DAY, window: 'afternoon', status: 'requested', items: [{ itemId: ITEM_ID, name: 'Walnut dining table', installAssembly: true, lastMileDelivery: true }] });
      }));

  it('GET /api/deliveries?projectId= lists the project’s deliveries with their items and proof', () =>
    pact
      .addInteraction()
      .given(REQUESTED)
      .uponReceiving('a request from the project page for its deliveries')
      .withRequest('GET', '/api/deliveries', (req) => req.query({ projectId: PROJECT_ID }))
      .willRespondWith(200, (res) =>
        res.headers(JSON_HEADERS).jsonBody(
          eachLike({
            id: uuid(DELIVERY_ID), projectId: uuid(PROJECT_ID), date: DAY, window: regex(/^(morning|afternoon|any)$/.source, 'morning'), address: string('12 Harbour St'),
            status: regex(/^(requested|scheduled|out-for-delivery|completed|cancelled)$/.source, 'requested'),
            items: eachLike({ itemId: uuid(ITEM_ID), name: string('Walnut dining table'), installAssembly: boolean(false), lastMileDelivery: boolean(false), exception: nullValue() }),
            receivedBy: nullValue(), photoUrls: [], signatureUrl: nullValue(), earlyReason: nullValue(), completedAt: nullValue(),
          }),
        ),
      )
      .executeTest(async (server) => {
        const [first] = await createDeliveriesApi(server.url).list(PROJECT_ID);
        expect(first).toMatchObject({ id: DELIVERY_ID, date: DAY, items: [{ itemId: ITEM_ID, name: 'Walnut dining table' }] });
      }));
});
