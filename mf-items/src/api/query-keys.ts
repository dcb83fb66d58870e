import type { ItemFilters } from './items-api';

/**
 * React Query keys, in the platform's convention (the parts joined with '/' are the GET URL), so mf_projects
 * invalidating ['/api/items'] refreshes this page too, and a change here refreshes the dashboard and projects.
 */
export const queryKeys = {
  projects: ['/api/projects'] as const,
  items: ['/api/items'] as const,
  itemsPages: (filters: ItemFilters) => ['/api/items', 'pages', filters] as const,
  itemsSummary: (filters: ItemFilters) => ['/api/items', 'summary', filters] as const,
  dashboardStats: ['/api/dashboard/stats'] as const,
  activities: ['/api/activities'] as const,
  carriers: ['/api/carriers'] as const,
  services: ['/api/services'] as const,
  servicesPages: (filters: object) => ['/api/services', 'pages', filters] as const,
  servicesSummary: (filters: object) => ['/api/services', 'summary', filters] as const,
};

/** After an item changes, projects, items (and their summary, under the same prefix), dashboard stats and activity are refreshed. */
export const AFTER_ITEM_CHANGE = [queryKeys.projects, queryKeys.items, queryKeys.dashboardStats, queryKeys.activities, queryKeys.services] as const;
