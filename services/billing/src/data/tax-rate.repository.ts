import type { InvoiceItemType, TaxRate, TaxRateBody } from '@midway/contracts';
import type { Client } from './prisma-client';

const COLUMNS = `id, name, trim_scale(percent)::text AS percent, fee_types AS "feeTypes", to_char(effective_from, 'YYYY-MM-DD') AS "effectiveFrom",
  to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "createdAt"`;

/** The tax rates the admin keeps; invoices copy each tax as charged (invoice_taxes), so a change never rewrites a sent one. */
export class TaxRateRepository {
  constructor(private readonly db: Client) {}

  async list(): Promise<TaxRate[]> {
    return this.db.$queryRawUnsafe<TaxRate[]>(`SELECT ${COLUMNS} FROM tax_rates ORDER BY effective_from, name, id`);
  }

  async create(b: TaxRateBody): Promise<TaxRate> {
    const [row] = await this.db.$queryRawUnsafe<TaxRate[]>(
      `INSERT INTO tax_rates (name, percent, fee_types, effective_from) VALUES ($1, $2::numeric, $3::varchar[], $4::date) RETURNING ${COLUMNS}`,
      b.name, b.percent, b.feeTypes as InvoiceItemType[], b.effectiveFrom,
    );
    return row!;
  }

  async update(id: string, b: TaxRateBody): Promise<TaxRate | null> {
    const [row] = await this.db.$queryRawUnsafe<TaxRate[]>(
      `UPDATE tax_rates SET name = $2, percent = $3::numeric, fee_types = $4::varchar[], effective_from = $5::date WHERE id = $1::uuid RETURNING ${COLUMNS}`,
      id, b.name, b.percent, b.feeTypes, b.effectiveFrom,
    );
    return row ?? null;
  }

  async remove(id: string): Promise<boolean> {
    return (await this.db.$executeRaw`DELETE FROM tax_rates WHERE id = ${id}::uuid`) > 0;
  }

  /** The unpaid drafts a rate change may re-tax (sent invoices are final and keep their taxes). */
  async draftIds(): Promise<string[]> {
    const rows = await this.db.$queryRaw<{ id: string }[]>`SELECT id FROM invoices WHERE status = 'draft'`;
    return rows.map((r) => r.id);
  }
}
