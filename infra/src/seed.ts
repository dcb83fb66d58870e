import { randomUUID } from 'node:crypto';
import type { Pool } from 'pg';

export interface SeedPlan {
  ownerId: string;
  projects: number;
  itemsPerProject: number;
}

/**
 * Set-based seeding: one INSERT … SELECT for the projects and one for the items, however many. Statuses,
 * tracking numbers and dates are spread so every dashboard number and filter has something to count.
 */
export async function seedCatalog(pool: Pool, plan: SeedPlan): Promise<{ projects: number; items: number }> {
  const batch = randomUUID().slice(0, 8);
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    const projects = await client.query(
      `INSERT INTO catalog.projects (id, name, client_name, client_email, location, status, install_date, created_by_id, created_at, updated_at)
       SELECT gen_random_uuid(), 'Project ' || $3 || '-' || g, 'Client ' || g, 'client' || g || '@example.com',
              (ARRAY['Vancouver','Burnaby','Richmond','North Vancouver','Surrey'])[1 + g % 5],
              (ARRAY['active','planning','in-progress','completed'])[1 + g % 4],
              CASE WHEN g % 3 = 0 THEN (now() + (g % 200) * interval '1 day')::date END,
              $1::uuid, now() - g * interval '1 minute', now()
       FROM generate_series(1, $2::int) g RETURNING id`,
      [plan.ownerId, plan.projects, batch],
    );
    const ids = projects.rows.map((r) => r.id);
    const items = await client.query(
      `INSERT INTO catalog.items (id, project_id, name, supplier, quantity, schedule_number, tracking_number, status, price, received_at, delivered_at, sku_code, created_at, updated_at)
       SELECT gen_random_uuid(), p.id, (ARRAY['Sofa','Armchair','Dining table','Pendant lamp','Rug','Credenza','Bed frame','Mirror'])[1 + g % 8] || ' ' || g,
              (ARRAY['RH','Herman Miller','Gus Modern','Kettal','Lumens','Design Within Reach'])[1 + g % 6], 1 + g % 3,
              'FF-' || g, CASE WHEN g % 4 <> 0 THEN '1Z' || lpad(g::text, 16, '0') END,
              (ARRAY['ordered','in-transit','received','stored','delivered'])[1 + g % 5],
              round((50 + (g * 37) % 5000)::numeric, 2),
              CASE WHEN g % 5 IN (2, 3, 4) THEN now() - (g % 60) * interval '1 day' END,
              CASE WHEN g % 5 = 4 THEN now() - (g % 30) * interval '1 day' END,
              'SKU-' || g, now() - (p.n * $2::int + g) * interval '1 second', now()
       FROM unnest($1::uuid[]) WITH ORDINALITY AS p(id, n) CROSS JOIN generate_series(1, $2::int) g`,
      [ids, plan.itemsPerProject],
    );
    await client.query('COMMIT');
    return { projects: ids.length, items: items.rowCount ?? 0 };
  } catch (err) {
    await client.query('ROLLBACK');
    throw err;
  } finally {
    client.release();
  }
}
