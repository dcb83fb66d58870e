import { Card, CardContent } from '@midway/ui';
import { Sparkles } from 'lucide-react';
import styled from 'styled-components';
import { useProjects } from '../api/catalog-queries';
import { PageHeader, PageStack } from '../shared/page-header';
import { ProjectsTable } from '../projects/projects-table';
import { DashboardStats } from './dashboard-stats';
import { QuickAddItem } from './quick-add-item';
import { RecentActivity } from './recent-activity';

export const WELCOME_MESSAGE = 'Welcome to Midway! Create your first project to start tracking items.';

const Columns = styled.div`
  display: grid;
  gap: 24px;
  grid-template-columns: minmax(0, 3fr) minmax(300px, 2fr);
  align-items: start;
  @media (max-width: ${({ theme }) => theme.breakpoints.lg}) { grid-template-columns: minmax(0, 1fr); }
`;

const Welcome = styled(CardContent)`
  display: flex;
  align-items: center;
  gap: 12px;
  svg { width: 20px; height: 20px; color: ${({ theme }) => theme.colors.accent}; flex-shrink: 0; }
`;

/** Dashboard (/): stats, recent projects, recent activity and quick add (spec section 2). */
export default function DashboardPage() {
  const projects = useProjects();
  const noProjectsYet = projects.isSuccess && projects.data.length === 0;
  return (
    <PageStack>
      <PageHeader title="Dashboard" subtitle="Track items and manage logistics for all your design projects" />
      {noProjectsYet ? (
        <Card>
          <Welcome>
            <Sparkles aria-hidden />
            <p>{WELCOME_MESSAGE}</p>
          </Welcome>
        </Card>
      ) : null}
      <DashboardStats />
      <ProjectsTable title="Recent Projects" projects={projects.data} isLoading={projects.isLoading} />
      <Columns>
        <RecentActivity />
        <QuickAddItem projects={projects.data} />
      </Columns>
    </PageStack>
  );
}
