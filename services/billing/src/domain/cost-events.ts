import type { CostRow } from '../data/billable-event.repository';
import type { Repos } from '../data/unit-of-work';
import { billingEvents } from './billing-events';

/** billing.cost.recorded.v1 for each project, type and month whose running cost changed. */
export async function publishCosts(r: Pick<Repos, 'outbox'>, rows: CostRow[]): Promise<void> {
  if (rows.length === 0) return;
  const changedAt = new Date().toISOString();
  await r.outbox.add(...rows.map((c) => billingEvents.costRecorded(c, changedAt)));
}
