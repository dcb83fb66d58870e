import { actor, eventually, useBilling } from './billing-harness';

/**
 * An invoice's life: draft → sent → paid, overdue or void. A draft may change; a sent invoice is final (its lines
 * answer 409 with what to do instead), and its correction is a new invoice naming the one it replaces. Designers
 * see their projects' drafts too.
 */
const t = useBilling();
const { api, read } = t;
const admin = actor('midway_admin');

async function project() {
  const owner = actor();
  const projectId = await t.up.project(owner);
  await eventually(() => read.project(projectId), (x) => Boolean(x));
  return { owner, projectId };
}
async function invoice(projectId: string, body: Record<string, unknown> = {}) {
  const res = await api.post(`/api/projects/${projectId}/invoices`, admin, { clientName: 'Jordan Park', clientEmail: 'jordan@example.com', ...body });
  expect(res.status).toBe(201);
  return res.body as { id: string; invoiceNumber: string; replacesInvoiceId: string | null };
}
const line = (id: string, o: Record<string, unknown> = {}) => api.post(`/api/invoices/${id}/items`, admin, { description: 'Receiving', type: 'receiving', quantity: 1, rate: 25, ...o });

describe('a sent invoice is final', () => {
  it('takes lines as a draft; once sent (or overdue) a new line is 409 saying to void it and issue a new one', async () => {
    const { projectId } = await project();
    const inv = await invoice(projectId);
    expect((await line(inv.id)).status).toBe(201);
    expect((await api.post(`/api/invoices/${inv.id}/send`, admin)).status).toBe(200);
    const refused = await line(inv.id);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(new RegExp(`Invoice ${inv.invoiceNumber} has been sent and is final.*Void it and issue a new invoice that replaces it`));
    await t.billing.db.$executeRaw`UPDATE invoices SET status = 'overdue' WHERE id = ${inv.id}::uuid`;
    expect((await line(inv.id)).status).toBe(409);
    const after = (await api.get(`/api/invoices/${inv.id}`, admin)).body;
    expect([after.total, after.invoiceItems.length]).toEqual(['25.00', 1]);
  });

  it('paid and void invoices take no lines either', async () => {
    const { projectId } = await project();
    const inv = await invoice(projectId);
    await api.post(`/api/invoices/${inv.id}/void`, admin);
    expect((await line(inv.id)).status).toBe(409);
  });

  it('is corrected by a new invoice that names the one it replaces (shown on both the list and the invoice)', async () => {
    const { owner, projectId } = await project();
    const old = await invoice(projectId);
    await line(old.id);
    await api.post(`/api/invoices/${old.id}/send`, admin);
    expect((await api.post(`/api/invoices/${old.id}/void`, admin)).body.status).toBe('void');
    const replacement = await invoice(projectId, { replacesInvoiceId: old.id });
    expect(replacement.replacesInvoiceId).toBe(old.id);
    expect((await api.get(`/api/invoices/${replacement.id}`, owner)).body).toMatchObject({ replacesInvoiceId: old.id, status: 'draft' });
    expect(((await api.get('/api/invoices', owner)).body as { id: string; replacesInvoiceId: string | null }[]).find((i) => i.id === replacement.id)?.replacesInvoiceId).toBe(old.id);
  });

  it('a replacement names an invoice of the same project that went out (not a draft, not a paid one, not another project’s)', async () => {
    const { projectId } = await project();
    const other = await project();
    const draft = await invoice(projectId);
    const foreign = await invoice(other.projectId);
    await line(foreign.id);
    await api.post(`/api/invoices/${foreign.id}/send`, admin);
    for (const [name, replacesInvoiceId, message] of [
      ['a draft', draft.id, /draft/],
      ['another project’s invoice', foreign.id, /same project/],
      ['no invoice', '6f9619ff-8b86-4d11-b42d-00c04fc964ff', /same project/],
      ['not an id', 'INV-2026-000001', /replacesInvoiceId/],
    ] as const) {
      const res = await api.post(`/api/projects/${projectId}/invoices`, admin, { clientName: 'Jordan Park', replacesInvoiceId });
      expect([name, res.status, res.body.message]).toEqual([name, 400, expect.stringMatching(message)]);
    }
  });
});

describe('designers see their drafts', () => {
  it('the project’s owner lists and reads a draft (it may still change; paying it is 409)', async () => {
    const { owner, projectId } = await project();
    const draft = await invoice(projectId);
    await line(draft.id);
    expect(((await api.get('/api/invoices', owner)).body as { id: string; status: string }[]).find((i) => i.id === draft.id)?.status).toBe('draft');
    expect((await api.get(`/api/invoices/${draft.id}`, owner)).status).toBe(200);
    expect((await api.post('/api/create-payment-intent', owner, { invoiceId: draft.id })).status).toBe(409);
  });
});

describe('lines name items of the invoice’s project', () => {
  it('an item of the project is taken; another project’s, or one billing never heard of, is 400', async () => {
    const { owner, projectId } = await project();
    const other = await project();
    const mine = await t.up.item(projectId, owner, { at: new Date().toISOString() });
    const theirs = await t.up.item(other.projectId, other.owner, { at: new Date().toISOString() });
    await eventually(() => read.item(mine), (x) => Boolean(x));
    await eventually(() => read.item(theirs), (x) => Boolean(x));
    const inv = await invoice(projectId);
    expect((await line(inv.id, { itemId: mine })).status).toBe(201);
    for (const itemId of [theirs, '6f9619ff-8b86-4d11-b42d-00c04fc964ff']) {
      const res = await line(inv.id, { itemId });
      expect([res.status, res.body.message]).toEqual([400, 'itemId must be an item of the invoice’s project']);
    }
    expect((await api.get(`/api/invoices/${inv.id}`, admin)).body.invoiceItems).toHaveLength(1);
  });
});

describe('money fits the columns', () => {
  it('a total that would pass 9,999,999,999.99 is 400, and the invoice keeps what it had', async () => {
    const { projectId } = await project();
    const inv = await invoice(projectId);
    // 100 lines at the most a line may be: 9,999,999,999.00.
    for (let i = 0; i < 100; i++) expect((await line(inv.id, { rate: '99999999.99' })).status).toBe(201);
    const over = await line(inv.id, { rate: '1.00' });
    expect(over.status).toBe(400);
    expect(over.body.message).toMatch(/9999999999\.99/);
    expect((await api.get(`/api/invoices/${inv.id}`, admin)).body.subtotal).toBe('9999999999.00');
    expect((await line(inv.id, { rate: '0.99' })).status).toBe(201);
  }, 60_000);

  it('a total that taxes would take past the column is 400 too, not a 500', async () => {
    const { projectId } = await project();
    // Special handling is billed by hand only, so this rate touches no other test's invoice; removed after.
    const rate = await api.post('/api/billing/tax-rates', admin, { name: 'Overflow check', percent: '5', feeTypes: ['special_handling'], effectiveFrom: '2000-01-01' });
    expect(rate.status).toBe(201);
    try {
      const inv = await invoice(projectId);
      let refused: { status: number; body: { message: string } } | undefined;
      for (let i = 0; i < 100 && !refused; i++) {
        const res = await line(inv.id, { type: 'special_handling', rate: '99999999.99' });
        if (res.status !== 201) refused = res;
      }
      expect([refused?.status, refused?.body.message]).toEqual([400, expect.stringMatching(/with its taxes would be more than 9999999999\.99/)]);
      const after = (await api.get(`/api/invoices/${inv.id}`, admin)).body;
      expect(BigInt(after.total.replace('.', ''))).toBeLessThanOrEqual(999999999999n);
    } finally {
      expect((await api.del(`/api/billing/tax-rates/${rate.body.id}`, admin)).status).toBe(204);
    }
  }, 60_000);
});
