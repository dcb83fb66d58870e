/**
 * @jest-environment node
 *
 * Pact consumer contracts of mf-warehouse's API client (warehouse-api.ts) with logistics' receiving desk and
 * deliveries (pacts/mf-warehouse-logistics.json, verified by services/logistics/test/pact.provider.test.ts). The items
 * an unmatched arrival may be come from logistics too (GET /api/receiving/assignable-items), no longer from catalog. Requests carry no session: the verifier adds the identity of the
 * state's caller (the gateway does that in production). Ids the provider makes come back through provider state.
 * The photo upload (POST /api/objects/upload, then a PUT of the bytes) is mf-items' path and the e2e journey's.
 */
import path from 'node:path';
import { MatchersV3, PactV4 } from '@pact-foundation/pact';
import { createCustodyApi } from './custody-api';
import { createWarehouseApi } from './warehouse-api';

const { like, eachLike, regex, uuid, iso8601DateTimeWithMillis, string, boolean, fromProviderState, nullValue } = MatchersV3;

const PROJECT_ID = '2f1e8e8a-5f4b-4d8e-9a53-6a4c1e0b7a11';
const ITEM_ID = '9b2d6c1a-3e4f-4a5b-8c7d-1e2f3a4b5c6d';
const ARRIVAL_ID = '6a7b8c9d-0e1f-4a2b-9c3d-000000000001';
const TRACKING = '1Z999AA10123456784';

/** Logistics' provider states; each is a fresh admin at the desk, and what its read model holds (catalog's facts). */
export const LOGISTICS_STATES = {
  itemInTransit: `an admin, and a designer's item "Walnut dining table" in "Lakeview Residence" with tracking number ${TRACKING}`,
  admin: 'an admin at the receiving desk',
  unmatchedArrival: `an admin, an unmatched arrival of "TBA301234567890", and a designer's item "Walnut dining table" in "Lakeview Residence"`,
  arrivedItem: 'an admin, and a designer\'s item "Walnut dining table" in "Lakeview Residence" that arrived and waits for inspection',
} as const;

const JSON_HEADERS = { 'Content-Type': regex(/application\/json.*/.source, 'application/json; charset=utf-8') };
const at = (example = '2026-03-02T15:04:05.000Z') => iso8601DateTimeWithMillis(example);
const itemStatus = (example: string) => regex(/^(ordered|in-transit|received|stored|delivered)$/.source, example);
const condition = (example: string) => regex(/^(good|damaged|missing-parts)$/.source, example);

// Only the fields this consumer reads are in the contract (extra fields in a response are fine).
const match = { itemId: uuid(ITEM_ID), itemName: string('Walnut dining table'), projectId: uuid(PROJECT_ID), projectName: string('Lakeview Residence'), clientName: string('Jordan Ellis'), designerName: string('Dana Designer'), status: itemStatus('in-transit') };
const matchedArrival = {
  id: uuid(ARRIVAL_ID),
  code: string(TRACKING),
  trackingNumber: string(TRACKING),
  carrierId: regex(/^[a-z-]+$/.source, 'ups'),
  notes: nullValue(),
  arrivedAt: at(),
  itemId: uuid(ITEM_ID),
  itemName: string('Walnut dining table'),
  projectId: uuid(PROJECT_ID),
  projectName: string('Lakeview Residence'),
  inspectionDueAt: at('2026-03-04T15:04:05.000Z'),
};
const unmatchedArrival = (code: string) => ({ id: uuid(ARRIVAL_ID), code: string(code), trackingNumber: string(code), arrivedAt: at(), itemId: nullValue(), itemName: nullValue(), projectId: nullValue(), projectName: nullValue(), inspectionDueAt: nullValue() });

const pact = new PactV4({ consumer: 'mf-warehouse', provider: 'logistics', dir: path.resolve(__dirname, '../../../pacts'), logLevel: 'warn' });

describe('mf-warehouse → logistics (Pact)', () => {
  it('POST /api/receiving/scan answers the normalised number, its carrier and the matching items', () =>
    pact
      .addInteraction()
      .given(LOGISTICS_STATES.itemInTransit)
      .uponReceiving('a scan of a UPS tracking number typed in lower case')
      .withRequest('POST', '/api/receiving/scan', (req) => req.headers({ 'Content-Type': 'application/json' }).jsonBody({ code: '1z999aa10123456784' }))
      .willRespondWith(200, (res) => res.headers(JSON_HEADERS).jsonBody({ code: string('1z999aa10123456784'), trackingNumber: TRACKING, carrierId: 'ups', matches: eachLike(match) }))
      .executeTest(async (server) => {
        const found = await createWarehouseApi(server.url).scan('1z999aa10123456784');
        expect(found).toMatchObject({ trackingNumber: TRACKING, carrierId: 'ups' });
        expect(found.matches[0]).toMatchObject({ itemId: ITEM_ID, itemName: 'Walnut dining table', projectName: 'Lakeview Residence' });
      }));

  it('POST /api/receiving/scan answers no matches for a number no item has', () =>
    pact
      .addInteraction()
      .given(LOGISTICS_STATES.admin)
      .uponReceiving('a scan of a number no item has')
      .withRequest('POST', '/api/receiving/scan', (req) => req.headers({ 'Content-Type': 'application/json' }).jsonBody({ code: 'TBA301234567890' }))
      .willRespondWith(200, (res) => res.headers(JSON_HEADERS).jsonBody({ code: string('TBA301234567890'), trackingNumber: string('TBA301234567890'), matches: [] }))
      .executeTest(async (server) => {
        expect((await createWarehouseApi(server.url).scan('TBA301234567890')).matches).toEqual([]);
      }));

  it('POST /api/receiving/arrivals with an item receives it (201), its inspection due 48 hours later', () =>
    pact
      .addInteraction()
      .given(LOGISTICS_STATES.itemInTransit)
      .uponReceiving('a request to receive a scanned item')
      .withRequest('POST', '/api/receiving/arrivals', (req) => req.headers({ 'Content-Type': 'application/json' }).jsonBody({ code: TRACKING, itemId: ITEM_ID }))
      .willRespondWith(201, (res) => res.headers(JSON_HEADERS).jsonBody(matchedArrival))
      .executeTest(async (server) => {
        const { arrival, repeat } = await createWarehouseApi(server.url).recordArrival({ code: TRACKING, itemId: ITEM_ID });
        expect(repeat).toBe(false);
        expect(arrival).toMatchObject({ itemId: ITEM_ID, itemName: 'Walnut dining table', inspectionDueAt: '2026-03-04T15:04:05.000Z' });
      }));

  it('POST /api/receiving/arrivals without an item records it unmatched (201)', () =>
    pact
      .addInteraction()
      .given(LOGISTICS_STATES.admin)
      .uponReceiving('a request to record a parcel as unmatched')
      .withRequest('POST', '/api/receiving/arrivals', (req) => req.headers({ 'Content-Type': 'application/json' }).jsonBody({ code: 'TBA301234567890' }))
      .willRespondWith(201, (res) => res.headers(JSON_HEADERS).jsonBody(unmatchedArrival('TBA301234567890')))
      .executeTest(async (server) => {
        const { arrival } = await createWarehouseApi(server.url).recordArrival({ code: 'TBA301234567890' });
        expect(arrival).toMatchObject({ itemId: null, trackingNumber: 'TBA301234567890' });
      }));

  it('GET /api/receiving/arrivals?status=unmatched lists the parcels waiting for an item', () =>
    pact
      .addInteraction()
      .given(LOGISTICS_STATES.unmatchedArrival)
      .uponReceiving('a request for the unmatched arrivals')
      .withRequest('GET', '/api/receiving/arrivals', (req) => req.query({ status: 'unmatched' }))
      .willRespondWith(200, (res) => res.headers(JSON_HEADERS).jsonBody(eachLike(unmatchedArrival('TBA301234567890'))))
      .executeTest(async (server) => {
        const [first] = await createWarehouseApi(server.url).listUnmatched();
        expect(first).toMatchObject({ id: ARRIVAL_ID, itemId: null });
      }));

  it('POST /api/receiving/arrivals/{id}/discard takes a mis-scan off the unmatched list, with why', () =>
    pact
      .addInteraction()
      .given(LOGISTICS_STATES.unmatchedArrival)
      .uponReceiving('a request to discard an unmatched arrival')
      .withRequest('POST', fromProviderState('/api/receiving/arrivals/${arrivalId}/discard', `/api/receiving/arrivals/${ARRIVAL_ID}/discard`), (req) =>
        req.headers({ 'Content-Type': 'application/json' }).jsonBody({ reason: 'Mis-scan of the pallet label' }),
      )
      .willRespondWith(200, (res) =>
        res.headers(JSON_HEADERS).jsonBody({ ...unmatchedArrival('TBA301234567890'), discardedAt: at(), discardReason: string('Mis-scan of the pallet label') }),
      )
      .executeTest(async (server) => {
        expect(await createWarehouseApi(server.url).discardArrival(ARRIVAL_ID, 'Mis-scan of the pallet label')).toMatchObject({ id: ARRIVAL_ID, discardReason: 'Mis-scan of the pallet label' });
      }));

  it('GET /api/receiving/assignable-items?q= offers the items not received yet, by project too', () =>
    pact
      .addInteraction()
      .given(LOGISTICS_STATES.unmatchedArrival)
      .uponReceiving('a search for the items an unmatched arrival may be')
      .withRequest('GET', '/api/receiving/assignable-items', (req) => req.query({ q: 'lakeview' }))
      .willRespondWith(200, (res) =>
        res.headers(JSON_HEADERS).jsonBody(
          eachLike({ itemId: uuid(ITEM_ID), itemName: string('Walnut dining table'), projectId: uuid(PROJECT_ID), projectName: string('Lakeview Residence'), designerName: string('Dana Designer'), trackingNumber: like(TRACKING), status: itemStatus('in-transit') }),
        ),
      )
      .executeTest(async (server) => {
        const [first] = await createWarehouseApi(server.url).assignableItems('lakeview');
        expect(first).toMatchObject({ itemId: ITEM_ID, projectName: 'Lakeview Residence', designerName: 'Dana Designer' });
      }));

  it('PUT /api/receiving/arrivals/{id} assigns an unmatched arrival to its item, which is received', () =>
    pact
      .addInteraction()
      .given(LOGISTICS_STATES.unmatchedArrival)
      .uponReceiving('a request to assign an unmatched arrival to an item')
      .withRequest('PUT', fromProviderState('/api/receiving/arrivals/${arrivalId}', `/api/receiving/arrivals/${ARRIVAL_ID}`), (req) =>
        req.headers({ 'Content-Type': 'application/json' }).jsonBody({ itemId: ITEM_ID }),
      )
      .willRespondWith(200, (res) => res.headers(JSON_HEADERS).jsonBody({ ...matchedArrival, code: string('TBA301234567890'), trackingNumber: string('TBA301234567890'), carrierId: like('amazon') }))
      .executeTest(async (server) => {
        const arrival = await createWarehouseApi(server.url).assignArrival(ARRIVAL_ID, ITEM_ID);
        expect(arrival).toMatchObject({ itemId: ITEM_ID, itemName: 'Walnut dining table' });
      }));

  it('GET /api/receiving/inspections?status=pending lists arrived items by due time', () =>
    pact
      .addInteraction()
      .given(LOGISTICS_STATES.arrivedItem)
      .uponReceiving('a request for the items waiting for inspection')
      .withRequest('GET', '/api/receiving/inspections', (req) => req.query({ status: 'pending' }))
      .willRespondWith(200, (res) =>
        res.headers(JSON_HEADERS).jsonBody(eachLike({ itemId: uuid(ITEM_ID), itemName: string('Walnut dining table'), projectId: uuid(PROJECT_ID), projectName: string('Lakeview Residence'), designerName: string('Dana Designer'), arrivedAt: at(), dueAt: at('2026-03-04T15:04:05.000Z'), overdue: boolean(false) })),
      )
      .executeTest(async (server) => {
        const [first] = await createWarehouseApi(server.url).listInspections('pending');
        expect(first).toMatchObject({ itemId: ITEM_ID, dueAt: '2026-03-04T15:04:05.000Z', overdue: false });
      }));

  it('POST /api/receiving/inspections/{itemId} records a damage (201) with its report', () =>
    pact
      .addInteraction()
      .given(LOGISTICS_STATES.arrivedItem)
      .uponReceiving('a request to record an inspection that found damage')
      .withRequest('POST', `/api/receiving/inspections/${ITEM_ID}`, (req) => req.headers({ 'Content-Type': 'application/json' }).jsonBody({ condition: 'damaged', notes: 'Corner split on the left leg' }))
      .willRespondWith(201, (res) =>
        res.headers(JSON_HEADERS).jsonBody({
          id: uuid('1b2c3d4e-5f6a-4b7c-8d9e-0f1a2b3c4d5e'),
          itemId: uuid(ITEM_ID),
          condition: condition('damaged'),
          notes: string('Corner split on the left leg'),
          photoUrls: [],
          inspectedAt: at(),
          damageReportId: uuid('2c3d4e5f-6a7b-4c8d-9e0f-1a2b3c4d5e6f'),
        }),
      )
      .executeTest(async (server) => {
        const inspection = await createWarehouseApi(server.url).inspect(ITEM_ID, { condition: 'damaged', notes: 'Corner split on the left leg' });
        expect(inspection).toMatchObject({ condition: 'damaged', damageReportId: '2c3d4e5f-6a7b-4c8d-9e0f-1a2b3c4d5e6f' });
      }));

  it('GET /api/carriers names the carriers a scan detects', () =>
    pact
      .addInteraction()
      .given(LOGISTICS_STATES.admin)
      .uponReceiving('a request for the carriers from the receiving desk')
      .withRequest('GET', '/api/carriers')
      .willRespondWith(200, (res) => res.headers(JSON_HEADERS).jsonBody(eachLike({ id: string('ups'), name: string('UPS') })))
      .executeTest(async (server) => {
        expect((await createWarehouseApi(server.url).listCarriers())[0]).toMatchObject({ id: 'ups', name: 'UPS' });
      }));
});

/** Deliveries: a designer's delivery of the item, on a Monday far ahead, in the state each call needs. */
const DELIVERY_ID = '8a1b2c3d-dddd-4eee-8fff-0123456789ab';
const DAY = '2031-03-03';
const deliveryState = (status: 'requested' | 'scheduled' | 'out-for-delivery') => `an admin, and a designer's delivery of "Walnut dining table" for ${DAY}, ${status}`;
const deliveryStatus = (example: string) => regex(/^(requested|scheduled|out-for-delivery|completed|cancelled)$/.source, example);
const delivery = (status: string) => ({
  id: uuid(DELIVERY_ID), projectId: uuid(PROJECT_ID), projectName: string('Lakeview Residence'), date: DAY, window: regex(/^(morning|afternoon|any)$/.source, 'any'), address: string('12 Harbour St'),
  status: deliveryStatus(status), items: eachLike({ itemId: uuid(ITEM_ID), name: string('Walnut dining table'), installAssembly: boolean(false), lastMileDelivery: boolean(false), exception: nullValue() }),
});

describe('mf-warehouse → logistics deliveries (Pact)', () => {
  it('GET /api/delivery-runs/days counts the coming days’ deliveries', () =>
    pact
      .addInteraction()
      .given(deliveryState('requested'))
      .uponReceiving('a request for the coming days with their counts')
      .withRequest('GET', '/api/delivery-runs/days', (req) => req.query({ from: DAY, days: '14' }))
      .willRespondWith(200, (res) =>
        res.headers(JSON_HEADERS).jsonBody({ days: eachLike({ date: DAY, requested: like(1), scheduled: like(0), outForDelivery: like(0), completed: like(0) }) }),
      )
      .executeTest(async (server) => {
        const { days } = await createWarehouseApi(server.url).deliveryDays(DAY, 14);
        expect(days[0]).toMatchObject({ date: DAY, requested: 1 });
      }));

  it('GET /api/delivery-runs?date= proposes the day’s requested deliveries as stops', () =>
    pact
      .addInteraction()
      .given(deliveryState('requested'))
      .uponReceiving('a request for the run proposal of a day')
      .withRequest('GET', '/api/delivery-runs', (req) => req.query({ date: DAY }))
      .willRespondWith(200, (res) =>
        res.headers(JSON_HEADERS).jsonBody({ date: DAY, stops: eachLike({ projectId: uuid(PROJECT_ID), projectName: string('Lakeview Residence'), address: string('12 Harbour St'), window: regex(/^(morning|afternoon|any)$/.source, 'any'), deliveryIds: eachLike(uuid(DELIVERY_ID)), itemCount: like(1) }) }),
      )
      .executeTest(async (server) => {
        const { stops } = await createWarehouseApi(server.url).proposeRuns(DAY);
        expect(stops[0]).toMatchObject({ projectName: 'Lakeview Residence', deliveryIds: [DELIVERY_ID] });
      }));

  it('POST /api/delivery-runs fixes the run: its deliveries are scheduled (201)', () =>
    pact
      .addInteraction()
      .given(deliveryState('requested'))
      .uponReceiving('a request to fix a run of a day')
      .withRequest('POST', '/api/delivery-runs', (req) => req.headers({ 'Content-Type': 'application/json' }).jsonBody({ date: DAY, deliveryIds: [DELIVERY_ID] }))
      .willRespondWith(201, (res) => res.headers(JSON_HEADERS).jsonBody({ id: uuid('5b6c7d8e-aaaa-4bbb-8ccc-0123456789ab'), date: DAY, deliveries: eachLike({ ...delivery('scheduled'), runStop: like(1) }) }))
      .executeTest(async (server) => {
        const run = await createWarehouseApi(server.url).fixRun(DAY, [DELIVERY_ID]);
        expect(run.deliveries[0]).toMatchObject({ id: DELIVERY_ID, status: 'scheduled' });
      }));

  it('GET /api/deliveries?from=&to= lists the day’s deliveries', () =>
    pact
      .addInteraction()
      .given(deliveryState('scheduled'))
      .uponReceiving('a request for the deliveries of a day')
      .withRequest('GET', '/api/deliveries', (req) => req.query({ from: DAY, to: DAY }))
      .willRespondWith(200, (res) => res.headers(JSON_HEADERS).jsonBody(eachLike(delivery('scheduled'))))
      .executeTest(async (server) => {
        expect((await createWarehouseApi(server.url).deliveriesOn(DAY))[0]).toMatchObject({ id: DELIVERY_ID, status: 'scheduled' });
      }));

  // The load check (issue 40): a delivery goes out once its items are on the truck.
  it('POST /api/deliveries/{id}/out takes a scheduled delivery out', () =>
    pact
      .addInteraction()
      .given(`${deliveryState('scheduled')}, its item loaded onto the truck`)
      .uponReceiving('a request to mark a scheduled delivery out')
      .withRequest('POST', `/api/deliveries/${DELIVERY_ID}/out`, (req) => req.headers({ 'Content-Type': 'application/json' }).jsonBody({}))
      .willRespondWith(200, (res) => res.headers(JSON_HEADERS).jsonBody(delivery('out-for-delivery')))
      .executeTest(async (server) => {
        expect(await createWarehouseApi(server.url).markOut(DELIVERY_ID)).toMatchObject({ status: 'out-for-delivery' });
      }));

  // The delivery is booked for a day far ahead: completing it now is early, so staff say why and its date moves.
  it('POST /api/deliveries/{id}/complete records the proof of delivery, early with why', () =>
    pact
      .addInteraction()
      .given(deliveryState('out-for-delivery'))
      .uponReceiving('the proof of delivery of a delivery out, before its date')
      .withRequest('POST', `/api/deliveries/${DELIVERY_ID}/complete`, (req) =>
        req.headers({ 'Content-Type': 'application/json' }).jsonBody({ receivedBy: 'J. Ellis', photoUrls: [], exceptions: [], earlyReason: 'The client asked for it today' }),
      )
      .willRespondWith(200, (res) =>
        res.headers(JSON_HEADERS).jsonBody({ ...delivery('completed'), date: regex(/^\d{4}-\d{2}-\d{2}$/.source, '2026-03-02'), receivedBy: string('J. Ellis'), earlyReason: string('The client asked for it today'), photoUrls: [], signatureUrl: nullValue() }),
      )
      .executeTest(async (server) => {
        const body = { receivedBy: 'J. Ellis', photoUrls: [], exceptions: [], earlyReason: 'The client asked for it today' };
        expect(await createWarehouseApi(server.url).complete(DELIVERY_ID, body)).toMatchObject({ status: 'completed', receivedBy: 'J. Ellis', earlyReason: 'The client asked for it today' });
      }));
});

// Custody (issue 40): the storage screens' and the load check's client (custody-api.ts), same pact file.
const LOCATION_ID = '7b8c9d0e-1f2a-4b3c-8d4e-000000000001';
const RUN_ID = '5b6c7d8e-aaaa-4bbb-8ccc-0123456789ab';
export const CUSTODY_STATES = {
  inCustody: 'an admin, a location "B-12", and the designer\'s item "Walnut dining table" in custody, not put away',
  onRun: `an admin, and a designer's delivery of "Walnut dining table" for ${DAY}, scheduled on run ${RUN_ID}, the item stored at "B-12"`,
} as const;
const { integer } = MatchersV3;
const place = { id: uuid(LOCATION_ID), code: string('B-12'), name: string('Bay B, shelf 12'), kind: regex(/^(dock|bin|floor|staging)$/.source, 'bin') };
const custodyView = (state: 'received' | 'stored', located: boolean) => ({
  itemId: uuid(ITEM_ID),
  itemName: string('Walnut dining table'),
  projectName: string('Lakeview Residence'),
  inCustody: boolean(true),
  state: state,
  location: located ? { ...place, code: 'B-12' } : nullValue(),
  piecesExpected: integer(1),
  piecesReceived: integer(1),
  piecesFlag: nullValue(),
});

describe('mf-warehouse custody → logistics (Pact)', () => {
  it('GET /api/warehouse/locations lists the places with the items there', () =>
    pact
      .addInteraction()
      .given(CUSTODY_STATES.inCustody)
      .uponReceiving('a request for the warehouse locations')
      .withRequest('GET', '/api/warehouse/locations')
      .willRespondWith(200, (res) => res.headers(JSON_HEADERS).jsonBody(eachLike({ ...place, itemCount: integer(0), createdAt: at() })))
      .executeTest(async (server) => {
        expect((await createCustodyApi(server.url).listLocations())[0]).toMatchObject({ code: 'B-12', kind: 'bin' });
      }));

  it('GET /api/warehouse/items/{id} answers the item’s custody', () =>
    pact
      .addInteraction()
      .given(CUSTODY_STATES.inCustody)
      .uponReceiving('a request for the custody of an item not put away')
      .withRequest('GET', `/api/warehouse/items/${ITEM_ID}`)
      .willRespondWith(200, (res) => res.headers(JSON_HEADERS).jsonBody(custodyView('received', false)))
      .executeTest(async (server) => {
        expect(await createCustodyApi(server.url).item(ITEM_ID)).toMatchObject({ itemName: 'Walnut dining table', inCustody: true, location: null });
      }));

  it('POST /api/warehouse/moves puts the scanned item label away at the scanned location', () =>
    pact
      .addInteraction()
      .given(CUSTODY_STATES.inCustody)
      .uponReceiving('a put-away of the item label of piece 1 at B-12, scanned in lower case')
      .withRequest('POST', '/api/warehouse/moves', (req) => req.headers({ 'Content-Type': 'application/json' }).jsonBody({ code: `${ITEM_ID}/1`, locationCode: 'b-12' }))
      .willRespondWith(200, (res) => res.headers(JSON_HEADERS).jsonBody(custodyView('stored', true)))
      .executeTest(async (server) => {
        expect(await createCustodyApi(server.url).move(`${ITEM_ID}/1`, 'b-12')).toMatchObject({ state: 'stored', location: { code: 'B-12' } });
      }));

  it('GET /api/delivery-runs/{id}/pick-list lists the run’s items with their places', () =>
    pact
      .addInteraction()
      .given(CUSTODY_STATES.onRun)
      .uponReceiving('a request for the pick list of a run')
      .withRequest('GET', `/api/delivery-runs/${RUN_ID}/pick-list`)
      .willRespondWith(200, (res) =>
        res.headers(JSON_HEADERS).jsonBody({
          runId: uuid(RUN_ID),
          items: eachLike({ itemId: uuid(ITEM_ID), itemName: string('Walnut dining table'), projectName: string('Lakeview Residence'), location: { ...place, code: 'B-12' }, piecesExpected: integer(1), loadedPieces: [], leftBehindReason: nullValue() }),
        }),
      )
      .executeTest(async (server) => {
        expect((await createCustodyApi(server.url).pickList(RUN_ID)).items[0]).toMatchObject({ itemId: ITEM_ID, location: { code: 'B-12' }, loadedPieces: [] });
      }));

  it('POST /api/delivery-runs/{id}/load scans a piece onto the truck', () =>
    pact
      .addInteraction()
      .given(CUSTODY_STATES.onRun)
      .uponReceiving('a load scan of the item label of piece 1')
      .withRequest('POST', `/api/delivery-runs/${RUN_ID}/load`, (req) => req.headers({ 'Content-Type': 'application/json' }).jsonBody({ code: `${ITEM_ID}/1` }))
      .willRespondWith(200, (res) =>
        res.headers(JSON_HEADERS).jsonBody({ runId: uuid(RUN_ID), items: eachLike({ itemId: uuid(ITEM_ID), itemName: string('Walnut dining table'), piecesExpected: integer(1), loadedPieces: [1], leftBehindReason: nullValue(), ready: true }) }),
      )
      .executeTest(async (server) => {
        expect((await createCustodyApi(server.url).load(RUN_ID, `${ITEM_ID}/1`)).items[0]).toMatchObject({ itemId: ITEM_ID, loadedPieces: [1], ready: true });
      }));
});
