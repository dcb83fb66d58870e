import { fromCents, toCents } from '@midway/contracts';
import { Prisma } from '../data/prisma-client';

export interface InvoiceTotals {
  subtotal: string;
  tax: string;
  total: string;
}

const FRACTION = /^(\d+)(?:\.(\d+))?$/;

/** `cents` × `rate` (a decimal fraction such as '0.0825'), rounded to the cent, halves away from zero (numeric's round). */
function centsTimes(cents: bigint, rate: string): bigint {
  const m = FRACTION.exec(rate);
  if (!m) throw new RangeError(`Not a tax rate: ${JSON.stringify(rate)}`);
  const scale = 10n ** BigInt((m[2] ?? '').length);
  const exact = (cents < 0n ? -cents : cents) * BigInt(`${m[1]}${m[2] ?? ''}`);
  const rounded = (2n * exact + scale) / (2n * scale);
  return cents < 0n ? -rounded : rounded;
}

/**
 * An invoice's totals: subtotal = Σ its lines' amounts, tax = subtotal × the tax rate rounded to the cent,
 * total = subtotal + tax. Exact (decimal, never floats); an invoice without lines totals 0.00.
 */
export function invoiceTotals(lineAmounts: readonly string[], taxRate: string): InvoiceTotals {
  const subtotal = lineAmounts.reduce((sum, a) => sum + toCents(a), 0n);
  const tax = centsTimes(subtotal, taxRate);
  return { subtotal: fromCents(subtotal), tax: fromCents(tax), total: fromCents(subtotal + tax) };
}

/** The tax on `subtotal` (numeric) as SQL: invoiceTotals' rounding, by Postgres's round(numeric, 2). */
export const taxSql = (subtotal: Prisma.Sql, taxRate: string): Prisma.Sql => Prisma.sql`round(${subtotal} * ${taxRate}::numeric, 2)`;

/** invoiceTotals as one statement for the invoices `invoiceIds`, from their lines as stored (numeric throughout). */
export function retotalSql(invoiceIds: string[], taxRate: string): Prisma.Sql {
  return Prisma.sql`
    UPDATE invoices i SET subtotal = s.sub, tax = ${taxSql(Prisma.sql`s.sub`, taxRate)}, total = s.sub + ${taxSql(Prisma.sql`s.sub`, taxRate)}, updated_at = now()
    FROM (SELECT v.id, COALESCE((SELECT sum(l.amount) FROM invoice_items l WHERE l.invoice_id = v.id), 0) AS sub FROM invoices v WHERE v.id = ANY(${invoiceIds}::uuid[])) s
    WHERE i.id = s.id`;
}
