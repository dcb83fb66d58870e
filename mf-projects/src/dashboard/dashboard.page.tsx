import { DashboardColumns, DashboardHeader, PageStack, WelcomeCard } from '@midway/ui/data';
import { QUICK_ADD_PROJECTS } from '@midway/contracts/page-data';
import { useDashboardProjects } from '../api/catalog-queries';
import { PendingInvitations } from '../invitations/pending-invitations';
import { DashboardProjects } from './dashboard-projects';
import { DashboardStats } from './dashboard-stats';
import { QuickAddItem } from './quick-add-item';
import { RecentActivity } from './recent-activity';

/**
 * Dashboard (/): invitations waiting for an answer, stats, recent projects (a page at a time), recent activity and
 * quick add, in the frame @midway/ui/data shares with the shell.
 */
export default function DashboardPage() {
  // Quick Add offers the newest projects; the whole list (thousands for an admin) is never read here.
  const projects = useDashboardProjects({ limit: QUICK_ADD_PROJECTS, offset: 0 });
  const noProjectsYet = projects.isSuccess && projects.data.total === 0;
  return (
    <PageStack data-testid="dashboard-page">
      <DashboardHeader />
      <PendingInvitations />
      {noProjectsYet ? <WelcomeCard /> : null}
      <DashboardStats />
      <DashboardProjects />
      <DashboardColumns>
        <RecentActivity />
        <QuickAddItem projects={projects.data?.projects} />
      </DashboardColumns>
    </PageStack>
  );
}
