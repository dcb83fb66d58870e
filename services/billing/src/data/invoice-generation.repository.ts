import { retotalSql } from '../domain/invoice-totals';
import { INVOICE_COLUMNS, type InvoiceRow } from './invoice.repository';
import { Prisma, type Client } from './prisma-client';

/** Two runs for one month take turns (pg_advisory_xact_lock's first key; the second is year × 100 + month). */
const GENERATION_LOCK = 27_001;

export interface GenerationResult {
  /** New invoices: the month's first invoice of a project, or a supplementary one. */
  created: InvoiceRow[];
  /** Drafts that were already there and got the month's later fees. */
  added: InvoiceRow[];
  /** The month's automatic invoices this run marked sent (the month has ended). */
  sent: InvoiceRow[];
}

/**
 * The monthly invoices. Every fee of the month not yet invoiced goes on exactly one invoice of its project and
 * month: the month's invoice while it is a draft, else a supplementary invoice (a sent invoice is final). A run
 * for a month that has ended sends the month's drafts. All set-based, in the caller's transaction.
 */
export class InvoiceGenerationRepository {
  constructor(private readonly db: Client) {}

  async generate(o: { year: number; month: number; issueYear: number; today: string; dueDays: number; tz: string; ended: boolean }): Promise<GenerationResult> {
    const start = Prisma.sql`make_date(${o.year}::int, ${o.month}::int, 1)`;
    const inMonth = (day: Prisma.Sql) => Prisma.sql`${day} >= ${start} AND ${day} < (${start} + interval '1 month')`;
    // A second run at the same time waits here, then finds the first one's fees invoiced: nothing is billed twice.
    await this.db.$queryRaw`SELECT 1 AS locked FROM (SELECT pg_advisory_xact_lock(${GENERATION_LOCK}::int, ${o.year * 100 + o.month}::int)) l`;
    // A cycle for each project with fees of the month not yet invoiced (a project billing has not heard of has no one to bill yet).
    await this.db.$executeRaw`
      INSERT INTO billing_cycles (project_id, billing_month, billing_year, start_date, end_date)
      SELECT DISTINCT e.project_id, ${o.month}::int, ${o.year}::int, ${start}, (${start} + interval '1 month' - interval '1 day')::date
      FROM billable_events e JOIN projects p ON p.id = e.project_id
      WHERE NOT e.processed AND ${inMonth(Prisma.sql`e.event_date`)}
      ON CONFLICT (project_id, billing_year, billing_month) DO NOTHING`;
    // A new invoice for each such project without an automatic draft for the month: its month invoice if the cycle
    // has none yet, else a supplementary one naming the month invoice. Drafts until the month has ended.
    const created = await this.db.$queryRaw<{ id: string }[]>`
      INSERT INTO invoices (project_id, billing_cycle_id, seq, invoice_number, client_name, client_email, status, billing_period_start, billing_period_end, is_auto_generated, kind, supplements_invoice_id)
      SELECT x.project_id, CASE WHEN x.month_invoice IS NULL THEN x.id END, x.seq, 'INV-' || ${String(o.issueYear)} || '-' || lpad(x.seq::text, 6, '0'), x.client_name, x.client_email,
             'draft', x.start_date, x.end_date, true, CASE WHEN x.month_invoice IS NULL THEN 'standard' ELSE 'supplementary' END, x.month_invoice
      FROM (
        -- One number per invoice: nextval in the select list of a subquery that is not flattened (OFFSET 0), so it
        -- runs once per row (in a LATERAL without outer references Postgres may run it once for all rows).
        SELECT c.id, c.project_id, c.start_date, c.end_date, c.invoice_id AS month_invoice, nextval(pg_get_serial_sequence('invoices', 'seq')) AS seq,
               COALESCE(NULLIF(trim(concat_ws(' ', u.first_name, u.last_name)), ''), u.email, p.client_name, 'Project owner') AS client_name,
               COALESCE(u.email, p.client_email) AS client_email
        FROM billing_cycles c
        JOIN projects p ON p.id = c.project_id
        LEFT JOIN users u ON u.id = p.owner_id
        WHERE c.billing_year = ${o.year}::int AND c.billing_month = ${o.month}::int
          AND EXISTS (SELECT 1 FROM billable_events e WHERE e.project_id = c.project_id AND NOT e.processed AND e.event_date BETWEEN c.start_date AND c.end_date)
          AND NOT EXISTS (SELECT 1 FROM invoices d WHERE d.project_id = c.project_id AND d.billing_period_start = c.start_date AND d.is_auto_generated AND d.status = 'draft')
        ORDER BY c.project_id
        OFFSET 0
      ) x
      RETURNING id`;
    const createdIds = created.map((c) => c.id);
    if (createdIds.length > 0) {
      await this.db.$executeRaw`
        UPDATE billing_cycles c SET invoice_id = i.id, status = 'invoiced' FROM invoices i
        WHERE i.id = ANY(${createdIds}::uuid[]) AND i.kind = 'standard' AND c.id = i.billing_cycle_id`;
    }
    // The month's drafts stay drafts until this run is done: Send (which locks its invoice too) waits, so no line
    // lands on an invoice after it went out.
    await this.db.$queryRaw`
      SELECT 1 AS locked FROM invoices d WHERE d.billing_period_start = ${start} AND d.is_auto_generated AND d.status = 'draft' ORDER BY d.id FOR NO KEY UPDATE`;
    // The fees go on their project's open draft for the month (the oldest, were there two), as lines grouped by
    // type, item and rate, in one statement: a fee is taken only while it is not processed.
    const touched = await this.db.$queryRaw<{ id: string }[]>`
      WITH tgt AS (
        SELECT DISTINCT ON (d.project_id) d.id, d.project_id, c.id AS cycle_id
        FROM invoices d JOIN billing_cycles c ON c.project_id = d.project_id AND c.billing_year = ${o.year}::int AND c.billing_month = ${o.month}::int
        WHERE d.billing_period_start = ${start} AND d.is_auto_generated AND d.status = 'draft'
        ORDER BY d.project_id, d.seq
      ),
      taken AS (
        UPDATE billable_events e SET processed = true, invoice_id = tgt.id, billing_cycle_id = tgt.cycle_id FROM tgt
        WHERE e.project_id = tgt.project_id AND NOT e.processed AND ${inMonth(Prisma.sql`e.event_date`)}
        RETURNING e.invoice_id, e.item_id, e.event_type, e.rate, e.quantity, e.amount, e.description
      ),
      lines AS (
        INSERT INTO invoice_items (invoice_id, item_id, description, quantity, rate, amount, type)
        SELECT t.invoice_id, t.item_id, min(t.description) || CASE WHEN t.event_type = 'storage' THEN ' (' || count(*) || ' days)' ELSE '' END,
               sum(t.quantity), t.rate, sum(t.amount), t.event_type
        FROM taken t GROUP BY t.invoice_id, t.event_type, t.item_id, t.rate
        RETURNING invoice_id
      )
      SELECT DISTINCT invoice_id AS id FROM lines`;
    const touchedIds = touched.map((t) => t.id);
    if (touchedIds.length > 0) await this.db.$executeRaw(retotalSql(touchedIds, o.tz));
    // The month is over: its automatic drafts with lines and someone to send them to are final now.
    const sent = o.ended
      ? await this.db.$queryRaw<{ id: string }[]>`
          UPDATE invoices i SET status = 'sent', due_date = COALESCE(i.due_date, ${o.today}::date + ${o.dueDays}::int), updated_at = now()
          WHERE i.billing_period_start = ${start} AND i.is_auto_generated AND i.status = 'draft' AND i.client_email IS NOT NULL
            AND EXISTS (SELECT 1 FROM invoice_items l WHERE l.invoice_id = i.id)
          RETURNING i.id`
      : [];
    if (touchedIds.length > 0) {
      await this.db.$executeRaw`
        UPDATE billing_cycles c SET total_items_received = s.received, total_services_rendered = s.services, total_storage_days = s.storage_days
        FROM (
          SELECT c2.id, count(*) FILTER (WHERE e.event_type = 'receiving')::int AS received, count(*) FILTER (WHERE e.event_type <> 'storage')::int AS services,
                 count(*) FILTER (WHERE e.event_type = 'storage')::int AS storage_days
          FROM billing_cycles c2 JOIN billable_events e ON e.project_id = c2.project_id AND e.processed AND e.event_date BETWEEN c2.start_date AND c2.end_date
          WHERE c2.billing_year = ${o.year}::int AND c2.billing_month = ${o.month}::int
            AND c2.project_id IN (SELECT project_id FROM invoices WHERE id = ANY(${touchedIds}::uuid[]))
          GROUP BY c2.id
        ) s
        WHERE c.id = s.id`;
    }
    const rows = async (ids: string[]) => (ids.length === 0 ? [] : this.db.$queryRaw<InvoiceRow[]>`SELECT ${INVOICE_COLUMNS} FROM invoices i WHERE i.id = ANY(${ids}::uuid[]) ORDER BY i.seq`);
    const createdSet = new Set(createdIds);
    return {
      created: await rows(createdIds),
      added: await rows(touchedIds.filter((id) => !createdSet.has(id))),
      sent: await rows(sent.map((s) => s.id)),
    };
  }

  /** The month's automatic invoices that are sent but whose e-mail has not gone out (yet, or it failed). */
  async unmailed(year: number, month: number): Promise<string[]> {
    const rows = await this.db.$queryRaw<{ id: string }[]>`
      SELECT id FROM invoices WHERE billing_period_start = make_date(${year}::int, ${month}::int, 1) AND is_auto_generated
        AND status IN ('sent', 'overdue') AND emailed_at IS NULL AND client_email IS NOT NULL ORDER BY seq`;
    return rows.map((r) => r.id);
  }

  /** What is recorded and not yet invoiced: in all, per month, and the projects owed the most. */
  async unbilled(): Promise<{ months: { year: number; month: number; amount: string; fees: number; projects: number }[]; projects: { projectId: string; name: string | null; amount: string; fees: number }[]; total: { amount: string; fees: number; projects: number } }> {
    const months = await this.db.$queryRaw<{ year: number; month: number; amount: string; fees: number; projects: number }[]>`
      SELECT extract(year FROM event_date)::int AS year, extract(month FROM event_date)::int AS month, sum(amount)::text AS amount, count(*)::int AS fees, count(DISTINCT project_id)::int AS projects
      FROM billable_events WHERE NOT processed GROUP BY 1, 2 ORDER BY 1, 2`;
    const projects = await this.db.$queryRaw<{ projectId: string; name: string | null; amount: string; fees: number }[]>`
      SELECT e.project_id AS "projectId", p.name, sum(e.amount)::text AS amount, count(*)::int AS fees
      FROM billable_events e LEFT JOIN projects p ON p.id = e.project_id WHERE NOT e.processed
      GROUP BY e.project_id, p.name ORDER BY sum(e.amount) DESC, e.project_id LIMIT 20`;
    const [total] = await this.db.$queryRaw<{ amount: string; fees: number; projects: number }[]>`
      SELECT COALESCE(sum(amount), 0.00)::text AS amount, count(*)::int AS fees, count(DISTINCT project_id)::int AS projects FROM billable_events WHERE NOT processed`;
    return { months, projects, total: total! };
  }
}
