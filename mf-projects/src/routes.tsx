import type { ProjectsPage, RemoteRoutesProps } from '@midway/contracts';
import { PageFallback, preloadableLazy } from '@midway/ui';
import { Suspense } from 'react';
import { firstReadsSettled, startProjectsFirstReads } from './api/first-reads';

// One chunk per page: the shell loads this module for every mf_projects route, then only the page it shows.
const loaders = {
  dashboard: () => import('./dashboard/dashboard.page'),
  projects: () => import('./projects/projects.page'),
  'project-detail': () => import('./project-detail/project-detail.page'),
  invitation: () => import('./invitations/invitation.page'),
} satisfies Record<ProjectsPage, unknown>;
// Preloadable: a page whose chunk the shell preloaded renders in the shell's first commit, with no fallback between.
const pages = {
  dashboard: preloadableLazy(loaders.dashboard),
  projects: preloadableLazy(loaders.projects),
  'project-detail': preloadableLazy(loaders['project-detail']),
  invitation: preloadableLazy(loaders.invitation),
};

/**
 * The shell calls it at start for the page in the URL: its chunk loads while the shell still renders (webpack keeps
 * the one import). Resolves when the page can render with its first data.
 */
export function preloadPage(page: ProjectsPage): Promise<unknown> {
  startProjectsFirstReads(page, window.location.pathname);
  return Promise.all([pages[page]?.preload(), firstReadsSettled()]);
}

/** mf_projects/Routes: the shell mounts it on '/', '/projects', '/projects/:id' and '/invitations/:token' with the page to show. */
export default function ProjectsRoutes({ page }: RemoteRoutesProps<ProjectsPage>) {
  const Page = pages[page];
  return (
    <Suspense fallback={<PageFallback />}>
      <Page />
    </Suspense>
  );
}
