import { expectIdempotentPost } from '@midway/testing';
import { actor, eventually, useBilling } from './billing-harness';

/**
 * Retries never double anything: billing's creating POSTs with an Idempotency-Key, sent four at once, have
 * one effect and four identical answers (the kit's middleware; the rules are proved in expectIdempotentPost).
 */
const t = useBilling();
const { api, read } = t;
const admin = actor('midway_admin');
const otherAdmin = actor('midway_admin');
const count = async (sql: string, ...values: unknown[]) => (await t.billing.db.$queryRawUnsafe<{ n: number }[]>(sql, ...values))[0]!.n;
const keyed = (path: string, who: typeof admin, body: unknown, key: string) => api.call('POST', path, who, body, { 'idempotency-key': key });

async function knownProject() {
  const owner = actor();
  const p = await t.up.project(owner);
  await eventually(() => read.project(p), (x) => Boolean(x));
  return p;
}

describe('Idempotency-Key on billing', () => {
  it('POST /api/projects/{id}/invoices: one invoice (one number) per key and caller', async () => {
    const p = await knownProject();
    await expectIdempotentPost({
      caller: admin,
      other: otherAdmin,
      db: t.billing.db,
      send: (key, who, variant) => keyed(`/api/projects/${p}/invoices`, who, { clientName: variant ? 'Sam Lee' : 'Jordan Park', clientEmail: 'jordan@example.com' }, key),
      effects: () => count(`SELECT count(*)::int AS n FROM invoices WHERE project_id = $1::uuid`, p),
    });
  });

  it('POST /api/invoices/{id}/items: one line per key and caller, eight at once, and the total counts it once', async () => {
    const p = await knownProject();
    const inv = (await api.post(`/api/projects/${p}/invoices`, admin, { clientName: 'Jordan Park', clientEmail: 'jordan@example.com' })).body;
    await expectIdempotentPost({
      caller: admin,
      other: otherAdmin,
      db: t.billing.db,
      atOnce: 8,
      send: (key, who, variant) => keyed(`/api/invoices/${inv.id}/items`, who, { description: 'Receiving', type: 'receiving', quantity: variant ? 3 : 2, rate: 25 }, key),
      effects: () => count(`SELECT count(*)::int AS n FROM invoice_items WHERE invoice_id = $1::uuid`, inv.id),
    });
    // Four lines of 2 × 25.00: eight requests at once under one key counted once.
    expect((await api.get(`/api/invoices/${inv.id}`, admin)).body.subtotal).toBe('200.00');
  });

  it('POST /api/create-payment-intent: a key replays its answer, and another key reuses the invoice’s open intent (the two rules agree)', async () => {
    const p = await knownProject();
    const inv = (await api.post(`/api/projects/${p}/invoices`, admin, { clientName: 'Jordan Park', clientEmail: 'jordan@example.com' })).body;
    await api.post(`/api/invoices/${inv.id}/items`, admin, { description: 'Receiving', type: 'receiving', quantity: 2, rate: 25 });
    expect((await api.post(`/api/invoices/${inv.id}/send`, admin, {})).status).toBe(200);
    const key = `pay-${inv.id}`;
    const answers = await Promise.all([1, 2, 3, 4].map(() => keyed('/api/create-payment-intent', admin, { invoiceId: inv.id }, key)));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200]);
    expect(new Set(answers.map((a) => JSON.stringify(a.body))).size).toBe(1);
    expect(answers.filter((a) => a.headers.get('idempotent-replayed') === 'true')).toHaveLength(3);
    const secondTab = await keyed('/api/create-payment-intent', admin, { invoiceId: inv.id }, `pay-again-${inv.id}`);
    expect(secondTab.headers.get('idempotent-replayed')).toBeNull();
    expect(secondTab.body.clientSecret).toBe(answers[0]!.body.clientSecret);
    expect((await keyed('/api/create-payment-intent', admin, { invoiceId: p }, key)).status).toBe(422);
  });
});
