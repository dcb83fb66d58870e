import type { ReactNode } from 'react';
import styled, { css } from 'styled-components';
import { Card, CardContent, CardHeader, CardTitle } from '../primitives/card';
import { PageHeader, PageStack } from '../primitives/page-header';
import { Skeleton } from '../primitives/skeleton';
import { StatCardsSkeleton } from './stat-cards';

/**
 * The headings of the signed-in pages, named once for the remote that renders each page and for the shell, which
 * shows the same heading in the page's frame (prerendered by the gateway, and while the remote loads).
 */
export const PAGE_HEADINGS = {
  projects: { title: 'Projects', subtitle: 'Every design project you lead or collaborate on' },
  items: { title: 'Items', subtitle: 'Track and manage all items across your projects' },
  services: { title: 'Services', subtitle: 'Manage and configure services for all items across your projects' },
  billing: { title: 'Billing', subtitle: 'Manage invoices and payments for your projects' },
  'auto-billing': { title: 'Automatic Billing', subtitle: 'Record fees, create billing cycles and generate monthly invoices' },
  receiving: { title: 'Receiving', subtitle: 'Scan arrivals, receive them and inspect each within 48 hours' },
  deliveries: { title: 'Deliveries', subtitle: 'The day’s requested deliveries, its runs, and the proof of delivery at the door' },
  storage: { title: 'Storage', subtitle: 'Put items away by scanning, find them, label the locations and count them' },
} as const satisfies Record<string, { title: string; subtitle: string }>;
export type HeadedPage = keyof typeof PAGE_HEADINGS;

/**
 * A page that is still loading: its real heading (title, subtitle, anything above it) over placeholders of stat
 * cards and a list. Marked busy, so assistive technology announces the wait, not an empty page.
 */
export function PageFrameSkeleton({ title, subtitle, before, label, listTitle }: { title: ReactNode; subtitle?: ReactNode; before?: ReactNode; label: string; listTitle?: string }) {
  return (
    <PageStack role="status" aria-live="polite" aria-busy="true" data-testid="page-frame-skeleton">
      <span className="visually-hidden">{label}…</span>
      <PageHeader title={title} subtitle={subtitle} before={before} />
      <StatCardsSkeleton count={4} />
      <Card>
        {listTitle ? (
          <CardHeader>
            <CardTitle as="h2">{listTitle}</CardTitle>
          </CardHeader>
        ) : null}
        <CardContent>
          {Array.from({ length: 4 }, (_, i) => (
            <Skeleton key={i} $height="20px" $width={i % 2 ? '60%' : '85%'} style={{ marginTop: i ? 16 : 0 }} />
          ))}
        </CardContent>
      </Card>
    </PageStack>
  );
}

/**
 * The heading of a project's list of items, on its page and in its frame. In the frame it paints with the HTML: a
 * short project name ("Loft") made it the largest text of the page, painted only after the scripts and the data,
 * which made the largest paint wait for them.
 */
export const PROJECT_ITEMS_HEADING = 'Project Items';

/** The "← Projects" link above a project's title (on a router Link in mf_projects, a plain link in a frame). */
export const backLinkStyles = css`
  display: inline-flex;
  align-items: center;
  gap: 6px;
  margin-bottom: 8px;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  font-weight: 600;
  color: ${({ theme }) => theme.colors.textMuted};
  text-decoration: none;
  &:hover { color: ${({ theme }) => theme.colors.text}; }
  svg { width: 16px; height: 16px; }
`;

/** A project's facts under its title: location, client, install date. */
export const ProjectSubline = styled.span`
  display: flex;
  flex-wrap: wrap;
  gap: 4px 16px;
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;
