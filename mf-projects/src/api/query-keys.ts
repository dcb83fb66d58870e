/**
 * React Query keys. They follow the platform's convention (the key parts joined with '/' are the GET URL),
 * so another remote invalidating ['/api/projects'] or ['/api/items'] refreshes these screens too.
 */
export const queryKeys = {
  projects: ['/api/projects'] as const,
  project: (id: string) => ['/api/projects', id] as const,
  members: (projectId: string) => ['/api/projects', projectId, 'members'] as const,
  items: ['/api/items'] as const,
  dashboardStats: ['/api/dashboard/stats'] as const,
  dashboardProjects: ['/api/dashboard/projects'] as const,
  dashboardProjectsPage: (q: { limit: number; offset: number; status?: string }) => ['/api/dashboard/projects', q] as const,
  activities: ['/api/activities'] as const,
  activitiesPage: (limit: number) => ['/api/activities', { limit }] as const,
  sharedProject: (token: string) => ['/api/shared/projects', token] as const,
  invitations: ['/api/invitations'] as const,
  invitationLink: (token: string) => ['/api/invitations/link', token] as const,
};

/** After mutations the projects, items and dashboard data are refreshed (activity too: it is derived from them). */
export const AFTER_CATALOG_CHANGE = [queryKeys.projects, queryKeys.dashboardProjects, queryKeys.items, queryKeys.dashboardStats, queryKeys.activities] as const;
