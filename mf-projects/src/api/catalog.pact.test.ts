/**
 * @jest-environment node
 *
 * Pact consumer contract: mf-projects' API client (catalog-api.ts) against catalog's HTTP API.
 * Writes pacts/mf-projects-catalog.json at the repo root; catalog's provider verification replays it against the
 * real service. Requests carry no session: the verifier adds the caller identity of the state's designer
 * (the gateway does that in production).
 */
import path from 'node:path';
import { MatchersV3, PactV4 } from '@pact-foundation/pact';
import { createCatalogApi } from './catalog-api';


const { like, eachLike, integer, regex, uuid, iso8601DateTimeWithMillis, fromProviderState, string, nullValue } = MatchersV3;


const PROJECT_ID = '2f1e8e8a-5f4b-4d8e-9a53-6a4c1e0b7a11';
const ITEM_ID = '9b2d6c1a-3e4f-4a5b-8c7d-1e2f3a4b5c6d';
const USER_ID = '7c0a3f5e-2a8f-4c1e-8b1a-0e5d2f9c6b33';
const MEMBER_ID = '6d2c1b0a-9e8f-4a7b-8c6d-5e4f3a2b1c0d';
const INVITATION_ID = '4e5f6a7b-8c9d-4e0f-a1b2-c3d4e5f6a7b8';
const INVITATION_TOKEN = 'inv_Tk3n-0f-An-E-mailed-Link-4-Lakeview-Res';

/** Provider states (the provider's verification implements each by name; params give the ids to use). */
const STATES = {
  designer: 'a designer with no projects',
  projectWithItem: 'a designer with a project "Lakeview Residence" containing one item',
  sharedProject: 'a project "Lakeview Residence" shared with a client link',
  noSharedProject: 'no project is shared with the token "tok_unknown"',
  otherDesignerSignedUp: 'a designer with a project "Lakeview Residence" and another designer "sam@studio.com" signed up',
  memberOfProject: 'a designer with a project "Lakeview Residence" shared with the designer "sam@studio.com"',
  invited: 'a designer with a verified address invited to another designer\'s project "Lakeview Residence"',
  invitedUnverified: 'a designer whose address is not verified invited to another designer\'s project "Lakeview Residence"',
} as const;
const withItem = { projectId: PROJECT_ID, itemId: ITEM_ID, userId: USER_ID };
const withMember = { projectId: PROJECT_ID, userId: USER_ID, memberUserId: MEMBER_ID, memberEmail: 'sam@studio.com' };
const withInvitation = { projectId: PROJECT_ID, invitationId: INVITATION_ID, token: INVITATION_TOKEN };

const JSON_HEADERS = { 'Content-Type': regex(/application\/json.*/.source, 'application/json; charset=utf-8') };
const timestamp = () => iso8601DateTimeWithMillis('2026-03-02T15:04:05.000Z');
const money = (example: string) => regex(/^\d+\.\d{2}$/.source, example);
const plainDate = (example: string) => regex(/^\d{4}-\d{2}-\d{2}$/.source, example);

// The owner and the members (status active); pending invitations are listed after them with their own shape.
const member = {
  status: string('active'),
  userId: uuid(MEMBER_ID),
  email: string('sam@studio.com'),
  firstName: string('Sam'),
  lastName: string('Lee'),
  role: regex(/^(owner|member|viewer)$/.source, 'member'),
  joinedAt: timestamp(),
};
const invitation = {
  id: uuid(INVITATION_ID),
  projectId: uuid(PROJECT_ID),
  projectName: string('Lakeview Residence'),
  invitedBy: string('Ann Lee'),
  role: regex(/^(member|viewer)$/.source, 'member'),
  expiresAt: timestamp(),
};

// Only the fields this consumer reads are in the contract (extra fields in a response are fine).
const project = {
  id: uuid(PROJECT_ID),
  name: string('Lakeview Residence'),
  location: string('12 Harbour St, Toronto'),
  clientName: string('Jordan Ellis'),
  clientEmail: string('jordan@example.com'),
  status: regex(/^(active|planning|in-progress|completed)$/.source, 'active'),
  installDate: plainDate('2026-05-14'),
  itemCount: integer(1),
  progress: integer(0),
};

const item = {
  id: uuid(ITEM_ID),
  projectId: uuid(PROJECT_ID),
  name: string('Walnut dining table'),
  supplier: string('Atelier North'),
  productUrl: nullValue(),
  quantity: integer(1),
  trackingNumber: nullValue(),
  status: regex(/^(ordered|in-transit|received|stored|delivered)$/.source, 'ordered'),
  photoUrl: nullValue(),
  receivedAt: nullValue(),
  /** The Items page and the project page show 'Out for delivery' while it is set. */
  outForDeliveryAt: nullValue(),
  deliveredAt: nullValue(),
  price: money('1250.00'),
  createdAt: timestamp(),
};

const pact = new PactV4({
  consumer: 'mf-projects',
  provider: 'catalog',
  dir: path.resolve(__dirname, '../../../pacts'),
  logLevel: 'warn',
});

describe('mf-projects → catalog (Pact)', () => {
  it('GET /api/projects lists the caller’s projects with item count and progress', () =>
    pact
      .addInteraction()
      .given(STATES.projectWithItem, withItem)
      .uponReceiving('a request for the projects list')
      .withRequest('GET', '/api/projects')
      .willRespondWith(200, (res) => res.headers(JSON_HEADERS).jsonBody(eachLike(project)))
      .executeTest(async (server) => {
        const projects = await createCatalogApi(server.url).listProjects();
        expect(projects[0]).toMatchObject({ id: PROJECT_ID, itemCount: 1, progress: 0 });
      }));

  it('GET /api/dashboard/projects?limit=10&offset=0 answers a page of the caller’s projects and how many they reach', () =>
    pact
      .addInteraction()
      .given(STATES.projectWithItem, withItem)
      .uponReceiving('a request for the first page of the dashboard projects')
      .withRequest('GET', '/api/dashboard/projects', (req) => req.query({ limit: '10', offset: '0' }))
      .willRespondWith(200, (res) => res.headers(JSON_HEADERS).jsonBody({ projects: eachLike(project), total: integer(1), limit: integer(10), offset: integer(0) }))
      .executeTest(async (server) => {
        const page = await createCatalogApi(server.url).dashboardProjects({ limit: 10, offset: 0 });
        expect(page.projects[0]).toMatchObject({ id: PROJECT_ID, itemCount: 1, progress: 0 });
        expect([page.total, page.limit, page.offset]).toEqual([1, 10, 0]);
      }));

  it('POST /api/projects creates a project (201)', () =>
    pact
      .addInteraction()
      .given(STATES.designer, { userId: USER_ID })
      .uponReceiving('a request to create a project')
      .withRequest('POST', '/api/projects', (req) =>
        req.headers({ 'Content-Type': 'application/json' }).jsonBody({
          name: 'Lakeview Residence',
          clientName: 'Jordan Ellis',
          clientEmail: 'jordan@example.com',
          location: '12 Harbour St, Toronto',
          installDate: '2026-05-14',
        }),
      )
      .willRespondWith(201, (res) => res.headers(JSON_HEADERS).jsonBody({ ...project, itemCount: integer(0), progress: integer(0) }))
      .executeTest(async (server) => {
        const created = await createCatalogApi(server.url).createProject({
          name: 'Lakeview Residence',
          clientName: 'Jordan Ellis',
          clientEmail: 'jordan@example.com',
          location: '12 Harbour St, Toronto',
          installDate: '2026-05-14',
        });
        expect(created).toMatchObject({ name: 'Lakeview Residence', status: 'active' });
      }));

  it("POST /api/projects without a required field answers 400 'Please fill in all required fields'", () =>
    pact
      .addInteraction()
      .given(STATES.designer, { userId: USER_ID })
      .uponReceiving('a request to create a project without a location')
      .withRequest('POST', '/api/projects', (req) =>
        req.headers({ 'Content-Type': 'application/json' }).jsonBody({ name: 'Lakeview Residence', clientName: 'Jordan Ellis', location: '' }),
      )
      .willRespondWith(400, (res) => res.headers(JSON_HEADERS).jsonBody({ message: 'Please fill in all required fields' }))
      .executeTest(async (server) => {
        await expect(createCatalogApi(server.url).createProject({ name: 'Lakeview Residence', clientName: 'Jordan Ellis', location: '' })).rejects.toThrow(
          /^400: .*Please fill in all required fields/,
        );
      }));

  it('GET /api/projects/{id} answers the project with its items, costs and total cost', () =>
    pact
      .addInteraction()
      .given(STATES.projectWithItem, withItem)
      .uponReceiving('a request for a project with its items')
      .withRequest('GET', `/api/projects/${PROJECT_ID}`)
      .willRespondWith(200, (res) => res.headers(JSON_HEADERS).jsonBody({ ...project, items: eachLike(item), costs: [], totalCost: money('1250.00') }))
      .executeTest(async (server) => {
        const detail = await createCatalogApi(server.url).getProject(PROJECT_ID);
        expect(detail.items[0]).toMatchObject({ id: ITEM_ID, name: 'Walnut dining table', status: 'ordered' });
        expect(detail.totalCost).toBe('1250.00');
      }));

  it('GET /api/projects/{id} answers 404 for a project that is not the caller’s', () =>
    pact
      .addInteraction()
      .given(STATES.designer, { userId: USER_ID })
      .uponReceiving('a request for a project the caller cannot see')
      .withRequest('GET', `/api/projects/${PROJECT_ID}`)
      .willRespondWith(404, (res) => res.headers(JSON_HEADERS).jsonBody({ message: like('Project not found') }))
      .executeTest(async (server) => {
        await expect(createCatalogApi(server.url).getProject(PROJECT_ID)).rejects.toThrow(/^404: /);
      }));

  it('POST /api/projects/{id}/items adds an item (201)', () =>
    pact
      .addInteraction()
      .given(STATES.projectWithItem, withItem)
      .uponReceiving('a request to quick-add an item')
      .withRequest('POST', `/api/projects/${PROJECT_ID}/items`, (req) =>
        req.headers({ 'Content-Type': 'application/json' }).jsonBody({ name: 'Boucle lounge chair', supplier: 'Atelier North', trackingNumber: '1Z999AA10123456784' }),
      )
      .willRespondWith(201, (res) =>
        res.headers(JSON_HEADERS).jsonBody({
          ...item,
          id: uuid('4c8e1d2a-7b3f-4e6a-9d0c-5f1a2b3c4d5e'),
          name: string('Boucle lounge chair'),
          trackingNumber: string('1Z999AA10123456784'),
          status: 'ordered',
          price: nullValue(),
        }),
      )
      .executeTest(async (server) => {
        const added = await createCatalogApi(server.url).addItem(PROJECT_ID, { name: 'Boucle lounge chair', supplier: 'Atelier North', trackingNumber: '1Z999AA10123456784' });
        expect(added).toMatchObject({ projectId: PROJECT_ID, name: 'Boucle lounge chair', status: 'ordered' });
      }));

  it('PUT /api/items/{id}/status changes an item’s status', () =>
    pact
      .addInteraction()
      .given(STATES.projectWithItem, withItem)
      .uponReceiving('a request to mark an item in transit')
      .withRequest('PUT', `/api/items/${ITEM_ID}/status`, (req) => req.headers({ 'Content-Type': 'application/json' }).jsonBody({ status: 'in-transit' }))
      .willRespondWith(200, (res) => res.headers(JSON_HEADERS).jsonBody({ ...item, status: 'in-transit' }))
      .executeTest(async (server) => {
        const updated = await createCatalogApi(server.url).updateItemStatus(ITEM_ID, 'in-transit');
        expect(updated).toMatchObject({ id: ITEM_ID, status: 'in-transit' });
      }));

  it('POST /api/projects/{id}/share answers the project’s share token', () =>
    pact
      .addInteraction()
      .given(STATES.projectWithItem, withItem)
      .uponReceiving('a request to share a project with its client')
      .withRequest('POST', `/api/projects/${PROJECT_ID}/share`)
      .willRespondWith(200, (res) => res.headers(JSON_HEADERS).jsonBody({ shareToken: regex(/^[A-Za-z0-9_-]{16,64}$/.source, 'q3Zr8vX1yB2nC4mD5kE6fG7hJ8kL9mN0') }))
      .executeTest(async (server) => {
        const { shareToken } = await createCatalogApi(server.url).shareProject(PROJECT_ID);
        expect(shareToken).toMatch(/^[A-Za-z0-9_-]+$/);
      }));

  it('POST /api/projects/{id}/share {rotate: true} answers a new token for the client link', () =>
    pact
      .addInteraction()
      .given(STATES.sharedProject)
      .uponReceiving('a request to reset the client link of a shared project')
      .withRequest('POST', `/api/projects/${PROJECT_ID}/share`, (req) => req.headers({ 'Content-Type': 'application/json' }).jsonBody({ rotate: true }))
      .willRespondWith(200, (res) => res.headers(JSON_HEADERS).jsonBody({ shareToken: regex(/^[A-Za-z0-9_-]{16,64}$/.source, 'Xy7Zr8vX1yB2nC4mD5kE6fG7hJ8kL9mN') }))
      .executeTest(async (server) => {
        const { shareToken } = await createCatalogApi(server.url).resetShareLink(PROJECT_ID);
        expect(shareToken).toMatch(/^[A-Za-z0-9_-]+$/);
      }));

  it('GET /api/shared/projects/{token} answers the public, read-only project', () =>
    pact
      .addInteraction()
      .given(STATES.sharedProject)
      .uponReceiving('a public request for a shared project')
      .withRequest('GET', fromProviderState('/api/shared/projects/${shareToken}', '/api/shared/projects/q3Zr8vX1yB2nC4mD5kE6fG7hJ8kL9mN0'))
      .willRespondWith(200, (res) =>
        res.headers(JSON_HEADERS).jsonBody({
          name: string('Lakeview Residence'),
          location: string('12 Harbour St, Toronto'),
          clientName: string('Jordan Ellis'),
          status: string('active'),
          installDate: plainDate('2026-05-14'),
          items: eachLike({
            id: uuid(ITEM_ID),
            name: string('Walnut dining table'),
            supplier: string('Atelier North'),
            photoUrl: nullValue(),
            status: regex(/^(ordered|in-transit|received|stored|delivered)$/.source, 'received'),
            receivedAt: timestamp(),
            deliveredAt: nullValue(),
          }),
          activities: eachLike({ id: uuid('0b1c2d3e-4f5a-4b6c-8d7e-9f0a1b2c3d4e'), description: string('"Walnut dining table" is now Received'), createdAt: timestamp() }),
        }),
      )
      .executeTest(async (server) => {
        const shared = await createCatalogApi(server.url).getSharedProject('q3Zr8vX1yB2nC4mD5kE6fG7hJ8kL9mN0');
        expect(shared.items[0]).toMatchObject({ name: 'Walnut dining table', status: 'received' });
        expect(shared).not.toHaveProperty('clientEmail');
      }));

  it('GET /api/shared/projects/{token} answers 404 for an unknown token', () =>
    pact
      .addInteraction()
      .given(STATES.noSharedProject)
      .uponReceiving('a public request for an unknown share token')
      .withRequest('GET', '/api/shared/projects/tok_unknown')
      .willRespondWith(404)
      .executeTest(async (server) => {
        await expect(createCatalogApi(server.url).getSharedProject('tok_unknown')).rejects.toThrow(/^404: /);
      }));

  it('GET /api/dashboard/stats answers the four dashboard numbers', () =>
    pact
      .addInteraction()
      .given(STATES.projectWithItem, withItem)
      .uponReceiving('a request for the dashboard statistics')
      .withRequest('GET', '/api/dashboard/stats')
      .willRespondWith(200, (res) =>
        res.headers(JSON_HEADERS).jsonBody({ activeProjects: integer(1), itemsInTransit: integer(0), receivedThisMonth: integer(0), itemsWithoutTracking: integer(1) }),
      )
      .executeTest(async (server) => {
        expect(await createCatalogApi(server.url).getDashboardStats()).toEqual({ activeProjects: 1, itemsInTransit: 0, receivedThisMonth: 0, itemsWithoutTracking: 1 });
      }));

  it('GET /api/activities?limit=10 answers the newest activity with project names', () =>
    pact
      .addInteraction()
      .given(STATES.projectWithItem, withItem)
      .uponReceiving('a request for the recent activity')
      .withRequest('GET', '/api/activities', (req) => req.query({ limit: '10' }))
      .willRespondWith(200, (res) =>
        res.headers(JSON_HEADERS).jsonBody(
          eachLike({
            id: uuid('0b1c2d3e-4f5a-4b6c-8d7e-9f0a1b2c3d4e'),
            projectId: uuid(PROJECT_ID),
            type: string('item_added'),
            description: string('Item "Walnut dining table" added'),
            createdAt: timestamp(),
            projectName: string('Lakeview Residence'),
          }),
        ),
      )
      .executeTest(async (server) => {
        const [first] = await createCatalogApi(server.url).listActivities(10);
        expect(first).toMatchObject({ projectId: PROJECT_ID, projectName: 'Lakeview Residence' });
      }));

  it('GET /api/projects/{id}/members lists the owner and the designers the project is shared with', () =>
    pact
      .addInteraction()
      .given(STATES.memberOfProject, withMember)
      .uponReceiving('a request for the designers of a project')
      .withRequest('GET', `/api/projects/${PROJECT_ID}/members`)
      .willRespondWith(200, (res) => res.headers(JSON_HEADERS).jsonBody(eachLike(member, 2)))
      .executeTest(async (server) => {
        const [first] = await createCatalogApi(server.url).listMembers(PROJECT_ID);
        expect(first).toMatchObject({ status: 'active', userId: MEMBER_ID, email: 'sam@studio.com' });
      }));

  it('POST /api/projects/{id}/members invites an address with a role (202, a message that says nothing of the address)', () =>
    pact
      .addInteraction()
      .given(STATES.otherDesignerSignedUp, withMember)
      .uponReceiving('a request to invite another designer to a project')
      .withRequest('POST', `/api/projects/${PROJECT_ID}/members`, (req) => req.headers({ 'Content-Type': 'application/json' }).jsonBody({ email: 'sam@studio.com', role: 'viewer' }))
      .willRespondWith(202, (res) => res.headers(JSON_HEADERS).jsonBody({ message: string('If they are not on the project yet, they get an e-mail with a link to join, valid for 7 days.') }))
      .executeTest(async (server) => {
        const sent = await createCatalogApi(server.url).inviteMember(PROJECT_ID, 'sam@studio.com', 'viewer');
        expect(sent.message).toMatch(/valid for 7 days/);
      }));

  it('GET /api/invitations lists the signed-in designer’s pending invitations', () =>
    pact
      .addInteraction()
      .given(STATES.invited, withInvitation)
      .uponReceiving('a request for the caller’s pending invitations')
      .withRequest('GET', '/api/invitations')
      .willRespondWith(200, (res) => res.headers(JSON_HEADERS).jsonBody(eachLike(invitation)))
      .executeTest(async (server) => {
        const [first] = await createCatalogApi(server.url).listInvitations();
        expect(first).toMatchObject({ id: INVITATION_ID, projectId: PROJECT_ID, projectName: 'Lakeview Residence' });
      }));

  it('GET /api/invitations/link/{token} reads what an e-mailed link is for, with the address it was sent to', () =>
    pact
      .addInteraction()
      .given(STATES.invited, withInvitation)
      .uponReceiving('a request for an invitation link')
      .withRequest('GET', `/api/invitations/link/${INVITATION_TOKEN}`)
      .willRespondWith(200, (res) => res.headers(JSON_HEADERS).jsonBody({ ...invitation, email: string('designer@example.com') }))
      .executeTest(async (server) => {
        const link = await createCatalogApi(server.url).getInvitationLink(INVITATION_TOKEN);
        expect(link).toMatchObject({ id: INVITATION_ID, email: 'designer@example.com' });
      }));

  it('POST /api/invitations/{id}/accept joins the project (200, the project and role)', () =>
    pact
      .addInteraction()
      .given(STATES.invited, withInvitation)
      .uponReceiving('a request to accept an invitation')
      .withRequest('POST', `/api/invitations/${INVITATION_ID}/accept`)
      .willRespondWith(200, (res) => res.headers(JSON_HEADERS).jsonBody({ projectId: uuid(PROJECT_ID), role: regex(/^(member|viewer)$/.source, 'member') }))
      .executeTest(async (server) => {
        expect(await createCatalogApi(server.url).acceptInvitation(INVITATION_ID)).toEqual({ projectId: PROJECT_ID, role: 'member' });
      }));

  it('POST /api/invitations/{id}/accept with the e-mailed link’s token joins, the address verified or not (200)', () =>
    pact
      .addInteraction()
      .given(STATES.invitedUnverified, withInvitation)
      .uponReceiving('a request to accept an invitation with its link’s token')
      .withRequest('POST', `/api/invitations/${INVITATION_ID}/accept`, (req) => req.headers({ 'Content-Type': 'application/json' }).jsonBody({ token: INVITATION_TOKEN }))
      .willRespondWith(200, (res) => res.headers(JSON_HEADERS).jsonBody({ projectId: uuid(PROJECT_ID), role: regex(/^(member|viewer)$/.source, 'member') }))
      .executeTest(async (server) => {
        expect(await createCatalogApi(server.url).acceptInvitation(INVITATION_ID, INVITATION_TOKEN)).toEqual({ projectId: PROJECT_ID, role: 'member' });
      }));

  it('POST /api/invitations/{id}/accept without the link, from an unverified address, is a 403 saying to open the link in the e-mail', () =>
    pact
      .addInteraction()
      .given(STATES.invitedUnverified, withInvitation)
      .uponReceiving('a request to accept an invitation by its id from an unverified address')
      .withRequest('POST', `/api/invitations/${INVITATION_ID}/accept`)
      .willRespondWith(403, (res) => res.headers(JSON_HEADERS).jsonBody({ error: string('forbidden'), message: regex(/.*open the link in the invitation e-mail.*/.source, 'To join, open the link in the invitation e-mail (it proves the address is yours), or verify your address first with the link we e-mailed you when you signed up.') }))
      .executeTest(async (server) => {
        await expect(createCatalogApi(server.url).acceptInvitation(INVITATION_ID)).rejects.toMatchObject({ status: 403, body: expect.stringContaining('open the link in the invitation e-mail') });
      }));

  it('POST /api/invitations/{id}/decline declines it (204)', () =>
    pact
      .addInteraction()
      .given(STATES.invited, withInvitation)
      .uponReceiving('a request to decline an invitation')
      .withRequest('POST', `/api/invitations/${INVITATION_ID}/decline`)
      .willRespondWith(204)
      .executeTest(async (server) => {
        await expect(createCatalogApi(server.url).declineInvitation(INVITATION_ID)).resolves.toBeUndefined();
      }));

  it('DELETE /api/projects/{id}/members/{userId} removes a designer (204)', () =>
    pact
      .addInteraction()
      .given(STATES.memberOfProject, withMember)
      .uponReceiving('a request to remove a designer from a project')
      .withRequest('DELETE', `/api/projects/${PROJECT_ID}/members/${MEMBER_ID}`)
      .willRespondWith(204)
      .executeTest(async (server) => {
        await expect(createCatalogApi(server.url).removeMember(PROJECT_ID, MEMBER_ID)).resolves.toBeUndefined();
      }));
});
