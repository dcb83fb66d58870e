import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import type { Logger } from '@midway/service-kit';

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
  latest_charge?: { id: string; object: 'charge'; payment_method_details: { type: 'card'; card: { brand: 'visa'; last4: '4242' } } };
}

const API_VERSION = '2025-01-27.acacia';
const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

/**
 * For `npm start` without STRIPE_SECRET_KEY: a local stand-in for the part of Stripe's HTTP API billing uses
 * (create and retrieve payment intents, with Idempotency-Key), so the real SDK talks to it; confirming an
 * intent (the browser's test card form) posts a `payment_intent.succeeded` webhook signed with the webhook
 * secret to billing's own endpoint, exactly as Stripe would. Intents live in memory: test mode only.
 */
export async function startOfflineProcessor(o: { webhookSecret: string; webhookUrl: () => string; logger: Logger }) {
  const intents = new Map<string, Intent>();
  const byKey = new Map<string, string>();
  const signer = new Stripe('sk_test_offline');

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const answer = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json', 'request-id': id('req') });
        res.end(JSON.stringify(body));
      };
      const url = new URL(req.url ?? '/', 'http://offline');
      if (req.method === 'POST' && url.pathname === '/v1/payment_intents') {
        const key = req.headers['idempotency-key'];
        const known = typeof key === 'string' ? byKey.get(key) : undefined;
        if (known) return answer(200, intents.get(known));
        const form = new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
        const amount = Number(form.get('amount'));
        if (!Number.isInteger(amount) || amount < 50) return answer(400, { error: { type: 'invalid_request_error', message: 'Amount must be at least 50 cents' } });
        const metadata: Record<string, string> = {};
        for (const [k, v] of form) {
          const m = /^metadata\[(.+)\]$/.exec(k);
          if (m) metadata[m[1]!] = v;
        }
        const pi = id('pi');
        const intent: Intent = { id: pi, object: 'payment_intent', amount, amount_received: 0, currency: form.get('currency') ?? 'usd', status: 'requires_payment_method', client_secret: `${pi}_secret_${randomBytes(12).toString('hex')}`, metadata, description: form.get('description'), created: Math.floor(Date.now() / 1000), livemode: false };
        intents.set(pi, intent);
        if (typeof key === 'string') byKey.set(key, pi);
        return answer(200, intent);
      }
      const get = /^\/v1\/payment_intents\/([^/]+)$/.exec(url.pathname);
      if (req.method === 'GET' && get) {
        const intent = intents.get(get[1]!);
        return intent ? answer(200, intent) : answer(404, { error: { type: 'invalid_request_error', message: 'No such payment_intent' } });
      }
      answer(404, { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${req.method}: ${url.pathname})` } });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;

  return {
    host: { host: '127.0.0.1', port, protocol: 'http' as const },
    /** Pays the intent as a test card would and delivers its signed webhook; unknown secrets answer null. */
    async confirm(clientSecret: string): Promise<Intent | null> {
      const intent = [...intents.values()].find((i) => i.client_secret === clientSecret);
      if (!intent) return null;
      if (intent.status !== 'succeeded') {
        intent.status = 'succeeded';
        intent.amount_received = intent.amount;
        // Paid with Stripe's test Visa, the one the offline card form takes.
        intent.payment_method = id('pm');
        intent.latest_charge = { id: id('ch'), object: 'charge', payment_method_details: { type: 'card', card: { brand: 'visa', last4: '4242' } } };
      }
      const payload = JSON.stringify({ id: id('evt'), object: 'event', api_version: API_VERSION, created: Math.floor(Date.now() / 1000), livemode: false, pending_webhooks: 1, request: { id: null, idempotency_key: null }, type: 'payment_intent.succeeded', data: { object: intent } });
      const signature = signer.webhooks.generateTestHeaderString({ payload, secret: o.webhookSecret });
      const res = await fetch(o.webhookUrl(), { method: 'POST', headers: { 'content-type': 'application/json', 'stripe-signature': signature }, body: payload });
      if (!res.ok) o.logger.warn({ status: res.status }, 'offline processor: webhook refused');
      return intent;
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type OfflineProcessor = Awaited<ReturnType<typeof startOfflineProcessor>>;
