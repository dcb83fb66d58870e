import { browserLocation, signInReturningTo } from '@midway/ui';
import { useCurrentUser } from '@midway/ui/query';
import { Suspense, useEffect } from 'react';
import { useLocation } from '@midway/ui/router';
import { sessionHint } from '../boot/page-prefetch';
// Signed-out visitors never download the signed-in layout (sidebar, search, cmdk): a chunk of its own.
import { AppLayout } from '../boot/signed-in-chunks';
import { LandingRoute } from './landing-route';
import { EnrolSecondFactorPage } from './enrol-second-factor-page';
import { LandingSkeleton, PageLoading } from './skeletons';


/**
 * '/' is the landing page while signed out or loading, and the signed-in layout otherwise.
 * Any other route sends a signed-out visitor to the sign-in page, which brings them back to it.
 */
export function AuthGate() {
  const { user, isLoading } = useCurrentUser();
  const { pathname, search, hash } = useLocation();
  const isHome = pathname === '/';
  const mustSignIn = !isHome && !isLoading && !user;

  // Back to the page asked for once signed in (a project's link, say), not the dashboard.
  const returnTo = `${pathname}${search}${hash}`;
  useEffect(() => {
    if (mustSignIn) browserLocation.assign(signInReturningTo(returnTo));
  }, [mustSignIn, returnTo]);

  // While the user loads, a visitor the gateway saw signed in gets the dashboard's skeleton, not the landing page.
  if (isHome && !user && !(isLoading && sessionHint() === 'signed-in')) return <LandingRoute />;
  if (isHome && !user) return <LandingSkeleton />;
  if (!user) return <PageLoading label={mustSignIn ? 'Redirecting to sign in' : 'Loading'} />;
  // ADMIN_2FA=required: an admin without an authenticator app enrols before anything else.
  if (user.secondFactor === 'enrol') return <EnrolSecondFactorPage user={user} />;
  return (
    <Suspense fallback={isHome ? <LandingSkeleton /> : <PageLoading />}>
      <AppLayout user={user} />
    </Suspense>
  );
}
