import { randomUUID } from 'node:crypto';
import { connect } from '@nats-io/transport-node';
import pino from 'pino';
import Stripe from 'stripe';
import { answerOwnerQueries, makeEvent, type Bus } from '@midway/service-kit';
import { readMail, readMailSource, testEnv, type SunkMail } from '@midway/testing';
import { actor, eventually, useBilling } from './billing-harness';

/**
 * The billed person pays by the invoice e-mail's link, without an account: the link (read from the mail sink)
 * opens the invoice, pays it through the same intent rules and the offline processor, and the webhook that marks
 * it paid sends a receipt to the payer and the project's owner, once however often the webhook is replayed.
 */
const t = useBilling();
const { api, read } = t;
const admin = actor('midway_admin');
const signer = new Stripe('sk_test_signer');

const mailTo = async (address: string): Promise<SunkMail[]> => (await readMail(testEnv().mailUrl)).filter((m) => m.to.some((x) => x.address === address));
const publicGet = async (token: string) => {
  const res = await fetch(`${t.billing.url}/api/pay/${token}`);
  return { status: res.status, body: await res.json() };
};
const publicIntent = async (token: string) => {
  const res = await fetch(`${t.billing.url}/api/pay/${token}/payment-intent`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
  return { status: res.status, body: await res.json() };
};

/** A sent invoice of a new project (its owner known to billing unless said), its e-mail, and the pay link's token from it. */
async function sentByMail(opts: { ownerKnown?: boolean } = {}) {
  const owner = actor();
  if (opts.ownerKnown !== false) {
    await t.up.user(owner, 'Olive', 'Owner');
    await eventually(() => read.user(owner.userId), (u) => Boolean(u));
  }
  const projectId = await t.up.project(owner, { name: `Cedar House ${randomUUID().slice(0, 6)}` });
  await eventually(() => read.project(projectId), (x) => Boolean(x));
  const payer = `payer.${randomUUID().slice(0, 8)}@example.com`;
  const inv = (await api.post(`/api/projects/${projectId}/invoices`, admin, { clientName: 'Jordan Park', clientEmail: payer, notes: 'internal: ask Sam' })).body;
  await api.post(`/api/invoices/${inv.id}/items`, admin, { description: 'Receiving', type: 'receiving', quantity: 2, rate: 25 });
  expect((await api.post(`/api/invoices/${inv.id}/send`, admin)).status).toBe(200);
  const [mail] = await eventually(() => mailTo(payer), (m) => m.length >= 1);
  const link = /(https?:\/\/\S+\/pay\/([A-Za-z0-9._-]+))/.exec(mail!.text);
  expect(link).not.toBeNull();
  return { owner, projectId, payer, id: inv.id as string, number: inv.invoiceNumber as string, mail: mail!, url: link![1]!, token: link![2]! };
}

it('the invoice e-mail carries a pay link under PUBLIC_URL instead of sending the reader to the Billing page', async () => {
  const inv = await sentByMail();
  expect(inv.url.startsWith('http://localhost:8080/pay/')).toBe(true);
  expect(inv.mail.text).not.toMatch(/Billing page/);
  expect(inv.mail.html).toContain(`href="${inv.url}"`);
  const source = await readMailSource(testEnv().mailUrl, inv.mail.id);
  expect(source).toContain('/pay/');
});

it('opens the invoice, its lines and totals without an account, and nothing else', async () => {
  const inv = await sentByMail();
  const res = await publicGet(inv.token);
  expect(res.status).toBe(200);
  expect(res.body).toMatchObject({
    invoiceNumber: inv.number, status: 'sent', clientName: 'Jordan Park', clientEmail: inv.payer, projectName: expect.stringMatching(/^Cedar House/),
    lines: [{ description: 'Receiving', quantity: 2, rate: '25.00', amount: '50.00' }], subtotal: '50.00', tax: '0.00', total: '50.00', taxes: [], testMode: true, paidAt: null,
  });
  expect(JSON.stringify(res.body)).not.toMatch(new RegExp(`${inv.id}|${inv.projectId}|${inv.owner.userId}|ask Sam`));
});

it('an altered, made-up or another invoice’s token opens nothing (404)', async () => {
  const inv = await sentByMail();
  const [id, sig] = inv.token.split('.') as [string, string];
  const flipped = `${sig.slice(0, -1)}${sig.endsWith('A') ? 'B' : 'A'}`;
  for (const bad of [`${id}.${flipped}`, `${randomUUID()}.${sig}`, id, 'nothing-here']) {
    expect((await publicGet(bad)).status).toBe(404);
    expect((await publicIntent(bad)).status).toBe(404);
  }
});

it('pays through the offline processor: the invoice is paid, the page says so, and one receipt goes to payer and owner however often the webhook is replayed', async () => {
  const inv = await sentByMail();
  const asks = await Promise.all([publicIntent(inv.token), publicIntent(inv.token)]);
  expect(asks.map((a) => a.status)).toEqual([200, 200]);
  expect(asks[0]!.body).toMatchObject({ testMode: true });
  // The signed-in call's rules: the invoice's one open intent.
  expect(asks[1]!.body.clientSecret).toBe(asks[0]!.body.clientSecret);
  expect((await api.post('/api/create-payment-intent', inv.owner, { invoiceId: inv.id })).body.clientSecret).toBe(asks[0]!.body.clientSecret);

  const confirmed = await fetch(`${t.billing.url}/api/billing/test-processor/confirm`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ clientSecret: asks[0]!.body.clientSecret }) });
  expect(confirmed.status).toBe(200);
  const paid = await eventually(() => publicGet(inv.token), (r) => r.body.status === 'paid');
  expect(paid.body.paidAt).toEqual(expect.any(String));
  const again = await publicIntent(inv.token);
  expect(again.status).toBe(409);
  expect(again.body.message).toMatch(/paid/i);

  const receipts = (address: string) => mailTo(address).then((ms) => ms.filter((m) => m.subject.startsWith('Receipt')));
  const [toPayer] = await eventually(() => receipts(inv.payer), (m) => m.length >= 1);
  const [toOwner] = await eventually(() => receipts(inv.owner.email), (m) => m.length >= 1);
  expect(toPayer!.subject).toBe(`Receipt for invoice ${inv.number}`);
  expect(toOwner!.id).toBe(toPayer!.id);
  const today = new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', dateStyle: 'long' }).format(new Date());
  for (const body of [toPayer!.text, toPayer!.html!]) {
    expect(body).toContain('$50.00 USD');
    expect(body).toContain(today);
    expect(body).toContain('card ending in 4242');
    expect(body).toContain(inv.number);
    // The project it names is a link to its page on the platform's public address (PUBLIC_URL).
    expect(body).toContain(`http://localhost:8080/projects/${inv.projectId}`);
  }
  expect(toPayer!.html).toContain(`href="http://localhost:8080/projects/${inv.projectId}"`);

  // The processor delivers the same event again (and once more in parallel): no second payment, no second receipt.
  const intentId = (asks[0]!.body.clientSecret as string).split('_secret_')[0]!;
  const payload = JSON.stringify({ id: `evt_${intentId}`, object: 'event', type: 'payment_intent.succeeded', data: { object: { id: intentId, object: 'payment_intent', amount: 5000, amount_received: 5000, currency: 'usd', status: 'succeeded', metadata: { invoiceId: inv.id } } } });
  const replay = () => fetch(`${t.billing.url}/api/billing/webhook`, { method: 'POST', headers: { 'content-type': 'application/json', 'stripe-signature': signer.webhooks.generateTestHeaderString({ payload, secret: t.billing.webhookSecret }) }, body: payload });
  expect((await Promise.all([replay(), replay()])).map((r) => r.status)).toEqual([200, 200]);
  await new Promise((r) => setTimeout(r, 500));
  expect(await receipts(inv.payer)).toHaveLength(1);
  expect(await receipts(inv.owner.email)).toHaveLength(1);
  const recorded = await t.billing.db.$queryRaw<{ n: number; sent: number }[]>`SELECT count(*)::int AS n, count(receipt_sent_at)::int AS sent FROM payments WHERE invoice_id = ${inv.id}::uuid`;
  expect(recorded).toEqual([{ n: 1, sent: 1 }]);
});

it('sends the owner’s receipt even when the owner’s facts never reached billing: it asks identity first', async () => {
  const inv = await sentByMail({ ownerKnown: false });
  // Identity's answer over NATS (its own side is tested in identity).
  const nc = await connect({ servers: testEnv().natsUrl });
  const identity = answerOwnerQueries({ nc } as Bus, pino({ level: 'silent' }), {
    'identity.user': async (id) =>
      id === inv.owner.userId ? [makeEvent('identity.user.updated.v1', { userId: id, email: inv.owner.email, firstName: 'Olive', lastName: 'Owner', company: null, systemRole: 'designer', updatedAt: '2020-01-01T00:00:00.000Z' })] : [],
  });
  try {
    expect(await read.user(inv.owner.userId)).toBeFalsy();
    const ask = await publicIntent(inv.token);
    const confirmed = await fetch(`${t.billing.url}/api/billing/test-processor/confirm`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ clientSecret: ask.body.clientSecret }) });
    expect(confirmed.status).toBe(200);
    const receipts = (address: string) => mailTo(address).then((ms) => ms.filter((m) => m.subject === `Receipt for invoice ${inv.number}`));
    expect(await eventually(() => receipts(inv.owner.email), (m) => m.length >= 1, 20_000)).toHaveLength(1);
    expect(await receipts(inv.payer)).toHaveLength(1);
  } finally {
    await identity.stop();
    await nc.close();
  }
});

it('a voided invoice’s link says so and takes no payment', async () => {
  const inv = await sentByMail();
  expect((await api.post(`/api/invoices/${inv.id}/void`, admin)).status).toBe(200);
  expect((await publicGet(inv.token)).body).toMatchObject({ status: 'void', invoiceNumber: inv.number });
  const refused = await publicIntent(inv.token);
  expect(refused.status).toBe(409);
  expect(refused.body.message).toMatch(/void/i);
});
