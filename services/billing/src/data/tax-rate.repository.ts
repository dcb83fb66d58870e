import type { InvoiceItemType, TaxRate, TaxRateBody } from '@midway/contracts';
import type { Client, Prisma } from './prisma-client';

const SELECT = { id: true, name: true, percent: true, feeTypes: true, effectiveFrom: true, createdAt: true } as const satisfies Prisma.TaxRateSelect;
type Row = Prisma.TaxRateGetPayload<{ select: typeof SELECT }>;

/** The answer's shape: the percent without trailing zeros ('7.25', '5'), the date as YYYY-MM-DD. */
const toTaxRate = (r: Row): TaxRate => ({
  id: r.id,
  name: r.name,
  percent: r.percent.toFixed(),
  feeTypes: r.feeTypes as InvoiceItemType[],
  effectiveFrom: r.effectiveFrom.toISOString().slice(0, 10),
  createdAt: r.createdAt.toISOString(),
});

const fields = (b: TaxRateBody) => ({ name: b.name, percent: b.percent, feeTypes: b.feeTypes as InvoiceItemType[], effectiveFrom: new Date(`${b.effectiveFrom}T00:00:00.000Z`) });

/** The tax rates the admin keeps; invoices copy each tax as charged (invoice_taxes), so a change never rewrites a sent one. */
export class TaxRateRepository {
  constructor(private readonly db: Client) {}

  async list(): Promise<TaxRate[]> {
    const rows = await this.db.taxRate.findMany({ select: SELECT, orderBy: [{ effectiveFrom: 'asc' }, { name: 'asc' }, { id: 'asc' }] });
    return rows.map(toTaxRate);
  }

  async create(b: TaxRateBody): Promise<TaxRate> {
    return toTaxRate(await this.db.taxRate.create({ data: fields(b), select: SELECT }));
  }

  async update(id: string, b: TaxRateBody): Promise<TaxRate | null> {
    const { count } = await this.db.taxRate.updateMany({ where: { id }, data: fields(b) });
    if (count === 0) return null;
    return toTaxRate(await this.db.taxRate.findUniqueOrThrow({ where: { id }, select: SELECT }));
  }

  async remove(id: string): Promise<boolean> {
    return (await this.db.taxRate.deleteMany({ where: { id } })).count > 0;
  }

  /** The unpaid drafts a rate change may re-tax (sent invoices are final and keep their taxes). */
  async draftIds(): Promise<string[]> {
    const rows = await this.db.invoice.findMany({ where: { status: 'draft' }, select: { id: true } });
    return rows.map((r) => r.id);
  }
}
