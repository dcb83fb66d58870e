import type { ProjectsPage, RemoteRoutesProps } from '@midway/contracts';
import { PageFallback } from '@midway/ui';
import { lazy, Suspense } from 'react';
import { startProjectsFirstReads } from './api/first-reads';

// One chunk per page: the shell loads this module for every mf_projects route, then only the page it shows.
const loaders = {
  dashboard: () => import('./dashboard/dashboard.page'),
  projects: () => import('./projects/projects.page'),
  'project-detail': () => import('./project-detail/project-detail.page'),
} satisfies Record<ProjectsPage, unknown>;
const pages = {
  dashboard: lazy(loaders.dashboard),
  projects: lazy(loaders.projects),
  'project-detail': lazy(loaders['project-detail']),
};

/** The shell calls it at start for the page in the URL: its chunk loads while the shell still renders (webpack keeps the one import). */
export function preloadPage(page: ProjectsPage): Promise<unknown> {
  startProjectsFirstReads(page, window.location.pathname);
  return loaders[page]?.() ?? Promise.resolve();
}

/** mf_projects/Routes: the shell mounts it on '/', '/projects' and '/projects/:id' with the page to show. */
export default function ProjectsRoutes({ page }: RemoteRoutesProps<ProjectsPage>) {
  const Page = pages[page];
  return (
    <Suspense fallback={<PageFallback />}>
      <Page />
    </Suspense>
  );
}
