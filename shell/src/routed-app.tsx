import { createQueryClient, CURRENT_USER_QUERY_KEY } from '@midway/ui/query';
import { QueryClientProvider } from '@tanstack/react-query';
import { BrowserRouter } from '@midway/ui/router';
import { loadInitialUser, settledInitialUser } from './auth/initial-user';
import { AppRoutes } from './routes/app-routes';

/**
 * The query client every remote shares (spec defaults: no retry, no refetch on focus or interval, never stale).
 * It starts with the page's current-user request instead of asking again; its answer, a 401 as null included,
 * becomes the current-user query's data.
 */
export const queryClient = createQueryClient();
void queryClient.prefetchQuery({ queryKey: CURRENT_USER_QUERY_KEY, queryFn: loadInitialUser });

/** The query client, the router and the route table: loaded on any page but a signed-out visitor's '/' (see Root in app.tsx). */
export default function RoutedApp() {
  // A user already known (the bootstrap waited for it under a prerendered frame) is the query's data in this very
  // render: the query's own copy of the answer arrives a microtask later, and until then the gate would show a skeleton.
  const settled = settledInitialUser();
  if (settled && queryClient.getQueryState(CURRENT_USER_QUERY_KEY)?.status !== 'success') queryClient.setQueryData(CURRENT_USER_QUERY_KEY, settled.user);
  return (
    <QueryClientProvider client={queryClient}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </QueryClientProvider>
  );
}
