import type { BillingRateType } from '@midway/contracts';
import type { Client } from './prisma-client';

export interface RateRow {
  id: string;
  serviceType: BillingRateType;
  rate: string;
  unit: string;
  description: string | null;
  isActive: boolean;
  effectiveDate: string;
  current: boolean;
}

export interface NewRate {
  serviceType: BillingRateType;
  rate: string;
  unit: string;
  description: string | null;
  effectiveDate: string;
}

/** A date column's value for a YYYY-MM-DD day. */
const day = (isoDate: string) => new Date(`${isoDate}T00:00:00.000Z`);

/** Rates are written once and never changed: a change is a new row from its date on. */
export class RateRepository {
  constructor(private readonly db: Client) {}

  /** Rates not yet written for their type and date; answers how many were new. */
  async insertMissing(rates: NewRate[]): Promise<number> {
    const { count } = await this.db.billingRate.createMany({ data: rates.map((r) => ({ ...r, effectiveDate: day(r.effectiveDate) })), skipDuplicates: true });
    return count;
  }

  /** Whether any rate exists for the type (initialize writes nothing once it has). */
  async typesWithRates(): Promise<Set<string>> {
    const rows = await this.db.billingRate.findMany({ distinct: ['serviceType'], select: { serviceType: true } });
    return new Set(rows.map((r) => r.serviceType));
  }

  /** Sets the rate for a type from a date on (replacing one already planned for that very date; a description left out stays). */
  async upsert(rate: NewRate): Promise<void> {
    const effectiveDate = day(rate.effectiveDate);
    await this.db.billingRate.upsert({
      where: { serviceType_effectiveDate: { serviceType: rate.serviceType, effectiveDate } },
      create: { ...rate, effectiveDate },
      update: { rate: rate.rate, ...(rate.description !== null ? { description: rate.description } : {}) },
    });
  }

  /** Every rate, newest first per type; `current` marks the one in force on `today`. */
  async list(today: string): Promise<RateRow[]> {
    return this.db.$queryRaw<RateRow[]>`
      SELECT r.id, r.service_type AS "serviceType", r.rate::text, r.unit, r.description, r.is_active AS "isActive",
             to_char(r.effective_date, 'YYYY-MM-DD') AS "effectiveDate",
             COALESCE(r.effective_date = (SELECT max(o.effective_date) FROM billing_rates o WHERE o.service_type = r.service_type AND o.is_active AND o.effective_date <= ${today}::date), false) AS current
      FROM billing_rates r ORDER BY r.service_type, r.effective_date DESC`;
  }

  /** The unit of the newest rate of a type, or null when the type has none yet. */
  async unitOf(type: BillingRateType): Promise<string | null> {
    const row = await this.db.billingRate.findFirst({ where: { serviceType: type }, orderBy: { effectiveDate: 'desc' }, select: { unit: true } });
    return row?.unit ?? null;
  }
}
