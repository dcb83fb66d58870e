import { retotalSql } from '../domain/invoice-totals';
import { INVOICE_COLUMNS, type InvoiceRow } from './invoice.repository';
import type { Client } from './prisma-client';

/** The monthly invoices: each cycle's unbilled events turned into one invoice to the project's owner. */
export class InvoiceGenerationRepository {
  constructor(private readonly db: Client) {}

  /**
   * Turns each of the month's cycles without an invoice into one invoice to the project's owner: its
   * unprocessed events become lines grouped by type, item and rate, and are marked processed, all in the
   * caller's transaction. Cycles are locked first, so a second run at the same time waits and then finds them
   * invoiced: it creates nothing. Answers the new invoices.
   */
  async generate(o: { year: number; month: number; issueYear: number; today: string; dueDays: number; taxRate: string }): Promise<InvoiceRow[]> {
    const due = await this.db.$queryRaw<{ id: string }[]>`
      SELECT c.id FROM billing_cycles c
      WHERE c.billing_year = ${o.year}::int AND c.billing_month = ${o.month}::int AND c.invoice_id IS NULL
      ORDER BY c.id FOR NO KEY UPDATE`;
    if (due.length === 0) return [];
    const cycleIds = due.map((c) => c.id);
    const created = await this.db.$queryRaw<{ id: string; cycleId: string }[]>`
      INSERT INTO invoices (project_id, billing_cycle_id, seq, invoice_number, client_name, client_email, status, billing_period_start, billing_period_end, due_date, is_auto_generated)
      SELECT x.project_id, x.id, x.seq, 'INV-' || ${String(o.issueYear)} || '-' || lpad(x.seq::text, 6, '0'), x.client_name, x.client_email, 'sent', x.start_date, x.end_date, ${o.today}::date + ${o.dueDays}::int, true
      FROM (
        -- One number per cycle: nextval in the select list of a subquery that is not flattened (OFFSET 0), so it
        -- runs once per row (in a LATERAL without outer references Postgres may run it once for all rows).
        SELECT c.id, c.project_id, c.start_date, c.end_date, nextval(pg_get_serial_sequence('invoices', 'seq')) AS seq,
               COALESCE(NULLIF(trim(concat_ws(' ', u.first_name, u.last_name)), ''), u.email, p.client_name, 'Project owner') AS client_name,
               COALESCE(u.email, p.client_email) AS client_email
        FROM billing_cycles c
        JOIN projects p ON p.id = c.project_id
        LEFT JOIN users u ON u.id = p.owner_id
        WHERE c.id = ANY(${cycleIds}::uuid[])
          AND EXISTS (SELECT 1 FROM billable_events e WHERE e.project_id = c.project_id AND NOT e.processed AND e.event_date BETWEEN c.start_date AND c.end_date)
        ORDER BY c.id
        OFFSET 0
      ) x
      RETURNING id, billing_cycle_id AS "cycleId"`;
    if (created.length === 0) return [];
    const ids = created.map((c) => c.id);
    await this.db.$executeRaw`
      UPDATE billable_events e SET processed = true, invoice_id = i.id, billing_cycle_id = c.id
      FROM invoices i JOIN billing_cycles c ON c.id = i.billing_cycle_id
      WHERE i.id = ANY(${ids}::uuid[]) AND e.project_id = c.project_id AND NOT e.processed AND e.event_date BETWEEN c.start_date AND c.end_date`;
    await this.db.$executeRaw`
      INSERT INTO invoice_items (invoice_id, item_id, description, quantity, rate, amount, type)
      SELECT e.invoice_id, e.item_id, min(e.description) || CASE WHEN e.event_type = 'storage' THEN ' (' || count(*) || ' days)' ELSE '' END,
             sum(e.quantity), e.rate, sum(e.amount), e.event_type
      FROM billable_events e WHERE e.invoice_id = ANY(${ids}::uuid[])
      GROUP BY e.invoice_id, e.event_type, e.item_id, e.rate`;
    await this.db.$executeRaw(retotalSql(ids, o.taxRate));
    await this.db.$executeRaw`
      UPDATE billing_cycles c SET invoice_id = s.invoice_id, status = 'invoiced', total_items_received = s.received,
        total_services_rendered = s.services, total_storage_days = s.storage_days
      FROM (
        SELECT e.invoice_id, e.billing_cycle_id, count(*) FILTER (WHERE e.event_type = 'receiving')::int AS received,
               count(*) FILTER (WHERE e.event_type <> 'storage')::int AS services, count(*) FILTER (WHERE e.event_type = 'storage')::int AS storage_days
        FROM billable_events e WHERE e.invoice_id = ANY(${ids}::uuid[]) GROUP BY 1, 2
      ) s
      WHERE c.id = s.billing_cycle_id`;
    return this.db.$queryRaw<InvoiceRow[]>`SELECT ${INVOICE_COLUMNS} FROM invoices i WHERE i.id = ANY(${ids}::uuid[]) ORDER BY i.seq`;
  }
}
