import fs from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { Verifier } from '@pact-foundation/pact';
import { IDENTITY_HEADER, signIdentityToken } from '@midway/service-kit';
import { testKeys } from '@midway/testing';
import { BILLING_DEFAULT_RATES, SERVICE_TYPES } from '@midway/contracts';
import { actor, client, startTestLogistics, type Logistics } from './logistics-harness';

/**
 * Verifies the remotes' HTTP contracts with logistics (pacts/<consumer>-logistics.json, written by their
 * consumer tests: mf-items' services and deliveries clients, the project page's deliveries client, mf-warehouse's
 * receiving desk and delivery runs) against the real service on a real database. Each provider state writes logistics' own read model (what catalog's events would have built) for a
 * fresh designer, and the receiving desk's states the desk's own rows for a fresh admin, who is then the caller.
 */
const PACTS_DIR = path.resolve(__dirname, '..', '..', '..', 'pacts');
const PACTS = fs.readdirSync(PACTS_DIR).filter((f) => f.endsWith('-logistics.json')).map((f) => path.join(PACTS_DIR, f));
const PROJECT_ID = '2f1e8e8a-5f4b-4d8e-9a53-6a4c1e0b7a11';
const ITEM_ID = '9b2d6c1a-3e4f-4a5b-8c7d-1e2f3a4b5c6d';
const SERVICE_ID = '0c5e7a9b-1d3f-4e5a-8b7c-9d0e1f2a3b4c';
/** mf-warehouse's fixtures: the UPS number on the item, and the unmatched arrival's id and code. */
const TRACKING = '1Z999AA10123456784';
const ARRIVAL_ID = '6a7b8c9d-0e1f-4a2b-9c3d-000000000001';
const UNMATCHED_CODE = 'TBA301234567890';

let logistics: Logistics;
let designerId = randomUUID();
/** The receiving desk's states are an admin's; the others the designer's. */
let caller: { userId: string; role: 'designer' | 'midway_admin' } = { userId: designerId, role: 'designer' };

/**
 * The consumers book their deliveries for a fixed day (2031-03-03), and logistics books at most a year ahead: the
 * service's clock reads a month before it, so the same pacts verify whatever the real date.
 */
const PACT_TODAY = Date.parse('2031-02-03T15:00:00Z');
const startedAt = Date.now();
beforeAll(async () => {
  logistics = await startTestLogistics({}, () => new Date(PACT_TODAY + (Date.now() - startedAt)));
}, 60_000);
afterAll(async () => logistics?.stop());

/** "Lakeview Residence" owned by a fresh designer, with one item and its five unselected services (receiving's id fixed). */
async function lakeviewWithServices() {
  designerId = randomUUID();
  caller = { userId: designerId, role: 'designer' };
  const db = logistics.db;
  await db.$executeRaw`DELETE FROM items WHERE id = ${ITEM_ID}::uuid`;
  await db.$executeRaw`DELETE FROM projects WHERE id = ${PROJECT_ID}::uuid`;
  await db.$executeRaw`INSERT INTO projects (id, name, owner_id, facts_at) VALUES (${PROJECT_ID}::uuid, 'Lakeview Residence', ${designerId}::uuid, now())`;
  await db.$executeRaw`INSERT INTO items (id, project_id, name, created_at) VALUES (${ITEM_ID}::uuid, ${PROJECT_ID}::uuid, 'Walnut dining table', now())`;
  for (const [i, type] of SERVICE_TYPES.entries()) {
    const id = type === 'receiving' ? SERVICE_ID : randomUUID();
    await db.$executeRaw`INSERT INTO services (id, item_id, project_id, type, rank, cost, created_at)
      VALUES (${id}::uuid, ${ITEM_ID}::uuid, ${PROJECT_ID}::uuid, ${type}, ${SERVICE_TYPES.length - 1 - i}, ${BILLING_DEFAULT_RATES[type].rate}::numeric, now())`;
  }
}

/**
 * The receiving desk's states: a fresh admin at the desk (the caller), no arrival of the fixtures' item or code yet;
 * with `item`, "Lakeview Residence" of a designer (Dana Designer) with "Walnut dining table" in transit under TRACKING.
 */
async function atTheDesk(opts: { item?: boolean; arrived?: boolean; unmatched?: boolean } = {}) {
  const db = logistics.db;
  caller = { userId: randomUUID(), role: 'midway_admin' };
  await db.$executeRaw`DELETE FROM damage_reports WHERE item_id = ${ITEM_ID}::uuid`;
  await db.$executeRaw`DELETE FROM inspections WHERE item_id = ${ITEM_ID}::uuid`;
  await db.$executeRaw`DELETE FROM arrivals WHERE item_id = ${ITEM_ID}::uuid OR id = ${ARRIVAL_ID}::uuid OR tracking_number IN (${TRACKING}, ${UNMATCHED_CODE})`;
  if (opts.item) {
    await lakeviewWithServices();
    caller = { userId: randomUUID(), role: 'midway_admin' };
    await db.$executeRaw`INSERT INTO users (id, email, first_name, last_name, facts_at) VALUES (${designerId}::uuid, 'designer@example.com', 'Dana', 'Designer', now())`;
    await db.$executeRaw`UPDATE projects SET client_name = 'Jordan Ellis' WHERE id = ${PROJECT_ID}::uuid`;
    await db.$executeRaw`UPDATE items SET tracking_number = ${TRACKING}, status = ${opts.arrived ? 'received' : 'in-transit'} WHERE id = ${ITEM_ID}::uuid`;
  }
  if (opts.arrived) {
    await db.$executeRaw`INSERT INTO arrivals (id, code, tracking_number, carrier_id, item_id, arrived_at, inspection_due_at, by_user_id)
      VALUES (gen_random_uuid(), ${TRACKING}, ${TRACKING}, 'ups', ${ITEM_ID}::uuid, now(), now() + interval '48 hours', ${caller.userId}::uuid)`;
  }
  if (opts.unmatched) {
    await db.$executeRaw`INSERT INTO arrivals (id, code, tracking_number, carrier_id, arrived_at, by_user_id)
      VALUES (${ARRIVAL_ID}::uuid, ${UNMATCHED_CODE}, ${UNMATCHED_CODE}, 'amazon', now(), ${caller.userId}::uuid)`;
  }
  return opts.unmatched ? { arrivalId: ARRIVAL_ID } : undefined;
}

/** The consumers' delivery: "Walnut dining table" of "Lakeview Residence" for a Monday far ahead. */
const DELIVERY_ID = '8a1b2c3d-dddd-4eee-8fff-0123456789ab';
const DELIVERY_DAY = '2031-03-03';

/**
 * Deliveries' states: the designer's stored item (with the project's location), and with `status` its delivery in
 * that state; the caller is the designer, or with `admin` a fresh admin.
 */
async function withDelivery(opts: { status?: 'requested' | 'scheduled' | 'out-for-delivery'; admin?: boolean } = {}) {
  const db = logistics.db;
  await db.$executeRaw`DELETE FROM deliveries WHERE id = ${DELIVERY_ID}::uuid OR project_id = ${PROJECT_ID}::uuid`;
  await db.$executeRaw`DELETE FROM delivery_items WHERE item_id = ${ITEM_ID}::uuid`;
  await lakeviewWithServices();
  // The bookable item is held for real (arrival, put-away); a booked delivery's item is the rows it left.
  if (opts.status) await db.$executeRaw`UPDATE items SET status = 'stored' WHERE id = ${ITEM_ID}::uuid`;
  else await arriveAndPutAway();
  await db.$executeRaw`INSERT INTO project_locations (project_id, location, facts_at) VALUES (${PROJECT_ID}::uuid, '12 Harbour St', now())
    ON CONFLICT (project_id) DO UPDATE SET location = EXCLUDED.location`;
  if (opts.status) {
    await db.$executeRaw`INSERT INTO deliveries (id, project_id, date, "window", address, status, run_id, requested_by, photo_keys, created_at, updated_at)
      VALUES (${DELIVERY_ID}::uuid, ${PROJECT_ID}::uuid, ${DELIVERY_DAY}::date, 'morning', '12 Harbour St', ${opts.status},
              ${opts.status === 'requested' ? null : randomUUID()}::uuid, ${designerId}::uuid, '{}', now(), now())`;
    await db.$executeRaw`INSERT INTO delivery_items (delivery_id, item_id, open) VALUES (${DELIVERY_ID}::uuid, ${ITEM_ID}::uuid, true)`;
  }
  if (opts.admin) caller = { userId: randomUUID(), role: 'midway_admin' };
}

/**
 * The item arrives at the desk and staff put it away at "B-12", through logistics' own routes (as a fresh admin):
 * stored as the warehouse stores it, in custody, so it can be booked (#40: a status set by hand cannot).
 */
async function arriveAndPutAway() {
  const staff = actor('midway_admin');
  const http = client(() => logistics.url);
  await logistics.db.$executeRaw`DELETE FROM arrivals WHERE item_id = ${ITEM_ID}::uuid`;
  await logistics.db.$executeRaw`DELETE FROM custody_events WHERE item_id = ${ITEM_ID}::uuid`;
  await freshPlace();
  const arrived = await http.post('/api/receiving/arrivals', staff, { code: TRACKING, itemId: ITEM_ID });
  const moved = await http.post('/api/warehouse/moves', staff, { itemId: ITEM_ID, locationCode: 'B-12' });
  if (arrived.status !== 201 || moved.status !== 200) throw new Error(`arrival and put-away failed: ${arrived.status} ${JSON.stringify(arrived.body)}; ${moved.status} ${JSON.stringify(moved.body)}`);
}

/** mf-warehouse's custody fixtures (issue 40): the place "B-12" and the run the delivery is on. */
const LOCATION_ID = '7b8c9d0e-1f2a-4b3c-8d4e-000000000001';
const RUN_ID = '5b6c7d8e-aaaa-4bbb-8ccc-0123456789ab';

/** A fresh "B-12" (no count, no item there) and the item's custody facts cleared, as the admin (the caller) would find them. */
async function freshPlace() {
  const db = logistics.db;
  await db.$executeRaw`DELETE FROM run_loads WHERE item_id = ${ITEM_ID}::uuid`;
  await db.$executeRaw`DELETE FROM run_left_behind WHERE item_id = ${ITEM_ID}::uuid`;
  await db.$executeRaw`DELETE FROM custody_events WHERE item_id = ${ITEM_ID}::uuid`;
  await db.$executeRaw`UPDATE items SET location_id = NULL WHERE location_id IN (SELECT id FROM locations WHERE id = ${LOCATION_ID}::uuid OR code = 'B-12')`;
  await db.$executeRaw`DELETE FROM counts WHERE location_id IN (SELECT id FROM locations WHERE id = ${LOCATION_ID}::uuid OR code = 'B-12')`;
  await db.$executeRaw`DELETE FROM locations WHERE id = ${LOCATION_ID}::uuid OR code = 'B-12'`;
  await db.$executeRaw`INSERT INTO locations (id, code, name, kind, created_at, created_by) VALUES (${LOCATION_ID}::uuid, 'B-12', 'Bay B, shelf 12', 'bin', now(), ${caller.userId}::uuid)`;
}

/** The desk's arrived item, in custody since its arrival and not put away. */
async function inCustody() {
  await atTheDesk({ item: true, arrived: true });
  await freshPlace();
  await logistics.db.$executeRaw`UPDATE items SET custody_since = now(), custody_state = 'received', pieces = 1, pieces_received = 1, custody_ended_at = NULL, custody_end = NULL WHERE id = ${ITEM_ID}::uuid`;
}

/** The scheduled delivery on RUN_ID, its item in custody and stored at "B-12". */
async function onRun() {
  await atTheDesk();
  await withDelivery({ status: 'scheduled', admin: true });
  await logistics.db.$executeRaw`INSERT INTO users (id, email, first_name, last_name, facts_at) VALUES (${designerId}::uuid, 'designer@example.com', 'Dana', 'Designer', now()) ON CONFLICT (id) DO NOTHING`;
  await logistics.db.$executeRaw`UPDATE deliveries SET run_id = ${RUN_ID}::uuid WHERE id = ${DELIVERY_ID}::uuid`;
  await freshPlace();
  await logistics.db.$executeRaw`UPDATE items SET custody_since = now(), custody_state = 'stored', location_id = ${LOCATION_ID}::uuid, pieces = 1, pieces_received = 1, custody_ended_at = NULL, custody_end = NULL WHERE id = ${ITEM_ID}::uuid`;
}

/** mf-items' custody state: the designer's item (2 pieces, 1 arrived) put away at "B-12", with its two timeline lines. */
async function designersItemInCustody() {
  await atTheDesk();
  await lakeviewWithServices();
  const admin = randomUUID();
  await freshPlace();
  const db = logistics.db;
  await db.$executeRaw`UPDATE items SET custody_since = now() - interval '1 hour', custody_state = 'stored', location_id = ${LOCATION_ID}::uuid, pieces = 2, pieces_received = 1, custody_ended_at = NULL, custody_end = NULL WHERE id = ${ITEM_ID}::uuid`;
  await db.$executeRaw`INSERT INTO custody_events (id, item_id, project_id, kind, at, by_user_id, pieces, staff_note)
    VALUES (gen_random_uuid(), ${ITEM_ID}::uuid, ${PROJECT_ID}::uuid, 'arrived', now() - interval '1 hour', ${admin}::uuid, 1, 'Box dented on one corner')`;
  await db.$executeRaw`INSERT INTO custody_events (id, item_id, project_id, kind, at, by_user_id, to_location_id)
    VALUES (gen_random_uuid(), ${ITEM_ID}::uuid, ${PROJECT_ID}::uuid, 'put-away', now() - interval '30 minutes', ${admin}::uuid, ${LOCATION_ID}::uuid)`;
}

it('fulfils every consumer’s contract (mf-items, mf-projects, mf-warehouse)', async () => {
  expect(PACTS.map((f) => path.basename(f))).toEqual(expect.arrayContaining(['mf-items-logistics.json', 'mf-projects-logistics.json', 'mf-warehouse-logistics.json']));
  await new Verifier({
    provider: 'logistics',
    providerBaseUrl: logistics.url,
    pactUrls: PACTS,
    logLevel: 'warn',
    stateHandlers: {
      'a designer with a project "Lakeview Residence" whose item "Walnut dining table" has its five services': lakeviewWithServices,
      [`an admin, and a designer's item "Walnut dining table" in "Lakeview Residence" with tracking number ${TRACKING}`]: () => atTheDesk({ item: true }),
      'an admin at the receiving desk': () => atTheDesk(),
      [`an admin, an unmatched arrival of "${UNMATCHED_CODE}", and a designer's item "Walnut dining table" in "Lakeview Residence"`]: () => atTheDesk({ item: true, unmatched: true }),
      'an admin, and a designer\'s item "Walnut dining table" in "Lakeview Residence" that arrived and waits for inspection': () => atTheDesk({ item: true, arrived: true }),
      'a designer with a project "Lakeview Residence" whose item "Walnut dining table" is stored': () => withDelivery(),
      [`a designer with a delivery of "Walnut dining table" for ${DELIVERY_DAY}, requested`]: () => withDelivery({ status: 'requested' }),
      [`an admin, and a designer's delivery of "Walnut dining table" for ${DELIVERY_DAY}, requested`]: () => withDelivery({ status: 'requested', admin: true }),
      [`an admin, and a designer's delivery of "Walnut dining table" for ${DELIVERY_DAY}, scheduled`]: () => withDelivery({ status: 'scheduled', admin: true }),
      [`an admin, and a designer's delivery of "Walnut dining table" for ${DELIVERY_DAY}, out-for-delivery`]: () => withDelivery({ status: 'out-for-delivery', admin: true }),
      [`an admin, and a designer's delivery of "Walnut dining table" for ${DELIVERY_DAY}, scheduled, its item loaded onto the truck`]: async () => {
        await withDelivery({ status: 'scheduled', admin: true });
        await logistics.db.$executeRaw`INSERT INTO run_loads (run_id, item_id, piece, loaded_at, by_user_id) SELECT run_id, ${ITEM_ID}::uuid, 1, now(), ${caller.userId}::uuid FROM deliveries WHERE id = ${DELIVERY_ID}::uuid`;
        // On the truck: in custody, loaded (loads count only while the item is on it).
        await logistics.db.$executeRaw`UPDATE items SET custody_since = now(), custody_state = 'loaded', pieces = 1, pieces_received = 1, custody_ended_at = NULL, custody_end = NULL WHERE id = ${ITEM_ID}::uuid`;
      },
      'an admin, a location "B-12", and the designer\'s item "Walnut dining table" in custody, not put away': inCustody,
      'a designer whose item "Walnut dining table" of "Lakeview Residence" is in custody, put away at "B-12"': designersItemInCustody,
      [`an admin, and a designer's delivery of "Walnut dining table" for ${DELIVERY_DAY}, scheduled on run ${RUN_ID}, the item stored at "B-12"`]: onRun,
    },
    // The gateway's job in production: forward the state's designer as a signed identity.
    requestFilter: (req, _res, next) => {
      const email = caller.role === 'midway_admin' ? 'admin@midway.test' : 'designer@example.com';
      req.headers[IDENTITY_HEADER] = signIdentityToken({ userId: caller.userId, email, role: caller.role, sessionId: randomUUID() }, testKeys().internal.privateKey);
      next();
    },
  }).verifyProvider();
}, 120_000);
