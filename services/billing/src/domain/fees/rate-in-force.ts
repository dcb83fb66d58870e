import { BILLING_DEFAULT_RATES, type BillingRateType } from '@midway/contracts';
import { Prisma } from '../../data/prisma-client';

export interface RateRecord {
  rate: string;
  effectiveDate: string;
  isActive: boolean;
}

/** The rate charged for `type` on `day`: the newest active rate effective on or before it, else the fee table's. */
export function rateInForce(type: BillingRateType, day: string, rates: readonly RateRecord[]): string {
  const inForce = rates.filter((r) => r.isActive && r.effectiveDate <= day).sort((a, b) => (a.effectiveDate < b.effectiveDate ? 1 : -1))[0];
  return inForce?.rate ?? BILLING_DEFAULT_RATES[type].rate;
}

/** rateInForce as SQL: the rate for `type` on the day `day` names, one lookup per row. */
export function rateOnSql(type: BillingRateType, day: Prisma.Sql): Prisma.Sql {
  return Prisma.sql`COALESCE((SELECT r.rate FROM billing_rates r WHERE r.service_type = ${type} AND r.is_active AND r.effective_date <= ${day}
    ORDER BY r.effective_date DESC LIMIT 1), ${BILLING_DEFAULT_RATES[type].rate}::numeric)`;
}

/**
 * rateInForce as periods for set-based work: each active rate of `type` with the days it was in force,
 * [from_day, until_day), a handful of rows that a set of days joins against (no lookup per day). Use with rateInSql.
 */
export function ratePeriodsSql(type: BillingRateType): Prisma.Sql {
  return Prisma.sql`(SELECT r.rate, r.effective_date AS from_day, lead(r.effective_date) OVER (ORDER BY r.effective_date) AS until_day
    FROM billing_rates r WHERE r.service_type = ${type} AND r.is_active)`;
}

/** The rate of a day joined to ratePeriodsSql (alias `alias`): the fee table's before the first period. */
export function rateInSql(type: BillingRateType, alias: Prisma.Sql): Prisma.Sql {
  return Prisma.sql`COALESCE(${alias}.rate, ${BILLING_DEFAULT_RATES[type].rate}::numeric)`;
}
