import { z } from 'zod';
import { DASHBOARD_PROJECTS_PAGE } from '../page-data';
import { PROJECT_STATUSES } from '../vocab';
import { projectSchema } from './projects';

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

/** GET /api/dashboard/projects: a page of the caller's projects (of one status, if asked), newest first, by position. */
export const dashboardProjectsQuerySchema = z.object({
  limit: z.coerce.number({ error: 'limit must be a whole number from 1 to 100' }).int({ error: 'limit must be a whole number from 1 to 100' }).min(1, { error: 'limit must be a whole number from 1 to 100' }).max(100, { error: 'limit must be a whole number from 1 to 100' }).default(DASHBOARD_PROJECTS_PAGE),
  /** Only projects with this status (the table's filter), counted in total too. */
  status: z.enum(PROJECT_STATUSES, { error: `status must be one of ${PROJECT_STATUSES.join(', ')} (or left out for all)` }).optional(),
  offset: z.coerce.number({ error: 'offset must be a whole number, 0 or more' }).int({ error: 'offset must be a whole number, 0 or more' }).min(0, { error: 'offset must be a whole number, 0 or more' }).max(1_000_000, { error: 'offset must be at most 1000000' }).default(0),
});
export type DashboardProjectsQuery = z.infer<typeof dashboardProjectsQuerySchema>;

/** One page of projects and how many the caller reaches in all (for "1–10 of 212" and the page buttons). */
export const projectPageSchema = z.object({
  projects: z.array(projectSchema),
  total: z.number().int(),
  limit: z.number().int(),
  offset: z.number().int(),
});
export type ProjectPage = z.infer<typeof projectPageSchema>;
