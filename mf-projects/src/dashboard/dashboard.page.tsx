import { DashboardColumns, DashboardHeader, PageStack, WelcomeCard } from '@midway/ui/data';
import { useProjects } from '../api/catalog-queries';
import { PendingInvitations } from '../invitations/pending-invitations';
import { ProjectsTable } from '../projects/projects-table';
import { DashboardStats } from './dashboard-stats';
import { QuickAddItem } from './quick-add-item';
import { RecentActivity } from './recent-activity';

/** Dashboard (/): invitations waiting for an answer, stats, recent projects, recent activity and quick add, in the frame @midway/ui/data shares with the shell. */
export default function DashboardPage() {
  const projects = useProjects();
  const noProjectsYet = projects.isSuccess && projects.data.length === 0;
  return (
    <PageStack data-testid="dashboard-page">
      <DashboardHeader />
      <PendingInvitations />
      {noProjectsYet ? <WelcomeCard /> : null}
      <DashboardStats />
      <ProjectsTable title="Recent Projects" projects={projects.data} isLoading={projects.isLoading} />
      <DashboardColumns>
        <RecentActivity />
        <QuickAddItem projects={projects.data} />
      </DashboardColumns>
    </PageStack>
  );
}
