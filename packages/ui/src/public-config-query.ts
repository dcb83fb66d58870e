import type { PublicConfig, RuntimeManifest } from '@midway/contracts';
import { RUNTIME_MANIFEST_PATH } from '@midway/contracts/vocab';
import { useQuery } from '@tanstack/react-query';

/** One cache entry for every remote that reads the configuration, so the manifest is fetched once per page. */
export const PUBLIC_CONFIG_QUERY_KEY = [RUNTIME_MANIFEST_PATH, 'config'] as const;

/**
 * The gateway's public configuration (contact details, the Stripe publishable key or null offline), read from the
 * runtime manifest. The shell reads the same manifest without React Query (its signed-out pages have none).
 */
export function usePublicConfig() {
  return useQuery({
    queryKey: PUBLIC_CONFIG_QUERY_KEY,
    queryFn: async (): Promise<PublicConfig> => {
      const res = await fetch(RUNTIME_MANIFEST_PATH, { credentials: 'include' });
      if (!res.ok) throw new Error(`${res.status}: ${res.statusText}`);
      return ((await res.json()) as RuntimeManifest).config;
    },
  });
}
