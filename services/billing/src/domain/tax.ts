import { fromCents, toCents } from '@midway/contracts';
import { Prisma } from '../data/prisma-client';

/** A tax rate as invoices apply it: `percent` of each line of one of `feeTypes`, on invoices issued from `effectiveFrom`. */
export interface TaxRule {
  id: string;
  name: string;
  /** Percent as a decimal string: '5', '7', '0.5' (at most 4 decimals). */
  percent: string;
  feeTypes: readonly string[];
  effectiveFrom: string;
}

export interface TaxLine {
  type: string;
  amount: string;
}

/** One tax on an invoice: the lines it applied to and the sum of each line's tax. */
export interface AppliedTax {
  taxRateId: string;
  name: string;
  percent: string;
  taxable: string;
  amount: string;
}

const PERCENT = /^(\d+)(?:\.(\d+))?$/;

/**
 * A line's tax: amount × percent / 100, rounded half-up to the cent (a half cent goes away from zero, as
 * Postgres's round(numeric, 2) does, so a credit line is taxed the mirror of a charge). Exact: no floats.
 */
export function lineTax(amount: string, percent: string): string {
  const m = PERCENT.exec(percent);
  if (!m) throw new RangeError(`Not a tax percent: ${JSON.stringify(percent)}`);
  const cents = toCents(amount);
  const scale = 100n * 10n ** BigInt((m[2] ?? '').length);
  const exact = (cents < 0n ? -cents : cents) * BigInt(`${m[1]}${m[2] ?? ''}`);
  const rounded = (2n * exact + scale) / (2n * scale);
  return fromCents(cents < 0n ? -rounded : rounded);
}

/** Whether a rate taxes a line of `type` on an invoice issued on `day`. */
export const taxApplies = (rule: TaxRule, type: string, day: string): boolean => rule.feeTypes.includes(type) && rule.effectiveFrom <= day;

/**
 * The taxes of an invoice issued on `day`: for each rate in force that day, the tax of every line of its fee types,
 * each rounded to the cent, summed. A rate that taxes no line is left out; no rates, no taxes.
 */
export function invoiceTaxes(lines: readonly TaxLine[], rules: readonly TaxRule[], day: string): AppliedTax[] {
  const out: AppliedTax[] = [];
  for (const rule of rules) {
    const taxed = lines.filter((l) => taxApplies(rule, l.type, day));
    if (taxed.length === 0) continue;
    const taxable = taxed.reduce((s, l) => s + toCents(l.amount), 0n);
    const amount = taxed.reduce((s, l) => s + toCents(lineTax(l.amount, rule.percent)), 0n);
    out.push({ taxRateId: rule.id, name: rule.name, percent: rule.percent, taxable: fromCents(taxable), amount: fromCents(amount) });
  }
  return out;
}

/** lineTax as SQL over numeric columns: `amount` × `percent` / 100, rounded half away from zero by round(numeric, 2). */
export const lineTaxSql = (amount: Prisma.Sql, percent: Prisma.Sql): Prisma.Sql => Prisma.sql`round(${amount} * ${percent} / 100, 2)`;

/** taxApplies as SQL: rate `r` (tax_rates) on a line `l` (invoice_items) of an invoice issued on `day`. */
export const taxAppliesSql = (r: Prisma.Sql, l: Prisma.Sql, day: Prisma.Sql): Prisma.Sql => Prisma.sql`${l}.type = ANY(${r}.fee_types) AND ${r}.effective_from <= ${day}`;
