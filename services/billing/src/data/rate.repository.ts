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

/** Rates are written once and never changed: a change is a new row from its date on. */
export class RateRepository {
  constructor(private readonly db: Client) {}

  /** Rates not yet written for their type and date; answers how many were new. */
  async insertMissing(rates: NewRate[]): Promise<number> {
    return this.db.$executeRaw`
      INSERT INTO billing_rates (service_type, rate, unit, description, effective_date)
      SELECT x."serviceType", x.rate, x.unit, x.description, x."effectiveDate"
      FROM json_to_recordset(${JSON.stringify(rates)}::json) AS x("serviceType" text, rate numeric, unit text, description text, "effectiveDate" date)
      ON CONFLICT (service_type, effective_date) DO NOTHING`;
  }

  /** Whether any rate exists for the type (initialize writes nothing once it has). */
  async typesWithRates(): Promise<Set<string>> {
    const rows = await this.db.$queryRaw<{ t: string }[]>`SELECT DISTINCT service_type AS t FROM billing_rates`;
    return new Set(rows.map((r) => r.t));
  }

  /** Sets the rate for a type from a date on (replacing one already planned for that very date). */
  async upsert(rate: NewRate): Promise<void> {
    await this.db.$executeRaw`
      INSERT INTO billing_rates (service_type, rate, unit, description, effective_date)
      VALUES (${rate.serviceType}, ${rate.rate}::numeric, ${rate.unit}, ${rate.description}, ${rate.effectiveDate}::date)
      ON CONFLICT (service_type, effective_date) DO UPDATE SET rate = EXCLUDED.rate, description = COALESCE(EXCLUDED.description, billing_rates.description)`;
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
    const [row] = await this.db.$queryRaw<{ unit: string }[]>`SELECT unit FROM billing_rates WHERE service_type = ${type} ORDER BY effective_date DESC LIMIT 1`;
    return row?.unit ?? null;
  }
}
