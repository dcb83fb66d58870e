import type { ItemsPage, RemoteRoutesProps } from '@midway/contracts';
import { PageFallback, preloadableLazy } from '@midway/ui';
import { Suspense } from 'react';
import { firstReadsSettled, startItemsFirstReads } from './api/first-reads';
import { ITEMS_PAGE_SIZE } from './api/items-api';

// One chunk per page: the shell loads this module for /items and /services, then only the page it shows.
const loaders = {
  items: () => import('./items/items.page'),
  services: () => import('./services/services.page'),
} satisfies Record<ItemsPage, unknown>;
// Preloadable: a page whose chunk the shell preloaded renders in the shell's first commit, with no fallback between.
const pages = { items: preloadableLazy(loaders.items), services: preloadableLazy(loaders.services) };

/**
 * The shell calls it at start for the page in the URL: its chunk loads while the shell still renders (webpack keeps
 * the one import). Resolves when the page can render with its first data.
 */
export function preloadPage(page: ItemsPage): Promise<unknown> {
  // Meanwhile the page's first reads (the shell's prefetched answers) are parsed, so it renders its rows at once.
  if (page === 'items') startItemsFirstReads(ITEMS_PAGE_SIZE);
  return Promise.all([pages[page]?.preload(), firstReadsSettled()]);
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
