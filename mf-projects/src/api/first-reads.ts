import { DASHBOARD_PROJECTS_FIRST_PAGE, DASHBOARD_PROJECTS_PAGE, QUICK_ADD_PROJECTS, QUICK_ADD_PROJECTS_READ } from '@midway/contracts/page-data';
import type { Activity, DashboardStats, Project, ProjectDetail, ProjectPage, ProjectsPage } from '@midway/contracts';
import { createFirstReads } from '@midway/ui';
import { catalogApi } from './catalog-api';

export const RECENT_ACTIVITY_LIMIT = 10;

type ProjectKey = `project:${string}`;
const reads = createFirstReads<{ projects: Project[]; projectPage: ProjectPage; quickAddProjects: ProjectPage; stats: DashboardStats; activities: Activity[] } & Record<ProjectKey, ProjectDetail>>();
export const projectKey = (id: string): ProjectKey => `project:${id}`;

/**
 * Called from preloadPage while the page's chunks load: parses the answers the shell's first script already asked
 * for (it starts no read of its own), so the page's first render has its data instead of a skeleton followed,
 * some tasks later, by one long synchronous render of the data (see createFirstReads).
 */
export function startProjectsFirstReads(page: ProjectsPage, pathname: string): void {
  if (page === 'projects') reads.startIfPrefetched('projects', '/api/projects', catalogApi.listProjects);
  if (page === 'dashboard') {
    reads.startIfPrefetched('projectPage', DASHBOARD_PROJECTS_FIRST_PAGE, () => catalogApi.dashboardProjects({ limit: DASHBOARD_PROJECTS_PAGE, offset: 0 }));
    reads.startIfPrefetched('quickAddProjects', QUICK_ADD_PROJECTS_READ, () => catalogApi.dashboardProjects({ limit: QUICK_ADD_PROJECTS, offset: 0 }));
    reads.startIfPrefetched('stats', '/api/dashboard/stats', catalogApi.getDashboardStats);
    reads.startIfPrefetched('activities', `/api/activities?limit=${RECENT_ACTIVITY_LIMIT}`, () => catalogApi.listActivities(RECENT_ACTIVITY_LIMIT));
  }
  const id = page === 'project-detail' ? /^\/projects\/([A-Za-z0-9-]+)\/?$/.exec(pathname)?.[1] : undefined;
  if (id) reads.startIfPrefetched(projectKey(id), `/api/projects/${id}`, () => catalogApi.getProject(id));
}

export const takeFirstData = reads.takeData;
export const takeFirstPromise = reads.takePromise;
export const firstReadsSettled = reads.settled;
