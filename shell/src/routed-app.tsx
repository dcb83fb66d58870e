import { createQueryClient, CURRENT_USER_QUERY_KEY } from '@midway/ui/query';
import { QueryClientProvider } from '@tanstack/react-query';
import { BrowserRouter } from 'react-router-dom';
import { loadInitialUser } from './auth/initial-user';
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
  return (
    <QueryClientProvider client={queryClient}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </QueryClientProvider>
  );
}
