import { MidwayStyleProviders } from '@midway/ui';
import { Suspense, useState } from 'react';
import { useInitialUser } from './auth/initial-user';
import { LandingRoute } from './routes/landing-route';
import { LandingSkeleton, PageLoading } from './routes/skeletons';
import { useDropPrerenderedStyles } from './prerendered';
import { sessionHint } from './boot/page-prefetch';
import { RoutedApp } from './boot/signed-in-chunks';

// React Query, react-router, the route table and everything behind them are a separate chunk (RoutedApp): a
// signed-out visitor on '/' downloads only the landing page's path (theme, toasts, the manifest and the mf_landing remote).

export function App() {
  useDropPrerenderedStyles();
  return (
    <MidwayStyleProviders>
      <Root />
    </MidwayStyleProviders>
  );
}

/**
 * '/' shows the landing page while signed out or while the current user loads (the same rule as AuthGate),
 * without waiting for the router or the query client. Any other page, or a signed-in user (or the gateway's
 * signed-in hint), switches to the routed app for good.
 */
function Root() {
  const user = useInitialUser();
  // The gateway saw a signed-in session: '/' is the dashboard, so the landing page (and its remote) is never loaded.
  const [routed, setRouted] = useState(() => window.location.pathname !== '/' || sessionHint() === 'signed-in');
  if (!routed && user) setRouted(true);
  if (!routed) return <LandingRoute />;
  return (
    <Suspense fallback={user && window.location.pathname === '/' ? <LandingSkeleton /> : <PageLoading />}>
      <RoutedApp />
    </Suspense>
  );
}
