import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import type { Logger } from '@midway/service-kit';
import type { OfflineIntentRow } from '../data/test-processor.repository';
import type { UnitOfWork } from '../data/unit-of-work';

interface Intent {
  id: string;
  object: 'payment_intent';
  amount: number;
  amount_received: number;
  currency: string;
  status: 'requires_payment_method' | 'succeeded';
  client_secret: string;
  metadata: Record<string, string>;
  description: string | null;
  created: number;
  livemode: false;
  payment_method?: string;
  /** As Stripe gives it expanded: the test card's details, which the receipt names. */
  latest_charge?: { id: string; object: 'charge'; payment_method_details: { type: 'card'; card: { brand: string; last4: string } } };
}

const API_VERSION = '2025-01-27.acacia';
const SUCCEEDED = 'payment_intent.succeeded';
/** A delivery its replica neither finished nor released in this long (it died) is taken again by the next confirm. */
const DELIVERY_LEASE_SECONDS = 30;
/** The shape of the ids and client secrets this processor makes: anything else is not one of its intents. */
const OWN_ID = /^pi_[0-9a-f]{24}$/;
const OWN_SECRET = /^pi_[0-9a-f]{24}_secret_[0-9a-f]{24}$/;
const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;
const seconds = (d: Date) => Math.floor(d.getTime() / 1000);

/** The intent as Stripe's API answers it. */
function stripeIntent(r: OfflineIntentRow): Intent {
  return {
    id: r.id, object: 'payment_intent', amount: r.amount, amount_received: r.amountReceived, currency: r.currency, status: r.status, client_secret: r.clientSecret,
    metadata: r.metadata, description: r.description, created: seconds(r.createdAt), livemode: false,
    ...(r.paymentMethod ? { payment_method: r.paymentMethod } : {}),
    ...(r.charge ? { latest_charge: { id: r.charge.id, object: 'charge' as const, payment_method_details: { type: 'card' as const, card: { brand: r.charge.cardBrand, last4: r.charge.cardLast4 } } } } : {}),
  };
}

/**
 * For `npm start` without STRIPE_SECRET_KEY: a local stand-in for the part of Stripe's HTTP API billing uses
 * (create and retrieve payment intents, with Idempotency-Key), so the real SDK talks to it; confirming an
 * intent (the browser's test card form) posts a `payment_intent.succeeded` webhook signed with the webhook
 * secret to billing's webhook endpoint, exactly as Stripe would. Test mode only. Its intents, charges and events
 * live in billing's database, so with several billing replicas any of them confirms an intent another created.
 */
export async function startOfflineProcessor(o: { uow: UnitOfWork; webhookSecret: string; webhookUrl: () => string; logger: Logger }) {
  const signer = new Stripe('sk_test_offline');

  async function route(method: string | undefined, url: URL, key: string | undefined, body: string): Promise<[number, unknown]> {
    if (method === 'POST' && url.pathname === '/v1/payment_intents') {
      const form = new URLSearchParams(body);
      const amount = Number(form.get('amount'));
      if (!Number.isInteger(amount) || amount < 50) return [400, { error: { type: 'invalid_request_error', message: 'Amount must be at least 50 cents' } }];
      const metadata: Record<string, string> = {};
      for (const [k, v] of form) {
        const m = /^metadata\[(.+)\]$/.exec(k);
        if (m) metadata[m[1]!] = v;
      }
      const pi = id('pi');
      const intent = await o.uow.run((r) =>
        r.testProcessor.createIntent({ id: pi, clientSecret: `${pi}_secret_${randomBytes(12).toString('hex')}`, idempotencyKey: key ?? null, amount, currency: form.get('currency') ?? 'usd', metadata, description: form.get('description') }),
      );
      return [200, stripeIntent(intent)];
    }
    const get = /^\/v1\/payment_intents\/([^/]+)$/.exec(url.pathname);
    if (method === 'GET' && get) {
      const intent = OWN_ID.test(get[1]!) ? await o.uow.read.testProcessor.intent(get[1]!) : null;
      return intent ? [200, stripeIntent(intent)] : [404, { error: { type: 'invalid_request_error', message: 'No such payment_intent' } }];
    }
    return [404, { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${method}: ${url.pathname})` } }];
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const key = req.headers['idempotency-key'];
      route(req.method, new URL(req.url ?? '/', 'http://offline'), typeof key === 'string' ? key : undefined, Buffer.concat(chunks).toString('utf8'))
        .catch((err: unknown) => {
          o.logger.error({ err }, 'offline processor: request failed');
          return [500, { error: { type: 'api_error', message: 'The offline processor could not answer' } }] as [number, unknown];
        })
        .then(([status, body]) => {
          res.writeHead(status, { 'content-type': 'application/json', 'request-id': id('req') });
          res.end(JSON.stringify(body));
        });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;

  /** Delivers the intent's events no one has delivered or is delivering, each signed now, as Stripe retries them. */
  async function deliver(intentId: string): Promise<void> {
    const due = await o.uow.run((r) => r.testProcessor.claimDeliveries(intentId, DELIVERY_LEASE_SECONDS));
    for (const e of due) {
      const signature = signer.webhooks.generateTestHeaderString({ payload: e.payload, secret: o.webhookSecret });
      const status = await fetch(o.webhookUrl(), { method: 'POST', headers: { 'content-type': 'application/json', 'stripe-signature': signature }, body: e.payload, signal: AbortSignal.timeout(10_000) })
        .then((res) => res.status)
        .catch(() => null);
      if (status === null || status >= 300) o.logger.warn({ status, eventId: e.id }, 'offline processor: webhook refused; the next confirm delivers it again');
      await o.uow.run((r) => r.testProcessor.markDelivery(e.id, status));
    }
  }

  return {
    host: { host: '127.0.0.1', port, protocol: 'http' as const },
    /**
     * Pays the intent as a test card would and delivers its signed webhook; unknown secrets answer null. Confirms
     * racing on any replicas make one charge and one event, delivered once; a confirm of a paid intent delivers what
     * is still undelivered (a refused or lost webhook) and otherwise changes nothing.
     */
    async confirm(clientSecret: string): Promise<Intent | null> {
      if (!OWN_SECRET.test(clientSecret)) return null;
      await o.uow.run(async (r) => {
        // Paid with Stripe's test Visa, the one the offline card form takes.
        const intentId = await r.testProcessor.succeed(clientSecret, id('pm'));
        if (!intentId) return;
        const paid = (await r.testProcessor.intent(intentId))!;
        await r.testProcessor.recordCharge({ id: id('ch'), intentId, amount: paid.amount, cardBrand: 'visa', cardLast4: '4242' });
        const object = stripeIntent((await r.testProcessor.intent(intentId))!);
        const eventId = id('evt');
        const payload = JSON.stringify({ id: eventId, object: 'event', api_version: API_VERSION, created: seconds(new Date()), livemode: false, pending_webhooks: 1, request: { id: null, idempotency_key: null }, type: SUCCEEDED, data: { object } });
        await r.testProcessor.recordEvent({ id: eventId, intentId, type: SUCCEEDED, payload });
      });
      const intent = await o.uow.read.testProcessor.intentBySecret(clientSecret);
      if (!intent) return null;
      await deliver(intent.id);
      return stripeIntent(intent);
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type OfflineProcessor = Awaited<ReturnType<typeof startOfflineProcessor>>;
