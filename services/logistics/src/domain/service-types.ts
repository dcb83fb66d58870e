import { BILLING_DEFAULT_RATES, SERVICE_TYPE_LABELS, SERVICE_TYPES, type ServiceType } from '@midway/contracts';
import type { ServiceTemplate } from '../data/item.repository';

/** The five services every item gets, unselected, at the fee table's cost; rank orders them (receiving first). */
export const SERVICE_TEMPLATES: ServiceTemplate[] = SERVICE_TYPES.map((type, i) => ({ type, rank: SERVICE_TYPES.length - 1 - i, cost: BILLING_DEFAULT_RATES[type].rate }));

/** Types whose label (or name) contains the search text, so "delivery" or "glove" finds services by type. */
export function typesMatching(q: string): ServiceType[] {
  const needle = q.toLowerCase();
  return SERVICE_TYPES.filter((t) => SERVICE_TYPE_LABELS[t].toLowerCase().includes(needle) || t.replace('_', ' ').includes(needle));
}
