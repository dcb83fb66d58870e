import { readMail, testEnv } from '@midway/testing';
import { actor, eventually, watchEvents, useBilling } from './billing-harness';

/**
 * Cycles and the monthly invoices, the invoice calls and their money arithmetic. Months of 2025 are this
 * file's own (generation takes every cycle of a month in the shared schema).
 */
const t = useBilling();
const { api, read } = t;
const admin = actor('midway_admin');

/** A project with an item the warehouse received, stored and delivered in `month` of 2025, owned by a known user. */
async function monthOfWork(month: number) {
  const owner = actor();
  await t.up.user(owner, 'Dana', 'Designer');
  const p = await t.up.project(owner, { name: `Harbour House ${month}` });
  const mm = String(month).padStart(2, '0');
  const a = await t.up.item(p, owner, { name: 'Oak sideboard', quantity: 2, at: `2025-${mm}-01T10:00:00.000Z` });
  await t.up.select(p, owner, a, 'receiving', `2025-${mm}-02T10:00:00.000Z`);
  // The warehouse's facts make the fees: its arrival on the 10th, the delivery's completion on the 15th.
  await t.up.arrive(p, owner, a, `2025-${mm}-10T10:00:00.000Z`);
  await t.up.select(p, owner, a, 'delivery', `2025-${mm}-11T10:00:00.000Z`);
  await t.up.complete(p, owner, [{ itemId: a }], `2025-${mm}-15T10:00:00.000Z`);
  // Receiving is billed once billing knows the item (catalog's event may come after logistics' facts): storage reads it too.
  await eventually(() => read.events({ projectId: p }), (e) => e.some((x) => x.eventType === 'delivery') && e.some((x) => x.eventType === 'receiving'));
  await t.billing.auto.recordStorage(`2025-${mm}-28`);
  return { owner, projectId: p, itemId: a };
}

describe('monthly invoices', () => {
  it('cycles, then one sent invoice per cycle to the owner with lines by type and item; events processed; generating again adds nothing', async () => {
    const w = await monthOfWork(3);
    const watch = await watchEvents();
    const cycles = await api.post('/api/billing/cycles/create', admin, { month: 3, year: 2025 });
    expect(cycles.status).toBe(200);
    expect(cycles.body.message).toMatch(/March 2025/);
    const [g1, g2] = await Promise.all([api.post('/api/billing/invoices/generate', admin, { month: 3, year: 2025 }), api.post('/api/billing/invoices/generate', admin, { month: 3, year: 2025 })]);
    expect([g1!.status, g2!.status]).toEqual([200, 200]);
    const list = (await api.get('/api/invoices', w.owner)).body as { id: string; invoiceNumber: string; status: string; total: string; dueDate: string; clientName: string; clientEmail: string }[];
    expect(list).toHaveLength(1);
    const inv = list[0]!;
    expect(inv).toMatchObject({ status: 'sent', clientName: 'Dana Designer', clientEmail: w.owner.email });
    expect(inv.invoiceNumber).toMatch(/^INV-\d{4}-\d{6}$/);
    const detail = (await api.get(`/api/invoices/${inv.id}`, w.owner)).body;
    // receiving 2 × 25.00; storage Mar 10–14 (5 days × 2.00); one delivery 50.00.
    expect(detail.invoiceItems.map((l: { type: string; quantity: number; rate: string; amount: string }) => [l.type, l.quantity, l.rate, l.amount]).sort()).toEqual(
      [['delivery', 1, '50.00', '50.00'], ['receiving', 2, '25.00', '50.00'], ['storage', 5, '2.00', '10.00']].sort(),
    );
    expect(detail).toMatchObject({ subtotal: '110.00', tax: '0.00', total: '110.00', billingPeriodStart: '2025-03-01', billingPeriodEnd: '2025-03-31', project: { id: w.projectId, name: 'Harbour House 3' } });
    const issued = new Date(detail.createdAt);
    expect(Date.parse(detail.dueDate) - Date.parse(issued.toISOString().slice(0, 10))).toBe(30 * 86_400_000);
    expect((await read.events({ projectId: w.projectId })).filter((e) => e.eventDate < '2025-04-01').every((e) => e.processed)).toBe(true);
    expect((await api.post('/api/billing/invoices/generate', admin, { month: 3, year: 2025 })).body.message).toMatch(/^Nothing to bill for March 2025/);
    const created = (await watch.settle()).filter((e) => e.type === 'billing.invoice.created.v1' && (e.data as { projectId: string }).projectId === w.projectId);
    expect(created).toHaveLength(1);
    await watch.close();
  });

  it('month 1–12 and year 2024–2030, whole numbers, else 400; non-admins 403', async () => {
    for (const body of [{ month: 0, year: 2025 }, { month: 13, year: 2025 }, { month: 1.5, year: 2025 }, { month: 1, year: 2023 }, { month: 1, year: 2031 }, { month: '3', year: 2025 }, {}]) {
      for (const path of ['/api/billing/cycles/create', '/api/billing/invoices/generate']) {
        const res = await api.post(path, admin, body);
        expect([path, body, res.status]).toEqual([path, body, 400]);
        expect(res.body.message).toMatch(/month|year/);
      }
    }
    expect((await api.post('/api/billing/cycles/create', admin, { month: 12, year: 2030 })).status).toBe(200);
    expect((await api.post('/api/billing/invoices/generate', actor(), { month: 3, year: 2025 })).status).toBe(403);
  });
});

describe('invoices by hand', () => {
  it('an unknown project is 404 and bad fields are 400 with the field named; nothing is created', async () => {
    const missing = await api.post('/api/projects/6f9619ff-8b86-4d11-b42d-00c04fc964ff/invoices', admin, { clientName: 'Jordan Park' });
    expect([missing.status, missing.body.message]).toEqual([404, 'Project not found']);
    const owner = actor();
    const p = await t.up.project(owner);
    await eventually(() => read.project(p), (x) => Boolean(x));
    for (const [body, field] of [[{}, /Client name/], [{ clientName: 'J', clientEmail: 'not-an-email' }, /e-mail/], [{ clientName: 'J', dueDate: '31/12/2026' }, /dueDate/]] as const) {
      const res = await api.post(`/api/projects/${p}/invoices`, admin, body);
      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(field);
    }
    expect(((await api.get(`/api/invoices?projectId=${p}`, admin)).body as { projectId: string }[]).filter((i) => i.projectId === p)).toEqual([]);
  });


  it('numbers are unique when twenty invoices are created at once', async () => {
    const owner = actor();
    const p = await t.up.project(owner);
    await eventually(() => read.project(p), (x) => Boolean(x));
    const res = await Promise.all(Array.from({ length: 20 }, () => api.post(`/api/projects/${p}/invoices`, admin, { clientName: 'Jordan Park', clientEmail: 'jordan@example.com' })));
    expect(res.map((r) => r.status)).toEqual(Array(20).fill(201));
    const numbers = res.map((r) => r.body.invoiceNumber as string);
    expect(new Set(numbers).size).toBe(20);
    expect(res.every((r) => r.body.status === 'draft')).toBe(true);
  });

  it('lines are priced by the server (rate × quantity to the cent), a wrong amount is 400, totals add up exactly', async () => {
    const owner = actor();
    const p = await t.up.project(owner);
    await eventually(() => read.project(p), (x) => Boolean(x));
    const inv = (await api.post(`/api/projects/${p}/invoices`, admin, { projectId: p, clientName: 'Jordan Park', clientEmail: 'jordan@example.com', status: 'paid', total: 1 })).body;
    expect(inv).toMatchObject({ status: 'draft', total: '0.00' });
    const add = (body: unknown) => api.post(`/api/invoices/${inv.id}/items`, admin, body);
    expect((await add({ description: 'Handling', type: 'handling', quantity: 3, rate: 0.1 })).body).toMatchObject({ amount: '0.30', rate: '0.10', quantity: 3 });
    expect((await add({ description: 'Storage', type: 'storage', quantity: 7, rate: '19.99', amount: '139.93' })).status).toBe(201);
    const wrong = await add({ description: 'Storage', type: 'storage', quantity: 7, rate: '19.99', amount: '140.00' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toMatch(/139\.93/);
    for (const bad of [{ description: '', type: 'storage', rate: 1 }, { description: 'x', type: 'teleport', rate: 1 }, { description: 'x', type: 'storage', rate: -1 }, { description: 'x', type: 'storage', rate: 1.234 }, { description: 'x', type: 'storage', rate: 1, quantity: 0 }]) {
      expect((await add(bad)).status).toBe(400);
    }
    const detail = (await api.get(`/api/invoices/${inv.id}`, admin)).body;
    expect(detail).toMatchObject({ subtotal: '140.23', tax: '0.00', total: '140.23' });
    expect(detail.invoiceItems).toHaveLength(2);
  });

  it('send: draft → sent with a due date, the e-mail carries the PDF; a double click sends one e-mail; void only unpaid', async () => {
    const owner = actor();
    const p = await t.up.project(owner);
    await eventually(() => read.project(p), (x) => Boolean(x));
    const to = `client.${p.slice(0, 8)}@example.com`;
    const inv = (await api.post(`/api/projects/${p}/invoices`, admin, { clientName: 'Jordan Park', clientEmail: to })).body;
    await api.post(`/api/invoices/${inv.id}/items`, admin, { description: 'Receiving', type: 'receiving', quantity: 2, rate: 25 });
    const sends = await Promise.all([api.post(`/api/invoices/${inv.id}/send`, admin), api.post(`/api/invoices/${inv.id}/send`, admin)]);
    expect(sends.map((s) => s.status)).toEqual([200, 200]);
    expect(sends[0]!.body).toMatchObject({ status: 'sent', dueDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) });
    const mails = await eventually(async () => (await readMail(testEnv().mailUrl)).filter((m) => m.to.some((t) => t.address === to)), (m) => m.length >= 1);
    await new Promise((r) => setTimeout(r, 500));
    expect((await readMail(testEnv().mailUrl)).filter((m) => m.to.some((t) => t.address === to))).toHaveLength(1);
    expect(mails[0]!.subject).toBe(`Invoice ${inv.invoiceNumber} from Midway`);
    const full = mails[0] as unknown as { attachments?: { contentType: string }[] };
    expect(full.attachments).toEqual([expect.objectContaining({ contentType: 'application/pdf' })]);

    const pdf = await api.get(`/api/invoices/${inv.id}/pdf`, owner);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect((pdf.body as Buffer).subarray(0, 5).toString()).toBe('%PDF-');

    const voided = await Promise.all([api.post(`/api/invoices/${inv.id}/void`, admin), api.post(`/api/invoices/${inv.id}/void`, admin)]);
    expect(voided.map((v) => [v.status, v.body.status])).toEqual([[200, 'void'], [200, 'void']]);
    expect((await api.post(`/api/invoices/${inv.id}/items`, admin, { description: 'x', type: 'storage', rate: 1 })).status).toBe(409);
  });

  it('only sent invoices past their due date become overdue', async () => {
    const owner = actor();
    const p = await t.up.project(owner);
    await eventually(() => read.project(p), (x) => Boolean(x));
    const make = async (dueDate: string, send: boolean) => {
      const inv = (await api.post(`/api/projects/${p}/invoices`, admin, { clientName: 'Jordan Park', clientEmail: 'jordan@example.com', dueDate })).body;
      await api.post(`/api/invoices/${inv.id}/items`, admin, { description: 'Receiving', type: 'receiving', rate: 25 });
      if (send) await api.post(`/api/invoices/${inv.id}/send`, admin);
      return inv.id as string;
    };
    const [late, draft, future] = [await make('2025-01-01', true), await make('2025-01-01', false), await make('2099-01-01', true)];
    await t.billing.auto.markOverdue();
    const status = async (id: string) => (await api.get(`/api/invoices/${id}`, admin)).body.status;
    expect([await status(late), await status(draft), await status(future)]).toEqual(['overdue', 'draft', 'sent']);
  });
});
