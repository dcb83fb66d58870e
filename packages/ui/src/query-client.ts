import { MutationCache, QueryCache, QueryClient, type DefaultOptions } from '@tanstack/react-query';
// Through the package name: @midway/ui/query is its own shared module and uses the core's single copy.
import { getQueryFn, handleUnauthorized, isUnauthorizedError } from '@midway/ui';

/** No automatic retry, no refetch on focus or interval, cached data never stale. */
export const QUERY_DEFAULTS: DefaultOptions = {
  queries: {
    queryFn: getQueryFn({ on401: 'throw' }),
    retry: false,
    refetchOnWindowFocus: false,
    refetchInterval: false,
    staleTime: Infinity,
  },
  mutations: { retry: false },
};

/**
 * The query client the shell provides to every remote (react-query is a shared singleton).
 * A 401 from any query or mutation runs the Unauthorized flow once, here, instead of in every screen.
 * A mutation can carry meta.unauthorizedTitle to change the toast title (the create-project wording).
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: QUERY_DEFAULTS,
    queryCache: new QueryCache({
      onError: (error) => {
        if (isUnauthorizedError(error)) handleUnauthorized();
      },
    }),
    mutationCache: new MutationCache({
      onError: (error, _vars, _ctx, mutation) => {
        if (!isUnauthorizedError(error)) return;
        const title = mutation.meta?.unauthorizedTitle;
        handleUnauthorized({ title: typeof title === 'string' ? title : undefined });
      },
    }),
  });
}
