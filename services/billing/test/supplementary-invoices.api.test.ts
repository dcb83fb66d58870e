import { readMail, readMailSource, testEnv } from '@midway/testing';
import { actor, eventually, useBilling, type Actor } from './billing-harness';

/**
 * No fee is lost or billed twice: every recorded fee ends up on exactly one invoice. A run bills the month's fees
 * not yet invoiced onto the month's invoice while it is a draft, else onto a supplementary invoice; runs at the
 * same time bill nothing twice; what a run sends is e-mailed with its PDF as Send does. Months of 2025 from May
 * on are this file's own (generation takes every project of a month in the shared schema).
 */
// Each test records several fees through catalog's events; on a loaded machine each can take many seconds.
jest.setTimeout(120_000);
const t = useBilling();
const { api, read } = t;
const admin = actor('midway_admin');

type Inv = { id: string; invoiceNumber: string; status: string; kind: string; supplementsInvoiceId: string | null; subtotal: string; total: string; clientName: string; clientEmail: string | null };

/** A project of a named owner whose items are received (receiving selected) on the given days of `mm`/2025: one 25.00 fee each. */
async function project(owner: Actor, name: string) {
  await t.up.user(owner, 'Dana', name);
  const p = await t.up.project(owner, { name });
  await eventually(() => read.project(p), (x) => Boolean(x));
  return p;
}
async function receive(p: string, owner: Actor, month: number, day: number) {
  const mm = String(month).padStart(2, '0');
  const dd = String(day).padStart(2, '0');
  const item = await t.up.item(p, owner, { at: `2025-${mm}-01T08:00:00.000Z` });
  await t.up.select(p, owner, item, 'receiving', `2025-${mm}-01T09:00:00.000Z`);
  await t.up.arrive(p, owner, item, `2025-${mm}-${dd}T10:00:00.000Z`);
  // The fee is recorded when the arrival reaches billing, which on a loaded machine can take longer than the default wait.
  const fees = await eventually(() => read.events({ itemId: item }), (e) => e.some((x) => x.eventType === 'receiving'), 30_000);
  expect(fees.map((x) => x.eventType)).toContain('receiving');
  return item;
}
const invoicesOf = async (p: string) => ((await api.get(`/api/invoices?projectId=${p}`, admin)).body as (Inv & { projectId: string })[]).filter((i) => i.projectId === p).sort((a, b) => a.invoiceNumber.localeCompare(b.invoiceNumber));
/** Each of the project's fees with the invoice it is on: none may be missing, none on two. */
const feesOnInvoices = (p: string) =>
  t.billing.db.$queryRaw<{ key: string; invoiceId: string | null; onLines: number }[]>`
    SELECT e.key, e.invoice_id AS "invoiceId", (SELECT count(*)::int FROM invoice_items l WHERE l.invoice_id = e.invoice_id AND l.item_id IS NOT DISTINCT FROM e.item_id AND l.type = e.event_type) AS "onLines"
    FROM billable_events e WHERE e.project_id = ${p}::uuid ORDER BY e.key`;
const generate = (month: number) => api.post('/api/billing/invoices/generate', admin, { month, year: 2025 });

it('a fee recorded after the month’s invoice was sent lands on a supplementary invoice, once; generating again makes nothing new', async () => {
  const owner = actor();
  const p = await project(owner, 'Supplement');
  await receive(p, owner, 5, 10);
  const first = await generate(5);
  expect(first.body.message).toMatch(/^Created \d+ invoices?(, | \(\d+ supplementary\), )INV-\d{4}-\d{6}/);
  const [monthly] = await invoicesOf(p);
  expect(monthly).toMatchObject({ status: 'sent', kind: 'standard', total: '25.00' });

  // A delivery day's receiving, recorded after the month's invoice went out.
  await receive(p, owner, 5, 20);
  const second = await generate(5);
  expect(second.status).toBe(200);
  const after = await invoicesOf(p);
  expect(after).toHaveLength(2);
  const supplementary = after.find((i) => i.id !== monthly!.id)!;
  expect(supplementary).toMatchObject({ kind: 'supplementary', supplementsInvoiceId: monthly!.id, status: 'sent', total: '25.00' });
  const detail = (await api.get(`/api/invoices/${supplementary.id}`, owner)).body;
  expect(detail).toMatchObject({ supplementsInvoiceNumber: monthly!.invoiceNumber, billingPeriodStart: '2025-05-01' });
  expect((await api.get(`/api/invoices/${monthly!.id}`, owner)).body.invoiceItems).toHaveLength(1);

  expect((await generate(5)).body.message).toMatch(/^Nothing to bill for May 2025/);
  expect(await invoicesOf(p)).toHaveLength(2);
  const fees = await feesOnInvoices(p);
  expect(fees).toHaveLength(2);
  expect(fees.every((f) => f.invoiceId && f.onLines === 1)).toBe(true);
  expect(new Set(fees.map((f) => f.invoiceId)).size).toBe(2);
});

it('parallel runs: each fee on exactly one invoice, and the invoices add up to the fees', async () => {
  const owners = [actor(), actor(), actor()];
  const projects = await Promise.all(owners.map((o, n) => project(o, `Parallel ${n}`)));
  await receive(projects[0]!, owners[0]!, 6, 3);
  await generate(6);
  for (const [n, p] of projects.entries()) for (const day of [12, 13]) await receive(p, owners[n]!, 6, day);
  const runs = await Promise.all([1, 2, 3, 4].map(() => generate(6)));
  expect(runs.map((r) => r.status)).toEqual([200, 200, 200, 200]);
  for (const p of projects) {
    const fees = await feesOnInvoices(p);
    expect(fees.every((f) => f.invoiceId !== null)).toBe(true);
    const invoices = await invoicesOf(p);
    const billed = invoices.reduce((cents, i) => cents + Math.round(Number(i.subtotal) * 100), 0);
    expect(billed).toBe(fees.length * 2500);
  }
  expect((await invoicesOf(projects[0]!)).map((i) => i.kind)).toEqual(['standard', 'supplementary']);
  expect((await invoicesOf(projects[1]!)).map((i) => i.kind)).toEqual(['standard']);
});

it('a month still running gets drafts that later fees join; once it has ended the run sends them and e-mails each with its PDF, naming whom it bills as the PDF does', async () => {
  const owner = actor();
  const p = await project(owner, 'Running');
  await receive(p, owner, 7, 8);
  const running = await t.billing.auto.generate({ month: 7, year: 2025 }, { today: '2025-07-15' });
  expect(running.message).toMatch(/July 2025 is still running: its invoices stay drafts, and fees recorded later are billed by the next run\.$/);
  const [draft] = await invoicesOf(p);
  expect(draft).toMatchObject({ status: 'draft', kind: 'standard', total: '25.00' });

  await receive(p, owner, 7, 20);
  const later = await t.billing.auto.generate({ month: 7, year: 2025 }, { today: '2025-07-25' });
  expect(later.message).toMatch(/Added later fees to \d+ draft invoices?/);
  expect(await invoicesOf(p)).toEqual([expect.objectContaining({ id: draft!.id, status: 'draft', total: '50.00' })]);

  const closed = await t.billing.auto.generate({ month: 7, year: 2025 }, { today: '2025-08-01', awaitMail: true });
  expect(closed.message).toMatch(/sent and e-mailed/);
  const [sent] = await invoicesOf(p);
  expect(sent).toMatchObject({ id: draft!.id, status: 'sent', clientName: 'Dana Running', clientEmail: owner.email });
  const mails = await eventually(async () => (await readMail(testEnv().mailUrl)).filter((m) => m.to.some((x) => x.address === owner.email)), (m) => m.length >= 1);
  expect(mails).toHaveLength(1);
  expect(mails[0]!.subject).toBe(`Invoice ${sent!.invoiceNumber} from Midway`);
  expect(mails[0]!.text).toContain(`Bill to: Dana Running <${owner.email}>`);
  expect(mails[0]!.text).toContain('Total: $50.00');
  expect(mails[0]!.html).toContain('Dana Running');
  const source = await readMailSource(testEnv().mailUrl, mails[0]!.id);
  expect(source).toMatch(new RegExp(`Content-Type: application/pdf; name=${sent!.invoiceNumber}\\.pdf`));

  // Another run of the ended month sends no second e-mail.
  await t.billing.auto.generate({ month: 7, year: 2025 }, { today: '2025-08-02', awaitMail: true });
  expect((await readMail(testEnv().mailUrl)).filter((m) => m.to.some((x) => x.address === owner.email))).toHaveLength(1);
});

it('the Automatic Billing page sees what is recorded and not yet invoiced (admin only)', async () => {
  const owner = actor();
  const p = await project(owner, 'Unbilled');
  await receive(p, owner, 9, 4);
  await receive(p, owner, 9, 5);
  const res = await api.get('/api/billing/unbilled', admin);
  expect(res.status).toBe(200);
  const sept = res.body.months.find((m: { year: number; month: number }) => m.year === 2025 && m.month === 9);
  expect(Number(sept.amount)).toBeGreaterThanOrEqual(50);
  expect(res.body.projectCount).toBeGreaterThanOrEqual(1);
  expect(Number(res.body.amount)).toBeGreaterThanOrEqual(50);
  expect((await api.get('/api/billing/unbilled', owner)).status).toBe(403);
  await generate(9);
  // Other tests of the run may have left fees of that month (the database is shared): what this run billed is at
  // least this project's two receiving fees, gone from what is still owed.
  const afterwards = (await api.get('/api/billing/unbilled', admin)).body;
  const septAfter = afterwards.months.find((m: { year: number; month: number }) => m.year === 2025 && m.month === 9);
  expect(Number(septAfter?.amount ?? 0)).toBeLessThanOrEqual(Number(sept.amount) - 50);
  expect(afterwards.projects.map((x: { projectId: string }) => x.projectId)).not.toContain(p);
});
