// @midway/ui/query: everything of @midway/ui that needs React Query, a shared singleton of its own so the light
// core (and with it the signed-out landing page) never downloads @tanstack/react-query. Used by the shell's routed
// (signed-in) app and by the remotes' screens.
export { createQueryClient, QUERY_DEFAULTS } from './query-client';
export { useCurrentUser, CURRENT_USER_QUERY_KEY } from './current-user-query';
export { MidwayProviders } from './query-providers';
export { usePublicConfig, PUBLIC_CONFIG_QUERY_KEY } from './public-config-query';
