import type { Project } from '@midway/contracts';
import { canOnProject } from '@midway/contracts/vocab';
import { Button, Card, CardTitle, StatusBadge } from '@midway/ui';
import { DASHBOARD_SKELETON, type DataColumn, DataTable, EmptyState, ProgressBar, PROJECT_TABLE_CARDS_BELOW_PX, PROJECT_TABLE_HEADERS } from '@midway/ui/data';
import { Avatar } from '@midway/ui/avatar';
import { Select } from '@midway/ui/select';
import { Eye, FolderOpen, Loader2, Share2 } from 'lucide-react';
import { useState } from 'react';
import { Link } from '@midway/ui/router';
import styled from 'styled-components';
import { formatDate, initials } from '../shared/format';
import { useShareProject } from '../shared/use-share-project';
import { ALL_PROJECTS, filterProjects, PROJECT_FILTER_OPTIONS } from './project-filter';

/** The projects table skeleton has 3 rows. */
export const PROJECTS_SKELETON_ROWS = DASHBOARD_SKELETON.tableRows;

const Header = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  flex-wrap: wrap;
  gap: 12px;
  padding: 20px 24px 16px;
`;

const FilterBox = styled.div`
  width: min(200px, 100%);
  flex-shrink: 0;
`;

const NameCell = styled.div`
  display: flex;
  align-items: center;
  gap: 12px;
  min-width: 180px;
`;

const Strong = styled.div`
  font-weight: 600;
`;

const Muted = styled.div`
  font-size: ${({ theme }) => theme.fontSizes.xs};
  color: ${({ theme }) => theme.colors.textMuted};
`;

const ItemsCell = styled.div`
  min-width: 104px;
  display: grid;
  gap: 6px;
`;

const Actions = styled.div`
  display: flex;
  align-items: center;
  gap: 4px;
`;

const ViewLink = styled(Link)`
  display: inline-flex;
  align-items: center;
  gap: 6px;
  padding: 6px 10px;
  border-radius: ${({ theme }) => theme.radii.md};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  font-weight: 600;
  color: ${({ theme }) => theme.colors.accent};
  text-decoration: none;
  &:hover { background: ${({ theme }) => theme.colors.accentSoft}; }
  /* Flex items shrink by default: in a squeezed table cell the eye icon had shrunk to 3 × 16 px. */
  svg { width: 16px; height: 16px; flex-shrink: 0; }
`;

const Footer = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: 12px;
  padding: 12px 24px;
  border-top: 1px solid ${({ theme }) => theme.colors.border};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Pager = styled.nav`
  display: flex;
  align-items: center;
  gap: 6px;
`;

const CurrentPage = styled.span`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  min-width: 32px;
  height: 32px;
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.accent};
  color: ${({ theme }) => theme.colors.accentText};
  font-weight: 600;
`;

/** Only for those who may share the project (its owner or an admin), as catalog allows. */
function ShareButton({ project }: { project: Project }) {
  const share = useShareProject();
  if (!canOnProject(project.access, 'share')) return null;
  return (
    <Button $variant="ghost" $size="sm" aria-label={`Share ${project.name} with client`} title="Copy the client link" disabled={share.isPending} onClick={() => share.mutate(project.id)}>
      {share.isPending ? <Loader2 aria-hidden /> : <Share2 aria-hidden />}
    </Button>
  );
}

const COLUMNS: readonly DataColumn<Project>[] = [
  {
    key: 'project',
    header: PROJECT_TABLE_HEADERS[0],
    primary: true,
    cell: (project) => (
      <NameCell>
        <Avatar fallback={initials(project.name)} size={36} />
        <div>
          <Strong>{project.name}</Strong>
          <Muted>{project.location}</Muted>
        </div>
      </NameCell>
    ),
  },
  {
    key: 'client',
    header: PROJECT_TABLE_HEADERS[1],
    cell: (project) => (
      <div>
        <div>{project.clientName}</div>
        {project.clientEmail ? <Muted>{project.clientEmail}</Muted> : null}
      </div>
    ),
  },
  {
    key: 'items',
    header: PROJECT_TABLE_HEADERS[2],
    fill: true,
    cell: (project) => (
      <ItemsCell>
        <span>
          {project.itemCount} {project.itemCount === 1 ? 'item' : 'items'} · {project.progress}%
        </span>
        <ProgressBar value={project.progress} label={`${project.name}: ${project.progress}% received or delivered`} />
      </ItemsCell>
    ),
  },
  { key: 'status', header: PROJECT_TABLE_HEADERS[3], cell: (project) => <StatusBadge status={project.status} /> },
  { key: 'install', header: PROJECT_TABLE_HEADERS[4], nowrap: true, cell: (project) => formatDate(project.installDate) ?? 'Not set' },
  {
    key: 'actions',
    header: PROJECT_TABLE_HEADERS[5],
    cell: (project) => (
      <Actions>
        <ViewLink to={`/projects/${project.id}`} aria-label={`View ${project.name}`}>
          <Eye aria-hidden />
          View
        </ViewLink>
        <ShareButton project={project} />
      </Actions>
    ),
  },
];

/**
 * A table the server pages (the dashboard's): `projects` is the page at `offset` of `total`, already of the status
 * `filter` asks for; Previous and Next ask for the neighbouring pages.
 */
export interface ProjectsPaging {
  offset: number;
  limit: number;
  total: number;
  filter: string;
  onFilter(status: string): void;
  onPage(offset: number): void;
}

/**
 * The projects table of the dashboard and the Projects page: given `paging`, a page the server chose (an admin
 * reaches thousands of projects); without it, the whole list, filtered on the client by status.
 */
export function ProjectsTable({ title, projects, isLoading, paging }: { title: string; projects: readonly Project[] | undefined; isLoading: boolean; paging?: ProjectsPaging }) {
  const [ownFilter, setOwnFilter] = useState(ALL_PROJECTS);
  const filter = paging ? paging.filter : ownFilter;
  const setFilter = paging ? paging.onFilter : setOwnFilter;
  const rows = paging ? [...(projects ?? [])] : filterProjects(projects ?? [], filter);
  const first = paging ? paging.offset : 0;
  const total = paging ? paging.total : rows.length;
  const pageNumber = paging ? Math.floor(paging.offset / paging.limit) + 1 : 1;
  const pageCount = paging ? Math.max(1, Math.ceil(paging.total / paging.limit)) : 1;
  const headingId = `projects-table-${title.replace(/\W+/g, '-').toLowerCase()}`;
  return (
    <Card>
      <Header>
        <CardTitle as="h2" id={headingId}>{title}</CardTitle>
        <FilterBox>
          <Select aria-label="Filter projects by status" value={filter} onValueChange={setFilter} options={PROJECT_FILTER_OPTIONS} />
        </FilterBox>
      </Header>
      <DataTable
        columns={COLUMNS}
        rows={rows}
        rowKey={(p) => p.id}
        loading={isLoading}
        skeletonRows={PROJECTS_SKELETON_ROWS}
        labelledBy={headingId}
        rowTestId="project-row"
        skeletonTestId="project-row-skeleton"
        cardsBelowPx={PROJECT_TABLE_CARDS_BELOW_PX}
        empty={<EmptyState icon={FolderOpen} title="No projects found" text="Create your first project to get started" />}
      />
      {!isLoading && rows.length > 0 ? (
        <Footer>
          <span>
            Showing {first + 1} to {first + rows.length} of {total.toLocaleString('en-US')} results
          </span>
          <Pager aria-label="Projects pages">
            <Button $variant="outline" $size="sm" disabled={!paging || pageNumber <= 1} onClick={() => paging?.onPage(Math.max(0, paging.offset - paging.limit))}>
              Previous
            </Button>
            <CurrentPage aria-current="page" aria-label={`Page ${pageNumber} of ${pageCount}`}>{pageNumber}</CurrentPage>
            <Button $variant="outline" $size="sm" disabled={!paging || pageNumber >= pageCount} onClick={() => paging?.onPage(paging.offset + paging.limit)}>
              Next
            </Button>
          </Pager>
        </Footer>
      ) : null}
    </Card>
  );
}
