import { randomUUID } from 'node:crypto';
import { catalogService, type Catalog } from '@midway/catalog';
import { serviceClient, startService } from '@midway/testing';
import { actor, client, startTestBilling, type Actor, type Billing } from './billing-harness';

/**
 * Billing's read model of catalog's projects is fed by events, so a call made right after catalog created or
 * changed a project can reach billing before the event does. Billing then asks catalog before answering 404:
 * 404 means "does not exist" (or "not yours"), never "not arrived yet".
 */
let catalog: Catalog | undefined;
let billing: Billing | undefined;
beforeAll(async () => {
  [catalog, billing] = await Promise.all([startService(catalogService), startTestBilling()]);
}, 60_000);
afterAll(async () => {
  await billing?.stop();
  await catalog?.stop();
});
const cat = serviceClient(() => catalog!.url);
const api = client(() => billing!.url);
const admin = actor('midway_admin');

const createProject = async (owner: Actor) => {
  const res = await cat.post('/api/projects', owner, { name: `Lakeview ${randomUUID().slice(0, 6)}`, clientName: 'Jordan Park', location: 'Vancouver, BC' });
  expect(res.status).toBe(201);
  return res.body as { id: string; name: string };
};
const createInvoice = (projectId: string) => api.post(`/api/projects/${projectId}/invoices`, admin, { clientName: 'Jordan Park', clientEmail: 'jordan@example.com' });
const statuses = (answers: { status: number }[]) => answers.reduce<Record<number, number>>((n, a) => ({ ...n, [a.status]: (n[a.status] ?? 0) + 1 }), {});

/** A project in catalog's tables with no event published: billing can only learn it by asking. */
async function silentProject(owner: Actor) {
  const projectId = randomUUID();
  await catalog!.db.$executeRaw`INSERT INTO projects (id, name, client_name, location, created_by_id, updated_at) VALUES (${projectId}::uuid, 'Quiet Cottage', 'Pat Lee', 'Victoria, BC', ${owner.userId}::uuid, now())`;
  return projectId;
}

describe('a project catalog has and billing has not seen yet', () => {
  it('50 projects created and invoiced by an admin at once: none is "Project not found"', async () => {
    const owner = actor();
    const answers = await Promise.all(
      Array.from({ length: 50 }, async () => {
        const p = await createProject(owner);
        const res = await createInvoice(p.id);
        return { ...res, expected: p };
      }),
    );
    expect(statuses(answers)).toEqual({ 201: 50 });
    expect(answers.map((a) => a.body.project)).toEqual(answers.map((a) => ({ id: a.expected.id, name: a.expected.name })));
  }, 60_000);

  it('a project whose events never came is learnt from catalog: the invoice is created and its owner sees it', async () => {
    const owner = actor();
    const projectId = await silentProject(owner);
    const created = await createInvoice(projectId);
    expect(created).toMatchObject({ status: 201, body: { projectId, project: { id: projectId, name: 'Quiet Cottage' } } });
    expect(await api.get(`/api/invoices/${created.body.id}`, owner)).toMatchObject({ status: 200, body: { id: created.body.id } });
  });

  it('a member catalog added whose event has not come sees the invoice; an outsider still gets 404', async () => {
    const [owner, member, outsider] = [actor(), actor(), actor()];
    const projectId = await silentProject(owner);
    const invoice = (await createInvoice(projectId)).body as { id: string };
    await catalog!.db.$executeRaw`INSERT INTO project_memberships (id, project_id, user_id, role, invited_by) VALUES (gen_random_uuid(), ${projectId}::uuid, ${member.userId}::uuid, 'viewer', ${owner.userId}::uuid)`;

    expect(await api.get(`/api/invoices/${invoice.id}`, member)).toMatchObject({ status: 200, body: { id: invoice.id } });
    expect(await api.get(`/api/invoices/${invoice.id}`, outsider)).toMatchObject({ status: 404, body: { message: 'Invoice not found' } });
    expect((await api.get('/api/invoices', outsider)).body).toEqual([]);
  });

  it('a project catalog does not hold is 404 at once', async () => {
    const started = Date.now();
    expect(await createInvoice(randomUUID())).toMatchObject({ status: 404, body: { message: 'Project not found' } });
    expect(Date.now() - started).toBeLessThan(1000);
  });
});
