import { Card, Skeleton, usePageTitle } from '@midway/ui';
import { EmptyState, StatCardsSkeleton } from '@midway/ui/data';
import { Link2Off } from 'lucide-react';
import { Centered, Main, Page } from './client-page.styles';

/** The spec's screen for an unknown, revoked or missing link (and for a render error of the page). */
export function ClientProjectNotFound() {
  usePageTitle('Project Not Found');
  return (
    <Centered>
      <Card style={{ maxWidth: 480, width: '100%' }}>
        <EmptyState icon={Link2Off} title="Project Not Found" text="The project link may be invalid or expired. Please contact your designer for a new link." />
      </Card>
    </Centered>
  );
}

export function ClientDashboardSkeleton() {
  return (
    <Page role="status" aria-busy="true" aria-label="Loading project">
      <Main>
        <Skeleton $height="36px" $width="320px" />
        <Skeleton $height="72px" />
        <StatCardsSkeleton count={4} />
      </Main>
    </Page>
  );
}
