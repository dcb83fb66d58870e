import type { InspectionQueueStatus } from '@midway/contracts';

/**
 * React Query keys in the platform's convention (the parts joined with '/' are the GET URL), so a change here
 * refreshes the other remotes' data (items, projects) by the same keys.
 */
export const queryKeys = {
  inspectionsAll: ['/api/receiving/inspections'] as const,
  inspections: (status: InspectionQueueStatus) => ['/api/receiving/inspections', `?status=${status}`] as const,
  unmatched: ['/api/receiving/arrivals?status=unmatched'] as const,
  items: ['/api/items'] as const,
  carriers: ['/api/carriers'] as const,
  projects: ['/api/projects'] as const,
  assignable: (q: string) => ['/api/receiving/assignable-items', `?q=${q}`] as const,
  deliveryDays: (from: string, days: number) => ['/api/delivery-runs/days', `?from=${from}&days=${days}`] as const,
  deliveryRuns: (date: string) => ['/api/delivery-runs', `?date=${date}`] as const,
  deliveriesAll: ['/api/deliveries'] as const,
  deliveriesOn: (date: string) => ['/api/deliveries', `?from=${date}&to=${date}`] as const,
};
