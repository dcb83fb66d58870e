import { fromCents, toCents } from '@midway/contracts';
import { Prisma } from '../data/prisma-client';
import { invoiceTaxes, lineTaxSql, taxAppliesSql, type AppliedTax, type TaxLine, type TaxRule } from './tax';

export interface InvoiceTotals {
  subtotal: string;
  /** Each tax (domain/tax): the rates in force on the issue day, per line, rounded half-up to the cent. */
  taxes: AppliedTax[];
  tax: string;
  total: string;
}

/**
 * An invoice's totals: subtotal = Σ its lines' amounts, tax = Σ its taxes, total = subtotal + tax. Exact
 * (decimal, never floats), so the page, the PDF and the e-mail add up to the cent; an invoice without lines
 * totals 0.00, and without tax rates its tax is 0.00.
 */
export function invoiceTotals(lines: readonly TaxLine[], rules: readonly TaxRule[], issueDay: string): InvoiceTotals {
  const subtotal = lines.reduce((sum, l) => sum + toCents(l.amount), 0n);
  const taxes = invoiceTaxes(lines, rules, issueDay);
  const tax = taxes.reduce((sum, t) => sum + toCents(t.amount), 0n);
  return { subtotal: fromCents(subtotal), taxes, tax: fromCents(tax), total: fromCents(subtotal + tax) };
}

/**
 * invoiceTotals as one statement for the invoices `invoiceIds`, from their lines and the tax rates as stored
 * (numeric throughout): each invoice's taxes are written anew and its subtotal, tax and total set. The issue
 * day is the invoice's creation day in the billing time zone `tz`.
 */
export function retotalSql(invoiceIds: string[], tz: string): Prisma.Sql {
  return Prisma.sql`
    WITH tgt AS MATERIALIZED (SELECT v.id, (v.created_at AT TIME ZONE ${tz})::date AS day FROM invoices v WHERE v.id = ANY(${invoiceIds}::uuid[])),
    per AS MATERIALIZED (
      SELECT l.invoice_id, r.id AS rate_id, r.name, r.percent, sum(l.amount) AS taxable, sum(${lineTaxSql(Prisma.sql`l.amount`, Prisma.sql`r.percent`)}) AS amount
      FROM tgt JOIN invoice_items l ON l.invoice_id = tgt.id JOIN tax_rates r ON ${taxAppliesSql(Prisma.sql`r`, Prisma.sql`l`, Prisma.sql`tgt.day`)}
      GROUP BY 1, 2, 3, 4
    ),
    gone AS (DELETE FROM invoice_taxes t USING tgt WHERE t.invoice_id = tgt.id),
    added AS (INSERT INTO invoice_taxes (invoice_id, tax_rate_id, name, percent, taxable, amount) SELECT invoice_id, rate_id, name, percent, taxable, amount FROM per),
    s AS (
      SELECT tgt.id, COALESCE((SELECT sum(l.amount) FROM invoice_items l WHERE l.invoice_id = tgt.id), 0) AS sub,
             COALESCE((SELECT sum(p.amount) FROM per p WHERE p.invoice_id = tgt.id), 0) AS tax
      FROM tgt
    )
    UPDATE invoices i SET subtotal = s.sub, tax = s.tax, total = s.sub + s.tax, updated_at = now() FROM s WHERE i.id = s.id`;
}
