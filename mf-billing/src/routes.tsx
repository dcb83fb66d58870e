import type { BillingPage, RemoteRoutesProps } from '@midway/contracts';
import { PageFallback } from '@midway/ui';
import { lazy, Suspense } from 'react';

// One chunk per page: the shell loads this module for /billing and /auto-billing, then only the page it shows.
const pages = {
  billing: lazy(() => import('./billing/billing.page')),
  'auto-billing': lazy(() => import('./auto-billing/auto-billing.page')),
} satisfies Record<BillingPage, unknown>;

/** mf_billing/Routes: the shell mounts it on '/billing' and '/auto-billing' with the page to show. */
export default function BillingRoutes({ page }: RemoteRoutesProps<BillingPage>) {
  const Page = pages[page];
  return (
    <Suspense fallback={<PageFallback />}>
      <Page />
    </Suspense>
  );
}
