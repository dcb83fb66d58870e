import type { ItemsPage, RemoteRoutesProps } from '@midway/contracts';
import { PageFallback } from '@midway/ui';
import { lazy, Suspense } from 'react';
import { startItemsFirstReads } from './api/first-reads';
import { ITEMS_PAGE_SIZE } from './api/items-api';

// One chunk per page: the shell loads this module for /items and /services, then only the page it shows.
const loaders = {
  items: () => import('./items/items.page'),
  services: () => import('./services/services.page'),
} satisfies Record<ItemsPage, unknown>;
const pages = { items: lazy(loaders.items), services: lazy(loaders.services) };

/** The shell calls it at start for the page in the URL: its chunk loads while the shell still renders (webpack keeps the one import). */
export function preloadPage(page: ItemsPage): Promise<unknown> {
  // Meanwhile the page's first reads (the shell's prefetched answers) are parsed, so it renders its rows at once.
  if (page === 'items') startItemsFirstReads(ITEMS_PAGE_SIZE);
  return loaders[page]?.() ?? Promise.resolve();
}

/** mf_items/Routes: the shell mounts it on '/items' and '/services' with the page to show. */
export default function ItemsRoutes({ page }: RemoteRoutesProps<ItemsPage>) {
  const Page = pages[page];
  return (
    <Suspense fallback={<PageFallback />}>
      <Page />
    </Suspense>
  );
}
