import type { BillingPage, RemoteRoutesProps } from '@midway/contracts';
import { PageFallback, preloadableLazy } from '@midway/ui';
import { Suspense } from 'react';

// One chunk per page: the shell loads this module for /billing and /auto-billing, then only the page it shows.
// Preloadable: a page whose chunk the shell preloaded renders in the shell's first commit, with no fallback between.
const pages = {
  billing: preloadableLazy(() => import('./billing/billing.page')),
  'auto-billing': preloadableLazy(() => import('./auto-billing/auto-billing.page')),
} satisfies Record<BillingPage, unknown>;

/** The shell calls it at start for the page in the URL: its chunk loads while the shell still renders. */
export function preloadPage(page: BillingPage): Promise<unknown> {
  return pages[page]?.preload() ?? Promise.resolve();
}

/** mf_billing/Routes: the shell mounts it on '/billing' and '/auto-billing' with the page to show. */
export default function BillingRoutes({ page }: RemoteRoutesProps<BillingPage>) {
  const Page = pages[page];
  return (
    <Suspense fallback={<PageFallback />}>
      <Page />
    </Suspense>
  );
}
