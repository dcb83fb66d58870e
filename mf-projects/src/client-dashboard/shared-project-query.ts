import type { PublicConfig, RuntimeManifest } from '@midway/contracts';
import { RUNTIME_MANIFEST_PATH } from '@midway/contracts/vocab';
import { useQuery } from '@tanstack/react-query';
import { catalogApi } from '../api/catalog-api';
import { queryKeys } from '../api/query-keys';

export function useSharedProject(token: string) {
  return useQuery({ queryKey: queryKeys.sharedProject(token), queryFn: () => catalogApi.getSharedProject(token), enabled: token !== '' });
}

/** The provider's contact details for 'Need Help?' (public runtime configuration served by the gateway). */
export function usePublicConfig() {
  return useQuery({
    queryKey: [RUNTIME_MANIFEST_PATH, 'config'],
    queryFn: async (): Promise<PublicConfig> => {
      const res = await fetch(RUNTIME_MANIFEST_PATH, { credentials: 'include' });
      if (!res.ok) throw new Error(`${res.status}: ${res.statusText}`);
      return ((await res.json()) as RuntimeManifest).config;
    },
  });
}
