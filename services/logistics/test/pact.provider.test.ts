import fs from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { Verifier } from '@pact-foundation/pact';
import { IDENTITY_HEADER, signIdentityToken } from '@midway/service-kit';
import { testKeys } from '@midway/testing';
import { BILLING_DEFAULT_RATES, SERVICE_TYPES } from '@midway/contracts';
import { startTestLogistics, type Logistics } from './logistics-harness';

/**
 * Verifies the remotes' HTTP contracts with logistics (pacts/<consumer>-logistics.json, written by their
 * consumer tests: mf-items' services client) against the real service on a real database. Each provider state
 * writes logistics' own read model (what catalog's events would have built) for a fresh designer.
 */
const PACTS_DIR = path.resolve(__dirname, '..', '..', '..', 'pacts');
const PACTS = fs.readdirSync(PACTS_DIR).filter((f) => f.endsWith('-logistics.json')).map((f) => path.join(PACTS_DIR, f));
const PROJECT_ID = '2f1e8e8a-5f4b-4d8e-9a53-6a4c1e0b7a11';
const ITEM_ID = '9b2d6c1a-3e4f-4a5b-8c7d-1e2f3a4b5c6d';
const SERVICE_ID = '0c5e7a9b-1d3f-4e5a-8b7c-9d0e1f2a3b4c';

let logistics: Logistics;
let designerId = randomUUID();

beforeAll(async () => {
  logistics = await startTestLogistics();
}, 60_000);
afterAll(async () => logistics?.stop());

/** "Lakeview Residence" owned by a fresh designer, with one item and its five unselected services (receiving's id fixed). */
async function lakeviewWithServices() {
  designerId = randomUUID();
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

it('fulfils every consumer’s contract (mf-items)', async () => {
  expect(PACTS.map((f) => path.basename(f))).toContain('mf-items-logistics.json');
  await new Verifier({
    provider: 'logistics',
    providerBaseUrl: logistics.url,
    pactUrls: PACTS,
    logLevel: 'warn',
    stateHandlers: {
      'a designer with a project "Lakeview Residence" whose item "Walnut dining table" has its five services': lakeviewWithServices,
    },
    // The gateway's job in production: forward the state's designer as a signed identity.
    requestFilter: (req, _res, next) => {
      req.headers[IDENTITY_HEADER] = signIdentityToken({ userId: designerId, email: 'designer@example.com', role: 'designer', sessionId: randomUUID() }, testKeys().internal.privateKey);
      next();
    },
  }).verifyProvider();
}, 120_000);
