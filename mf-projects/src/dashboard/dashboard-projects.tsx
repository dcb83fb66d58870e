import { DASHBOARD_PROJECTS_PAGE } from '@midway/contracts/page-data';
import { PROJECT_STATUSES, type ProjectStatus } from '@midway/contracts/vocab';
import { useState } from 'react';
import { useDashboardProjects } from '../api/catalog-queries';
import { ALL_PROJECTS } from '../projects/project-filter';
import { ProjectsTable } from '../projects/projects-table';

const asStatus = (filter: string): ProjectStatus | undefined => (PROJECT_STATUSES as readonly string[]).includes(filter) ? (filter as ProjectStatus) : undefined;

/**
 * The dashboard's Recent Projects, a page at a time from the server (newest first): an admin reaches every
 * project on the platform, which on one page took seconds to read and draw. The status filter asks the server too.
 */
export function DashboardProjects() {
  const [filter, setFilter] = useState(ALL_PROJECTS);
  const [offset, setOffset] = useState(0);
  const page = useDashboardProjects({ limit: DASHBOARD_PROJECTS_PAGE, offset, status: asStatus(filter) });
  return (
    <ProjectsTable
      title="Recent Projects"
      projects={page.data?.projects}
      isLoading={page.isLoading}
      paging={{
        offset: page.data?.offset ?? offset,
        limit: DASHBOARD_PROJECTS_PAGE,
        total: page.data?.total ?? 0,
        filter,
        onFilter: (f) => {
          setFilter(f);
          setOffset(0);
        },
        onPage: setOffset,
      }}
    />
  );
}
