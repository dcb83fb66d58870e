import { createQueryClient, MidwayProviders, useCurrentUser } from '@midway/ui';
import { lazy, Suspense, useState } from 'react';
import { LandingRoute } from './routes/landing-route';
import { LandingSkeleton, PageLoading } from './routes/skeletons';

const queryClient = createQueryClient();

// react-router, the route table and everything behind it are a separate chunk: a signed-out visitor on '/'
// downloads only the landing page's path (providers, the manifest and the mf_landing remote).
const RoutedApp = lazy(() => import('./routed-app'));

export function App() {
  return (
    <MidwayProviders queryClient={queryClient}>
      <Root />
    </MidwayProviders>
  );
}

/**
 * '/' shows the landing page while signed out or while the current user loads (the same rule as AuthGate),
 * without waiting for the router. Any other page, or a signed-in user, switches to the routed app for good.
 */
function Root() {
  const { user } = useCurrentUser();
  const [routed, setRouted] = useState(() => window.location.pathname !== '/');
  if (!routed && user) setRouted(true);
  if (!routed) return <LandingRoute />;
  return (
    <Suspense fallback={user && window.location.pathname === '/' ? <LandingSkeleton /> : <PageLoading />}>
      <RoutedApp />
    </Suspense>
  );
}
