import styled from 'styled-components';
import { Card, CardContent, CardHeader, CardTitle } from '../primitives/card';
import { OutlineIcon } from '../primitives/outline-icon';
import { PageHeader, PageStack } from '../primitives/page-header';
import { Skeleton } from '../primitives/skeleton';
import { DataTable, type DataColumn } from './data-table';
import { ListSkeleton } from './list-skeleton';
import { StatCardsSkeleton } from './stat-cards';

// The dashboard's frame, shared by mf_projects (which renders the dashboard) and the shell (which shows the
// same frame while that remote loads, and the greeting when it cannot be loaded).
export const DASHBOARD_TITLE = 'Dashboard';
export const DASHBOARD_SUBTITLE = 'Track items and manage logistics for all your design projects';
export const WELCOME_MESSAGE = 'Welcome to Midway! Create your first project to start tracking items.';

/** 4 stat cards, 3 table rows and 3 activity rows while loading. */
export const DASHBOARD_SKELETON = { statCards: 4, tableRows: 3, activityRows: 3 } as const;

/** The projects table's columns, named once for the table and its placeholder. */
export const PROJECT_TABLE_HEADERS = ['Project', 'Client', 'Items', 'Status', 'Install Date', 'Actions'] as const;

/** The projects table needs about this much width for its six columns side by side; below it rows are cards. */
export const PROJECT_TABLE_CARDS_BELOW_PX = 900;

export function DashboardHeader() {
  return <PageHeader title={DASHBOARD_TITLE} subtitle={DASHBOARD_SUBTITLE} />;
}

const Welcome = styled(CardContent)`
  display: flex;
  align-items: center;
  gap: 12px;
  svg { width: 20px; height: 20px; color: ${({ theme }) => theme.colors.accent}; flex-shrink: 0; }
`;

/** Lucide's sparkles (see OutlineIcon). */
const Sparkles = () => (
  <OutlineIcon>
    <path d="M11.017 2.814a1 1 0 0 1 1.966 0l1.051 5.558a2 2 0 0 0 1.594 1.594l5.558 1.051a1 1 0 0 1 0 1.966l-5.558 1.051a2 2 0 0 0-1.594 1.594l-1.051 5.558a1 1 0 0 1-1.966 0l-1.051-5.558a2 2 0 0 0-1.594-1.594l-5.558-1.051a1 1 0 0 1 0-1.966l5.558-1.051a2 2 0 0 0 1.594-1.594z" />
    <path d="M20 2v4" />
    <path d="M22 4h-4" />
    <circle cx="4" cy="20" r="2" />
  </OutlineIcon>
);

export function WelcomeCard() {
  return (
    <Card>
      <Welcome>
        <Sparkles />
        <p>{WELCOME_MESSAGE}</p>
      </Welcome>
    </Card>
  );
}

/** Recent activity beside quick add; one column below the large breakpoint. */
export const DashboardColumns = styled.div`
  display: grid;
  gap: 24px;
  grid-template-columns: minmax(0, 3fr) minmax(300px, 2fr);
  align-items: start;
  @media (max-width: ${({ theme }) => theme.breakpoints.lg}) { grid-template-columns: minmax(0, 1fr); }
`;

const TableHeader = styled.div`
  padding: 20px 24px 16px;
`;

const placeholderColumns: DataColumn<never>[] = PROJECT_TABLE_HEADERS.map((header, i) => ({ key: header, header, primary: i === 0, cell: () => null }));

/** The dashboard while mf_projects loads: the real title, then the placeholders of its stats, table and panels. */
export function DashboardSkeleton() {
  return (
    <PageStack role="status" aria-live="polite" aria-busy="true" data-testid="dashboard-skeleton">
      <span className="visually-hidden">Loading dashboard…</span>
      <DashboardHeader />
      <StatCardsSkeleton count={DASHBOARD_SKELETON.statCards} />
      <Card>
        <TableHeader>
          <Skeleton $height="24px" $width="180px" />
        </TableHeader>
        <DataTable columns={placeholderColumns} rows={[]} rowKey={() => ''} loading skeletonRows={DASHBOARD_SKELETON.tableRows} cardsBelowPx={PROJECT_TABLE_CARDS_BELOW_PX} />
      </Card>
      <DashboardColumns>
        <Card>
          <CardHeader>
            <CardTitle as="h2">Recent Activity</CardTitle>
          </CardHeader>
          <CardContent>
            <ListSkeleton rows={DASHBOARD_SKELETON.activityRows} label="Loading activity" />
          </CardContent>
        </Card>
        <Card>
          <CardContent>
            <Skeleton $height="200px" />
          </CardContent>
        </Card>
      </DashboardColumns>
    </PageStack>
  );
}
