import type { ItemsPage, RemoteRoutesProps } from '@midway/contracts';
import { PageFallback } from '@midway/ui';
import { lazy, Suspense } from 'react';

// One chunk per page: the shell loads this module for /items and /services, then only the page it shows.
const pages = {
  items: lazy(() => import('./items/items.page')),
  services: lazy(() => import('./services/services.page')),
} satisfies Record<ItemsPage, unknown>;

/** mf_items/Routes: the shell mounts it on '/items' and '/services' with the page to show. */
export default function ItemsRoutes({ page }: RemoteRoutesProps<ItemsPage>) {
  const Page = pages[page];
  return (
    <Suspense fallback={<PageFallback />}>
      <Page />
    </Suspense>
  );
}
