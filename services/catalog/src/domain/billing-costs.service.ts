import { BILLING_RATE_LABELS, MONTHS, type EventEnvelope } from '@midway/contracts';
import type { Repos } from '../data/unit-of-work';

/**
 * billing.cost.recorded.v1: what a project's fees of one type come to so far in a month. It becomes the
 * project's cost row for that type and month (in `costs`, so the project's Total Cost includes it), its
 * amount replaced as billing re-sends it.
 */
export async function applyCostRecorded(r: Pick<Repos, 'costs'>, event: EventEnvelope<'billing.cost.recorded.v1'>): Promise<void> {
  const d = event.data;
  await r.costs.recordBillingCost({
    projectId: d.projectId,
    type: d.type,
    year: d.year,
    month: d.month,
    amount: d.amount,
    description: `${BILLING_RATE_LABELS[d.type]} — ${MONTHS[d.month - 1]} ${d.year}`,
    changedAt: d.changedAt,
  });
}
