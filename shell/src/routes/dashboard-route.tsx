import { DashboardHeader, DashboardSkeleton, PageStack, WelcomeCard } from '@midway/ui/data';
import { RemoteUnavailable } from '../federation/remote-unavailable';
import { RemoteView } from '../federation/remote-view';

/**
 * The dashboard belongs to mf_projects; while it loads the shell shows the dashboard's frame from @midway/ui, and
 * when it cannot be loaded the shell still greets the user with the same header and welcome, above the retry state.
 */
export function DashboardRoute() {
  return (
    <RemoteView
      id="mf_projects/Routes"
      props={{ page: 'dashboard' }}
      loading={<DashboardSkeleton />}
      renderError={(retry) => (
        <PageStack>
          <DashboardHeader />
          <WelcomeCard />
          <RemoteUnavailable label="The dashboard" onRetry={retry} />
        </PageStack>
      )}
    />
  );
}
