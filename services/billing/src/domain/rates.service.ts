import { badRequest, type Caller } from '@midway/service-kit';
import { BILLING_DEFAULT_RATES, BILLING_RATE_LABELS, BILLING_RATE_TYPES, type BillingRate, type BillingRateType, type UpdateRateBody } from '@midway/contracts';
import type { UnitOfWork } from '../data/unit-of-work';
import { requireAdmin } from './billing-access';
import { dayIn } from './calendar';

/** The fee table takes effect from the start of the first billable year, so every billable day has a rate. */
export const INITIAL_EFFECTIVE_DATE = '2024-01-01';

export class RatesService {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly tz: string,
  ) {}

  /** Writes the default fee table for types that have no rate yet: repeating it changes nothing. */
  async initialize(caller: Caller): Promise<{ message: string; created: number }> {
    requireAdmin(caller, 'initialize billing rates');
    const created = await this.uow.run(async (r) => {
      const known = await r.rates.typesWithRates();
      const missing = BILLING_RATE_TYPES.filter((t) => !known.has(t));
      return r.rates.insertMissing(missing.map((t) => ({ serviceType: t, ...BILLING_DEFAULT_RATES[t], effectiveDate: INITIAL_EFFECTIVE_DATE })));
    });
    return {
      created,
      message: created > 0 ? `Default billing rates initialized: ${created} rates in force from ${INITIAL_EFFECTIVE_DATE}` : 'Billing rates were already initialized; nothing changed',
    };
  }

  async list(caller: Caller): Promise<BillingRate[]> {
    requireAdmin(caller, 'see billing rates');
    const rows = await this.uow.read.rates.list(dayIn(this.tz));
    return rows.map((r) => ({ ...r, label: BILLING_RATE_LABELS[r.serviceType] }));
  }

  /** A new rate from a date on (today or later): what was recorded before keeps the rate it was recorded at. */
  async update(caller: Caller, type: BillingRateType, body: UpdateRateBody): Promise<BillingRate> {
    requireAdmin(caller, 'change billing rates');
    const today = dayIn(this.tz);
    const effectiveDate = body.effectiveDate ?? today;
    if (effectiveDate < today) throw badRequest(`A rate can change from today (${today}) or a later date, never retroactively`);
    return this.uow.run(async (r) => {
      const unit = (await r.rates.unitOf(type)) ?? BILLING_DEFAULT_RATES[type].unit;
      await r.rates.upsert({ serviceType: type, rate: body.rate, unit, description: body.description ?? null, effectiveDate });
      const row = (await r.rates.list(today)).find((x) => x.serviceType === type && x.effectiveDate === effectiveDate)!;
      return { ...row, label: BILLING_RATE_LABELS[type] };
    });
  }
}
