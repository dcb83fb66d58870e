import { actor, eventually, useBilling } from './billing-harness';

/**
 * Issue 38's staff billing: a payment problem is marked handled with a note (once, however often or however many
 * at once), a draft invoice's lines are corrected and removed (the invoice retotalled; a sent one is final), and the
 * invoices list names each invoice's project.
 */
const t = useBilling();
const { api, read } = t;
const admin = actor('midway_admin');

async function draftOn(name: string) {
  const owner = actor();
  const projectId = await t.up.project(owner, { name });
  await eventually(() => read.project(projectId), (p) => Boolean(p));
  const inv = (await api.post(`/api/projects/${projectId}/invoices`, admin, { clientName: 'Jordan Park', clientEmail: 'jordan@example.com' })).body;
  const a = (await api.post(`/api/invoices/${inv.id}/items`, admin, { description: 'Receiving', type: 'receiving', quantity: 2, rate: 25 })).body;
  const b = (await api.post(`/api/invoices/${inv.id}/items`, admin, { description: 'Crating', type: 'handling', quantity: 1, rate: '12.50' })).body;
  return { owner, projectId, id: inv.id as string, number: inv.invoiceNumber as string, lines: [a.id as string, b.id as string] };
}
const totalOf = async (id: string) => (await api.get(`/api/invoices/${id}`, admin)).body.total as string;

describe('a payment problem is marked handled', () => {
  const anomaly = async () => (await t.billing.db.paymentAnomaly.create({ data: { kind: 'paid_invoice', intentId: `pi_${Date.now()}${Math.random().toString(16).slice(2)}`, eventId: `evt_${Date.now()}`, amount: '5000', currency: 'usd' } })).id;
  const listed = async (id: string) => ((await api.get('/api/billing/anomalies', admin)).body as { id: string; handledAt: string | null; handledBy: string | null; handledNote: string | null }[]).find((a) => a.id === id);

  it('with a note, once: marks sent at once, or again, keep the first note', async () => {
    const id = await anomaly();
    expect(await listed(id)).toMatchObject({ handledAt: null, handledNote: null });
    const answers = await Promise.all(['Refunded in Stripe', 'Refunded twice?', 'Called the client'].map((note) => api.post(`/api/billing/anomalies/${id}/handle`, admin, { note })));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    const stored = await listed(id);
    expect(stored).toMatchObject({ handledAt: expect.any(String), handledBy: admin.email });
    expect(answers.map((a) => a.body.handledNote)).toEqual([stored!.handledNote, stored!.handledNote, stored!.handledNote]);
    const again = await api.post(`/api/billing/anomalies/${id}/handle`, admin, { note: 'Later note' });
    expect(again.body).toMatchObject({ handledNote: stored!.handledNote, handledAt: stored!.handledAt });
  });

  it('lists those still needing a person before the handled ones', async () => {
    const [older, newer] = [await anomaly(), await anomaly()];
    await api.post(`/api/billing/anomalies/${newer}/handle`, admin, { note: 'Refunded in Stripe' });
    const ids = ((await api.get('/api/billing/anomalies', admin)).body as { id: string; handledAt: string | null }[]);
    const at = (id: string) => ids.findIndex((a) => a.id === id);
    expect(at(older)).toBeLessThan(at(newer));
    const firstHandled = ids.findIndex((a) => a.handledAt !== null);
    expect(ids.slice(firstHandled).every((a) => a.handledAt !== null)).toBe(true);
  });

  it('needs a note (400), an anomaly that exists (404) and an admin (403)', async () => {
    const id = await anomaly();
    expect(await api.post(`/api/billing/anomalies/${id}/handle`, admin, { note: '   ' })).toMatchObject({ status: 400, body: { message: expect.stringContaining('say what was done') } });
    expect((await api.post(`/api/billing/anomalies/${id}/handle`, admin, {})).status).toBe(400);
    expect((await api.post('/api/billing/anomalies/5b6c7d8e-9f0a-4b1c-8d2e-000000000999/handle', admin, { note: 'x' })).status).toBe(404);
    expect((await api.post(`/api/billing/anomalies/${id}/handle`, actor(), { note: 'x' })).status).toBe(403);
    expect(await listed(id)).toMatchObject({ handledAt: null });
  });
});

describe('a draft invoice’s lines are corrected and removed', () => {
  it('a correction is priced by the server and retotals the invoice', async () => {
    const inv = await draftOn('Line Edit Loft');
    expect(await totalOf(inv.id)).toBe('62.50');
    const res = await api.put(`/api/invoices/${inv.id}/items/${inv.lines[0]}`, admin, { description: 'Receiving, 3 boxes', type: 'receiving', quantity: 3, rate: '25.00' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: inv.lines[0], description: 'Receiving, 3 boxes', quantity: 3, rate: '25.00', amount: '75.00' });
    expect(await totalOf(inv.id)).toBe('87.50');
  });

  it('a removal retotals the invoice, and has one effect when sent twice at once', async () => {
    const inv = await draftOn('Line Remove Loft');
    const answers = await Promise.all([1, 2].map(() => api.del(`/api/invoices/${inv.id}/items/${inv.lines[1]}`, admin)));
    expect(answers.map((a) => a.status).sort()).toEqual([204, 404]);
    expect(await totalOf(inv.id)).toBe('50.00');
    expect((await api.get(`/api/invoices/${inv.id}`, admin)).body.invoiceItems.map((l: { id: string }) => l.id)).toEqual([inv.lines[0]]);
  });

  it('a sent invoice is final (409); another invoice’s line is a 404; bad input is a 400', async () => {
    const inv = await draftOn('Line Final Loft');
    const other = await draftOn('Line Other Loft');
    expect((await api.put(`/api/invoices/${inv.id}/items/${other.lines[0]}`, admin, { description: 'x', type: 'handling', quantity: 1, rate: 1 })).status).toBe(404);
    expect((await api.del(`/api/invoices/${inv.id}/items/${other.lines[0]}`, admin)).status).toBe(404);
    expect((await api.put(`/api/invoices/${inv.id}/items/${inv.lines[0]}`, admin, { description: 'x', type: 'handling', quantity: 0, rate: 1 })).status).toBe(400);
    expect((await api.put(`/api/invoices/${inv.id}/items/${inv.lines[0]}`, admin, { description: 'x', type: 'handling', quantity: 2, rate: '99999999.99' })).status).toBe(400);
    expect((await api.post(`/api/invoices/${inv.id}/send`, admin)).status).toBe(200);
    const put = await api.put(`/api/invoices/${inv.id}/items/${inv.lines[0]}`, admin, { description: 'Receiving', type: 'receiving', quantity: 9, rate: 25 });
    expect(put).toMatchObject({ status: 409, body: { message: expect.stringContaining('has been sent and is final') } });
    expect((await api.del(`/api/invoices/${inv.id}/items/${inv.lines[0]}`, admin)).status).toBe(409);
    expect(await totalOf(inv.id)).toBe('62.50');
    expect(await totalOf(other.id)).toBe('62.50');
  });
});

it('the invoices list names each invoice’s project', async () => {
  const inv = await draftOn(`Named Project ${Date.now()}`);
  const rows = (await api.get(`/api/invoices?projectId=${inv.projectId}`, admin)).body as { id: string; projectName: string }[];
  expect(rows.map((r) => [r.id, r.projectName])).toEqual([[inv.id, expect.stringMatching(/^Named Project \d+$/)]]);
  expect(((await api.get(`/api/invoices?projectId=${inv.projectId}`, inv.owner)).body as { projectName: string }[])[0]!.projectName).toMatch(/^Named Project/);
});
