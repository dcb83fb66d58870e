import { readMail, testEnv } from '@midway/testing';
import { actor, eventually, useBilling } from './billing-harness';

/**
 * Taxes: the admin keeps tax rates (name, percent, fee types, from a date); an invoice taxes each line of a rate's
 * fee types, rounded half-up to the cent, shows each tax on the page, the PDF and the e-mail, and adds up to the
 * cent. No rates: no tax. Rates here tax only `inspection` lines, which no other test bills, and are removed after.
 */
const t = useBilling();
const { api, read } = t;
const admin = actor('midway_admin');
const made: string[] = [];
/** Removes the rates a test made, while billing still runs. */
const cleanUp = async () => {
  for (const id of made.splice(0)) await api.del(`/api/billing/tax-rates/${id}`, admin);
};

it('taxes each line of its fee types, half-up to the cent; the page, PDF and e-mail show each tax; totals add up', async () => {
  try {
  const owner = actor();
  const p = await t.up.project(owner);
  await eventually(() => read.project(p), (x) => Boolean(x));
  const to = `taxed.${p.slice(0, 8)}@example.com`;
  const inv = (await api.post(`/api/projects/${p}/invoices`, admin, { clientName: 'Jordan Park', clientEmail: to })).body;
  await api.post(`/api/invoices/${inv.id}/items`, admin, { description: 'Inspection A', type: 'inspection', quantity: 1, rate: '10.10' });
  await api.post(`/api/invoices/${inv.id}/items`, admin, { description: 'Inspection B', type: 'inspection', quantity: 1, rate: '0.10' });
  await api.post(`/api/invoices/${inv.id}/items`, admin, { description: 'Handling', type: 'handling', quantity: 1, rate: '5.00' });
  // No rates configured: no tax.
  expect((await api.get(`/api/invoices/${inv.id}`, admin)).body).toMatchObject({ subtotal: '15.20', tax: '0.00', total: '15.20', taxes: [] });

  const gst = await api.post('/api/billing/tax-rates', admin, { name: 'GST', percent: 5, feeTypes: ['inspection'], effectiveFrom: '2024-01-01' });
  expect(gst.status).toBe(201);
  expect(gst.body).toMatchObject({ name: 'GST', percent: '5', feeTypes: ['inspection'], effectiveFrom: '2024-01-01' });
  made.push(gst.body.id);
  const pst = (await api.post('/api/billing/tax-rates', admin, { name: 'PST', percent: '7', feeTypes: ['inspection'], effectiveFrom: '2024-01-01' })).body;
  made.push(pst.id);
  const later = (await api.post('/api/billing/tax-rates', admin, { name: 'Future', percent: '1', feeTypes: ['inspection'], effectiveFrom: '2100-01-01' })).body;
  made.push(later.id);

  // GST: 10.10 × 5 % = 0.505 → 0.51, 0.10 × 5 % = 0.005 → 0.01; PST: 0.707 → 0.71, 0.007 → 0.01. Handling untaxed; Future not yet.
  const detail = (await api.get(`/api/invoices/${inv.id}`, owner)).body;
  expect(detail.taxes).toEqual([
    { name: 'GST', percent: '5', taxable: '10.20', amount: '0.52' },
    { name: 'PST', percent: '7', taxable: '10.20', amount: '0.72' },
  ]);
  expect(detail).toMatchObject({ subtotal: '15.20', tax: '1.24', total: '16.44' });

  const sent = await api.post(`/api/invoices/${inv.id}/send`, admin);
  expect(sent.status).toBe(200);
  const [mail] = await eventually(async () => (await readMail(testEnv().mailUrl)).filter((m) => m.to.some((x) => x.address === to)), (m) => m.length >= 1);
  for (const line of ['Subtotal: $15.20', 'GST (5%): $0.52', 'PST (7%): $0.72', 'Total: $16.44', `Bill to: Jordan Park <${to}>`]) expect(mail!.text).toContain(line);
  const pdf = await api.get(`/api/invoices/${inv.id}/pdf`, owner);
  expect(pdf.status).toBe(200);

  // A sent invoice is final: a later change of a rate leaves its taxes as sent.
  expect((await api.put(`/api/billing/tax-rates/${gst.body.id}`, admin, { name: 'GST', percent: '10', feeTypes: ['inspection'], effectiveFrom: '2024-01-01' })).status).toBe(200);
  expect((await api.get(`/api/invoices/${inv.id}`, owner)).body).toMatchObject({ tax: '1.24', total: '16.44' });
  } finally {
    await cleanUp();
  }
});

it('tax rates are the admin’s: designers 403, bad input 400, unknown ids 404; a draft is re-taxed when rates change', async () => {
  const owner = actor();
  const p = await t.up.project(owner);
  await eventually(() => read.project(p), (x) => Boolean(x));
  expect((await api.get('/api/billing/tax-rates', owner)).status).toBe(403);
  expect((await api.post('/api/billing/tax-rates', owner, { name: 'X', percent: 5, feeTypes: ['inspection'], effectiveFrom: '2024-01-01' })).status).toBe(403);
  for (const bad of [{ name: '', percent: 5, feeTypes: ['inspection'], effectiveFrom: '2024-01-01' }, { name: 'X', percent: 0, feeTypes: ['inspection'], effectiveFrom: '2024-01-01' }, { name: 'X', percent: '5.12345', feeTypes: ['inspection'], effectiveFrom: '2024-01-01' }, { name: 'X', percent: 101, feeTypes: ['inspection'], effectiveFrom: '2024-01-01' }, { name: 'X', percent: 5, feeTypes: [], effectiveFrom: '2024-01-01' }, { name: 'X', percent: 5, feeTypes: ['teleport'], effectiveFrom: '2024-01-01' }, { name: 'X', percent: 5, feeTypes: ['inspection'], effectiveFrom: '2024-02-30' }, { name: 'X\u0000', percent: 5, feeTypes: ['inspection'], effectiveFrom: '2024-01-01' }]) {
    const res = await api.post('/api/billing/tax-rates', admin, bad);
    expect([res.status, typeof res.body.message]).toEqual([400, 'string']);
  }
  expect((await api.put('/api/billing/tax-rates/00000000-0000-4000-8000-000000000000', admin, { name: 'X', percent: 5, feeTypes: ['inspection'], effectiveFrom: '2024-01-01' })).status).toBe(404);
  expect((await api.del('/api/billing/tax-rates/not-a-uuid', admin)).status).toBe(404);

  const inv = (await api.post(`/api/projects/${p}/invoices`, admin, { clientName: 'Jordan Park' })).body;
  await api.post(`/api/invoices/${inv.id}/items`, admin, { description: 'Inspection', type: 'inspection', quantity: 1, rate: '20.00' });
  const rate = (await api.post('/api/billing/tax-rates', admin, { name: 'HST', percent: '13', feeTypes: ['inspection'], effectiveFrom: '2024-01-01' })).body;
  made.push(rate.id);
  expect((await api.get(`/api/invoices/${inv.id}`, admin)).body).toMatchObject({ tax: expect.any(String), taxes: expect.arrayContaining([{ name: 'HST', percent: '13', taxable: '20.00', amount: '2.60' }]) });
  expect((await api.del(`/api/billing/tax-rates/${rate.id}`, admin)).status).toBe(204);
  expect((await api.get(`/api/invoices/${inv.id}`, admin)).body.taxes).not.toContainEqual(expect.objectContaining({ name: 'HST' }));
  await cleanUp();
});
