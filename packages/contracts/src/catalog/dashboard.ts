import { z } from 'zod';

/**
 * Dashboard statistics, defined precisely:
 * - activeProjects: projects with status active or in-progress;
 * - itemsInTransit: items with status in-transit;
 * - receivedThisMonth: items whose receivedAt falls in the current calendar month (UTC);
 * - itemsWithoutTracking: items with no tracking number that are not yet received (status ordered or in-transit).
 */
export const dashboardStatsSchema = z.object({
  activeProjects: z.number().int(),
  itemsInTransit: z.number().int(),
  receivedThisMonth: z.number().int(),
  itemsWithoutTracking: z.number().int(),
});
export type DashboardStats = z.infer<typeof dashboardStatsSchema>;
