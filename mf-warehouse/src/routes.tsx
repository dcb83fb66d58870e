import type { RemoteRoutesProps, WarehousePage } from '@midway/contracts';
import { PageFallback, preloadableLazy } from '@midway/ui';
import { Suspense } from 'react';

// One chunk per page: the shell loads this module for /receiving, then only the page it shows.
// Preloadable: a page whose chunk the shell preloaded renders in the shell's first commit, with no fallback between.
const pages = {
  receiving: preloadableLazy(() => import('./receiving/receiving.page')),
  deliveries: preloadableLazy(() => import('./deliveries/deliveries.page')),
  storage: preloadableLazy(() => import('./storage/storage.page')),
} satisfies Record<WarehousePage, unknown>;

/** The shell calls it at start for the page in the URL: its chunk loads while the shell still renders. */
export function preloadPage(page: WarehousePage): Promise<unknown> {
  return pages[page]?.preload() ?? Promise.resolve();
}

/** mf_warehouse/Routes: the shell mounts it on '/receiving', '/deliveries' and '/storage' (admins only) with the page to show. */
export default function WarehouseRoutes({ page }: RemoteRoutesProps<WarehousePage>) {
  const Page = pages[page];
  return (
    <Suspense fallback={<PageFallback />}>
      <Page />
    </Suspense>
  );
}
