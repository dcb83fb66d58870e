import { notFound, type Caller } from '@midway/service-kit';
import { isUuid, type TaxRate, type TaxRateBody } from '@midway/contracts';
import type { UnitOfWork } from '../data/unit-of-work';
import { requireAdmin } from './billing-access';

/**
 * The admin's tax rates. A change re-taxes the drafts (they may still change; sent invoices are final and keep
 * the taxes they were sent with).
 */
export class TaxRatesService {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly tz: string,
  ) {}

  async list(caller: Caller): Promise<TaxRate[]> {
    requireAdmin(caller, 'see tax rates');
    return this.uow.read.taxRates.list();
  }

  async create(caller: Caller, body: TaxRateBody): Promise<TaxRate> {
    requireAdmin(caller, 'add tax rates');
    return this.uow.run(async (r) => {
      const row = await r.taxRates.create(body);
      await r.invoices.retotal(await r.taxRates.draftIds(), this.tz);
      return row;
    });
  }

  async update(caller: Caller, id: string, body: TaxRateBody): Promise<TaxRate> {
    requireAdmin(caller, 'change tax rates');
    return this.uow.run(async (r) => {
      const row = isUuid(id) ? await r.taxRates.update(id, body) : null;
      if (!row) throw notFound('Tax rate not found');
      await r.invoices.retotal(await r.taxRates.draftIds(), this.tz);
      return row;
    });
  }

  async remove(caller: Caller, id: string): Promise<void> {
    requireAdmin(caller, 'remove tax rates');
    await this.uow.run(async (r) => {
      if (!isUuid(id) || !(await r.taxRates.remove(id))) throw notFound('Tax rate not found');
      await r.invoices.retotal(await r.taxRates.draftIds(), this.tz);
    });
  }
}
