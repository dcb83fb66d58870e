import type { ProjectsPage, RemoteRoutesProps } from '@midway/contracts';
import { PageFallback } from '@midway/ui';
import { lazy, Suspense } from 'react';

// One chunk per page: the shell loads this module for every mf_projects route, then only the page it shows.
const pages = {
  dashboard: lazy(() => import('./dashboard/dashboard.page')),
  projects: lazy(() => import('./projects/projects.page')),
  'project-detail': lazy(() => import('./project-detail/project-detail.page')),
} satisfies Record<ProjectsPage, unknown>;

/** mf_projects/Routes: the shell mounts it on '/', '/projects' and '/projects/:id' with the page to show. */
export default function ProjectsRoutes({ page }: RemoteRoutesProps<ProjectsPage>) {
  const Page = pages[page];
  return (
    <Suspense fallback={<PageFallback />}>
      <Page />
    </Suspense>
  );
}
