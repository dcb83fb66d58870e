import fs from 'node:fs';
import path from 'node:path';
import { createHash, randomUUID } from 'node:crypto';
import { Verifier } from '@pact-foundation/pact';
import { IDENTITY_HEADER, signIdentityToken } from '@midway/service-kit';
import { testKeys } from '@midway/testing';
import { startTestCatalog, type Catalog } from './catalog-harness';

/**
 * Verifies the remotes' contracts (pacts/<consumer>-catalog.json, written by their consumer tests)
 * against the real catalog service on a real database. Each provider state builds exactly the data it names.
 */
const PACTS_DIR = path.resolve(__dirname, '..', '..', '..', 'pacts');
/** Every consumer's contract with catalog (mf-projects, mf-items, …): a new consumer's pact is verified without an edit here. */
const PACTS = fs.readdirSync(PACTS_DIR).filter((f) => f.endsWith('-catalog.json')).map((f) => path.join(PACTS_DIR, f));
const PROJECT_ID = '2f1e8e8a-5f4b-4d8e-9a53-6a4c1e0b7a11';
const ITEM_ID = '9b2d6c1a-3e4f-4a5b-8c7d-1e2f3a4b5c6d';
const SHARE_TOKEN = 'q3Zr8vX1yB2nC4mD5kE6fG7hJ8kL9mN0';
const SAM = { id: '6d2c1b0a-9e8f-4a7b-8c6d-5e4f3a2b1c0d', email: 'sam@studio.com', firstName: 'Sam', lastName: 'Lee' };
/** Every request is the state's designer, with this address (see requestFilter). */
const DESIGNER_EMAIL = 'designer@example.com';
const INVITATION_ID = '4e5f6a7b-8c9d-4e0f-a1b2-c3d4e5f6a7b8';
const INVITATION_TOKEN = 'inv_Tk3n-0f-An-E-mailed-Link-4-Lakeview-Res';

let catalog: Catalog;
let designerId = randomUUID();

beforeAll(async () => {
  catalog = await startTestCatalog();
});
afterAll(async () => catalog?.stop());

/** "Lakeview Residence" with one item, owned by a fresh designer; replaces any copy from an earlier state. */
async function lakeview(opts: { itemStatus: 'ordered' | 'received'; shareToken: string | null }) {
  designerId = randomUUID();
  const db = catalog.db;
  await db.$executeRaw`DELETE FROM projects WHERE id = ${PROJECT_ID}::uuid OR share_token = ${SHARE_TOKEN}`;
  await db.$executeRaw`
    INSERT INTO projects (id, name, client_name, client_email, location, install_date, status, created_by_id, share_token, updated_at)
    VALUES (${PROJECT_ID}::uuid, 'Lakeview Residence', 'Jordan Ellis', 'jordan@example.com', '12 Harbour St, Toronto', '2026-05-14', 'active', ${designerId}::uuid, ${opts.shareToken}, now())`;
  await db.$executeRaw`
    INSERT INTO items (id, project_id, name, supplier, price, status, received_at, updated_at)
    VALUES (${ITEM_ID}::uuid, ${PROJECT_ID}::uuid, 'Walnut dining table', 'Atelier North', 1250, ${opts.itemStatus},
            ${opts.itemStatus === 'received' ? new Date() : null}, now())`;
  await db.$executeRaw`
    INSERT INTO activities (id, project_id, item_id, type, description)
    VALUES (gen_random_uuid(), ${PROJECT_ID}::uuid, ${ITEM_ID}::uuid, 'item_added', 'Item "Walnut dining table" added')`;
}

/** Sam has signed up: catalog knows them from identity's user event (its read model). */
async function samSignedUp() {
  await catalog.db.$executeRaw`
    INSERT INTO users (id, email, first_name, last_name, system_role, updated_at)
    VALUES (${SAM.id}::uuid, ${SAM.email}, ${SAM.firstName}, ${SAM.lastName}, 'designer', now())
    ON CONFLICT (id) DO UPDATE SET email = EXCLUDED.email, first_name = EXCLUDED.first_name, last_name = EXCLUDED.last_name`;
}

/**
 * Another designer (Ann Lee) owns "Lakeview Residence" and has invited the state's designer by their address; catalog
 * knows the designer from identity's user event, their address verified or not.
 */
async function invited(o: { emailVerified: boolean }) {
  await lakeview({ itemStatus: 'ordered', shareToken: null });
  const ownerId = designerId;
  designerId = randomUUID();
  await catalog.db.$executeRaw`DELETE FROM users WHERE id = ${ownerId}::uuid OR email IN ('ann@studio.com', ${DESIGNER_EMAIL})`;
  await catalog.db.$executeRaw`INSERT INTO users (id, email, first_name, last_name, system_role, updated_at) VALUES (${ownerId}::uuid, 'ann@studio.com', 'Ann', 'Lee', 'designer', now())`;
  await catalog.db.$executeRaw`INSERT INTO users (id, email, first_name, last_name, system_role, email_verified, updated_at) VALUES (${designerId}::uuid, ${DESIGNER_EMAIL}, 'Dana', 'Designer', 'designer', ${o.emailVerified}, now())`;
  await catalog.db.$executeRaw`
    INSERT INTO project_invitations (id, project_id, email, role, token_hash, invited_by, expires_at)
    VALUES (${INVITATION_ID}::uuid, ${PROJECT_ID}::uuid, ${DESIGNER_EMAIL}, 'member', ${createHash('sha256').update(INVITATION_TOKEN).digest('hex')}, ${ownerId}::uuid, now() + interval '7 days')`;
}

it('fulfils every consumer’s contract (mf-projects, mf-items)', async () => {
  expect(PACTS.map((f) => path.basename(f))).toEqual(expect.arrayContaining(['mf-projects-catalog.json', 'mf-items-catalog.json']));
  await new Verifier({
    provider: 'catalog',
    providerBaseUrl: catalog.url,
    pactUrls: PACTS,
    logLevel: 'warn',
    stateHandlers: {
      'a designer with a project "Lakeview Residence" containing one item': () => lakeview({ itemStatus: 'ordered', shareToken: null }),
      'a designer with a project "Lakeview Residence" containing one item with the tracking number 1Z999AA10123456784': async () => {
        await lakeview({ itemStatus: 'ordered', shareToken: null });
        await catalog.db.$executeRaw`UPDATE items SET tracking_number = '1Z999AA10123456784' WHERE id = ${ITEM_ID}::uuid`;
      },
      'a project "Lakeview Residence" shared with a client link': () => lakeview({ itemStatus: 'received', shareToken: SHARE_TOKEN }),
      'a designer with a project "Lakeview Residence" and another designer "sam@studio.com" signed up': async () => {
        await lakeview({ itemStatus: 'ordered', shareToken: null });
        await samSignedUp();
      },
      'a designer with a project "Lakeview Residence" shared with the designer "sam@studio.com"': async () => {
        await lakeview({ itemStatus: 'ordered', shareToken: null });
        await samSignedUp();
        // The owner is listed first, with their name like every member.
        await catalog.db.$executeRaw`DELETE FROM users WHERE email = ${DESIGNER_EMAIL}`;
        await catalog.db.$executeRaw`INSERT INTO users (id, email, first_name, last_name, system_role, updated_at) VALUES (${designerId}::uuid, ${DESIGNER_EMAIL}, 'Dana', 'Designer', 'designer', now())`;
        await catalog.db.$executeRaw`INSERT INTO project_memberships (id, project_id, user_id, role, invited_by) VALUES (gen_random_uuid(), ${PROJECT_ID}::uuid, ${SAM.id}::uuid, 'member', ${designerId}::uuid)`;
      },
      // Another designer (Ann Lee) owns the project and has invited the state's designer, by their address, which
      // identity says they verified (so they may accept by the invitation's id).
      'a designer with a verified address invited to another designer\'s project "Lakeview Residence"': () => invited({ emailVerified: true }),
      // The same, the address not verified: only the e-mailed link's token lets them accept.
      'a designer whose address is not verified invited to another designer\'s project "Lakeview Residence"': () => invited({ emailVerified: false }),
      'a designer with no projects': async () => {
        designerId = randomUUID();
      },
      'no project is shared with the token "tok_unknown"': async () => undefined,
    },
    // The gateway's job in production: forward the state's designer as a signed identity.
    requestFilter: (req, _res, next) => {
      req.headers[IDENTITY_HEADER] = signIdentityToken({ userId: designerId, email: DESIGNER_EMAIL, role: 'designer', sessionId: randomUUID() }, testKeys().internal.privateKey);
      next();
    },
  }).verifyProvider();
}, 120_000);
