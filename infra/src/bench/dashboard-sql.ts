import path from 'node:path';
import type { Caller } from '@midway/service-kit';
import { REPO_ROOT } from '../paths';

/**
 * The exact statement the catalog service runs for a designer's dashboard, taken from catalog's build,
 * so the benchmark compares the endpoint with its own SQL rather than a look-alike.
 */
export function dashboardStatsSqlText(userId: string): { text: string; values: unknown[] } {
  const { dashboardStatsSql } = require(path.join(REPO_ROOT, 'services/catalog/dist/data/stats.repository.js')) as {
    dashboardStatsSql: (c: Caller) => { text: string; values: unknown[] };
  };
  const sql = dashboardStatsSql({ userId, email: '', role: 'designer', sessionId: '' });
  return { text: sql.text, values: sql.values };
}
