import { fromCents, type InvoiceStatus, type PaymentAnomalyKind } from '@midway/contracts';

/**
 * The rules for what a processor's payment event may do, written once: an event moves money only for an intent
 * this platform created for that invoice, in that intent's (the invoice's) currency, for exactly the intent's
 * positive whole amount in minor units, each intent counted once; draft and void invoices are never paid by an
 * event. Anything else moves nothing and is an anomaly a person must act on, since the card may have been charged.
 */

/** How far a signature's timestamp may be from now, either way (seconds). */
export const SIGNATURE_TOLERANCE_SECONDS = 300;

/**
 * The timestamp a Stripe-Signature header is signed with, read as Stripe's SDK reads it (the last `t=`), or null
 * when there is none.
 */
export function signatureTimestamp(header: string): number | null {
  let t: number | null = null;
  for (const part of header.split(',')) {
    const [k, v] = part.split('=');
    if (k === 't') t = Number.parseInt(v ?? '', 10);
  }
  return t === null || Number.isNaN(t) ? null : t;
}

/**
 * Whether a signature's time is within the tolerance of now, in the past or the future: an event replayed long
 * after, or one stamped ahead (a timestamp in milliseconds reads as tens of thousands of years ahead), is refused.
 */
export const signatureTimeAcceptable = (timestampSeconds: number, nowMs: number): boolean =>
  Number.isFinite(timestampSeconds) && Math.abs(Math.floor(nowMs / 1000) - timestampSeconds) <= SIGNATURE_TOLERANCE_SECONDS;

export interface RecordedIntent {
  invoiceId: string;
  /** Minor units. */
  amountCents: bigint;
  currency: string;
}

export interface SucceededPayment {
  /** As the event gave it: may be anything a number can be. */
  amount: number;
  currency: string;
}

export type PaymentVerdict = { pay: true; amountCents: bigint } | { pay: false; kind: PaymentAnomalyKind };

/**
 * What a succeeded intent's event does to `invoice` (the invoice the intent was recorded for, else the one its
 * metadata names; null for none). Replays of an intent already counted are dealt with before this: they do nothing.
 */
export function judgePayment(o: { invoice: { id: string; status: InvoiceStatus } | null; intent: RecordedIntent | null; event: SucceededPayment }): PaymentVerdict {
  const { invoice, intent, event } = o;
  if (!invoice) return { pay: false, kind: 'unknown_intent' };
  if (invoice.status === 'void') return { pay: false, kind: 'void_invoice' };
  if (invoice.status === 'draft') return { pay: false, kind: 'draft_invoice' };
  if (invoice.status === 'paid') return { pay: false, kind: 'paid_invoice' };
  if (!intent || intent.invoiceId !== invoice.id) return { pay: false, kind: 'unknown_intent' };
  if (event.currency.toLowerCase() !== intent.currency.toLowerCase()) return { pay: false, kind: 'currency_mismatch' };
  if (!Number.isSafeInteger(event.amount) || event.amount <= 0 || BigInt(event.amount) !== intent.amountCents) return { pay: false, kind: 'amount_mismatch' };
  return { pay: true, amountCents: intent.amountCents };
}

/** The amount an event gave, for a person: '$50.00 USD', '5000 JPY' (currencies without cents are shown as given). */
function shown(amount: string, currency: string): string {
  const c = currency.toUpperCase();
  if (!/^\d+$/.test(amount)) return `an amount of ${amount} (minor units) ${c}`;
  if (ZERO_DECIMAL.has(c)) return `${amount} ${c}`;
  return `${c === 'USD' || c === 'CAD' ? '$' : ''}${fromCents(BigInt(amount))} ${c}`;
}
const ZERO_DECIMAL = new Set(['BIF', 'CLP', 'DJF', 'GNF', 'JPY', 'KMF', 'KRW', 'MGA', 'PYG', 'RWF', 'UGX', 'VND', 'VUV', 'XAF', 'XOF', 'XPF']);

/** What happened and what a person must do about it, in words for the Billing page. */
export function describeAnomaly(a: { kind: PaymentAnomalyKind; invoiceNumber: string | null; intentId: string; amount: string; currency: string }): { message: string; action: string } {
  const invoice = a.invoiceNumber ? `invoice ${a.invoiceNumber}` : 'no invoice of this platform';
  const money = shown(a.amount, a.currency);
  const refund = /^\d+$/.test(a.amount) && a.amount !== '0' ? `Refund ${money} in Stripe (payment ${a.intentId}).` : `Look up payment ${a.intentId} in Stripe and refund whatever it took.`;
  switch (a.kind) {
    case 'void_invoice':
      return { message: `A payment of ${money} arrived for ${invoice}, which is void.`, action: refund };
    case 'draft_invoice':
      return { message: `A payment of ${money} arrived for ${invoice}, which is still a draft.`, action: refund };
    case 'paid_invoice':
      return { message: `A second payment of ${money} arrived for ${invoice}, which was already paid.`, action: refund };
    case 'amount_mismatch':
      return { message: `A payment of ${money} arrived for ${invoice}, but not for the amount its payment was started with; the invoice was not marked paid.`, action: `${refund} Then ask the client to pay the invoice again.` };
    case 'currency_mismatch':
      return { message: `A payment of ${money} arrived for ${invoice}, in a currency other than the invoice’s; the invoice was not marked paid.`, action: `${refund} Then ask the client to pay the invoice again.` };
    case 'unknown_intent':
      return {
        message: a.invoiceNumber ? `A payment of ${money} arrived for ${invoice}, through a payment this platform never started for it.` : `A payment of ${money} arrived that names no invoice of this platform.`,
        action: refund,
      };
  }
}
