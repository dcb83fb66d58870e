import type { Project } from '@midway/contracts';
import { Button, Card, CardTitle, Skeleton, StatusBadge, Table, TableBody, TableCell, TableContainer, TableHead, TableHeaderCell, TableRow } from '@midway/ui';
import { Avatar } from '@midway/ui/avatar';
import { Select } from '@midway/ui/select';
import { Eye, FolderOpen, Loader2, Share2 } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { formatDate, initials } from '../shared/format';
import { ProgressBar } from '../shared/progress-bar';
import { EmptyState } from '../shared/empty-state';
import { useShareProject } from '../shared/use-share-project';
import { ALL_PROJECTS, filterProjects, PROJECT_FILTER_OPTIONS } from './project-filter';

/** Spec section 9: the projects table skeleton has 3 rows. */
export const PROJECTS_SKELETON_ROWS = 3;

const Header = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: 12px;
  padding: 20px 24px 16px;
`;

const FilterBox = styled.div`
  width: 200px;
  flex-shrink: 0;
`;

const NameCell = styled.div`
  display: flex;
  align-items: center;
  gap: 12px;
  min-width: 200px;
`;

const Strong = styled.div`
  font-weight: 600;
`;

const Muted = styled.div`
  font-size: ${({ theme }) => theme.fontSizes.xs};
  color: ${({ theme }) => theme.colors.textMuted};
`;

const ItemsCell = styled.div`
  min-width: 120px;
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
  svg { width: 16px; height: 16px; }
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

function ShareButton({ project }: { project: Project }) {
  const share = useShareProject();
  return (
    <Button $variant="ghost" $size="sm" aria-label={`Share ${project.name} with client`} title="Copy the client link" disabled={share.isPending} onClick={() => share.mutate(project.id)}>
      {share.isPending ? <Loader2 aria-hidden /> : <Share2 aria-hidden />}
    </Button>
  );
}

function ProjectRow({ project }: { project: Project }) {
  return (
    <TableRow data-testid="project-row">
      <TableCell>
        <NameCell>
          <Avatar fallback={initials(project.name)} size={36} />
          <div>
            <Strong>{project.name}</Strong>
            <Muted>{project.location}</Muted>
          </div>
        </NameCell>
      </TableCell>
      <TableCell>
        <div>{project.clientName}</div>
        {project.clientEmail ? <Muted>{project.clientEmail}</Muted> : null}
      </TableCell>
      <TableCell>
        <ItemsCell>
          <span>
            {project.itemCount} {project.itemCount === 1 ? 'item' : 'items'} · {project.progress}%
          </span>
          <ProgressBar value={project.progress} label={`${project.name}: ${project.progress}% received or delivered`} />
        </ItemsCell>
      </TableCell>
      <TableCell>
        <StatusBadge status={project.status} />
      </TableCell>
      <TableCell style={{ whiteSpace: 'nowrap' }}>{formatDate(project.installDate) ?? 'Not set'}</TableCell>
      <TableCell>
        <Actions>
          <ViewLink to={`/projects/${project.id}`} aria-label={`View ${project.name}`}>
            <Eye aria-hidden />
            View
          </ViewLink>
          <ShareButton project={project} />
        </Actions>
      </TableCell>
    </TableRow>
  );
}

function SkeletonRows() {
  return (
    <>
      {Array.from({ length: PROJECTS_SKELETON_ROWS }, (_, i) => (
        <TableRow key={i} data-testid="project-row-skeleton" aria-hidden>
          <TableCell>
            <NameCell>
              <Skeleton $width="36px" $height="36px" $radius="50%" />
              <div style={{ flex: 1 }}>
                <Skeleton $width="70%" />
                <Skeleton $width="45%" $height="12px" style={{ marginTop: 6 }} />
              </div>
            </NameCell>
          </TableCell>
          {Array.from({ length: 5 }, (_, j) => (
            <TableCell key={j}>
              <Skeleton $width={j === 1 ? '100px' : '70%'} />
            </TableCell>
          ))}
        </TableRow>
      ))}
    </>
  );
}

const COLUMNS = ['Project', 'Client', 'Items', 'Status', 'Install Date', 'Actions'];

/** The projects table of the dashboard and the Projects page (spec section 2), filtered on the client by status. */
export function ProjectsTable({ title, projects, isLoading }: { title: string; projects: readonly Project[] | undefined; isLoading: boolean }) {
  const [filter, setFilter] = useState(ALL_PROJECTS);
  const rows = filterProjects(projects ?? [], filter);
  const headingId = `projects-table-${title.replace(/\W+/g, '-').toLowerCase()}`;
  return (
    <Card>
      <Header>
        <CardTitle as="h2" id={headingId}>{title}</CardTitle>
        <FilterBox>
          <Select aria-label="Filter projects by status" value={filter} onValueChange={setFilter} options={PROJECT_FILTER_OPTIONS} />
        </FilterBox>
      </Header>
      <TableContainer>
        <Table aria-labelledby={headingId} aria-busy={isLoading || undefined}>
          <TableHead>
            <tr>
              {COLUMNS.map((c) => (
                <TableHeaderCell key={c} scope="col">
                  {c}
                </TableHeaderCell>
              ))}
            </tr>
          </TableHead>
          <TableBody>
            {isLoading ? <SkeletonRows /> : rows.map((p) => <ProjectRow key={p.id} project={p} />)}
            {!isLoading && rows.length === 0 ? (
              <tr>
                <td colSpan={COLUMNS.length}>
                  <EmptyState icon={FolderOpen} title="No projects found" text="Create your first project to get started" />
                </td>
              </tr>
            ) : null}
          </TableBody>
        </Table>
      </TableContainer>
      {!isLoading && rows.length > 0 ? (
        <Footer>
          <span>
            Showing 1 to {rows.length} of {rows.length} results
          </span>
          <Pager aria-label="Projects pages">
            <Button $variant="outline" $size="sm" disabled>
              Previous
            </Button>
            <CurrentPage aria-current="page">1</CurrentPage>
            <Button $variant="outline" $size="sm" disabled>
              Next
            </Button>
          </Pager>
        </Footer>
      ) : null}
    </Card>
  );
}
