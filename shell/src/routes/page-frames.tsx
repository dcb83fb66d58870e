import type { SignedInFrameProps } from '@midway/contracts';
import { pageLoadPlan } from '@midway/contracts/page-data';
import { isAdmin } from '@midway/contracts/vocab';
import { DashboardSkeleton, PAGE_HEADINGS, PROJECT_ITEMS_HEADING, PageFrameSkeleton, ProjectSubline, backLinkStyles, type HeadedPage } from '@midway/ui/data';
import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import styled from 'styled-components';

const BackLink = styled.a`
  ${backLinkStyles}
`;

/** A page's frame while its remote loads: the page's own heading over placeholders. */
export function RouteFrame({ page }: { page: HeadedPage }) {
  const { title, subtitle } = PAGE_HEADINGS[page];
  return <PageFrameSkeleton title={title} subtitle={subtitle} label={`Loading ${title.toLowerCase()}`} />;
}

/** A project's frame, when the gateway read its heading from catalog. */
export function ProjectFrame({ project }: { project: NonNullable<SignedInFrameProps['project']> }) {
  return (
    <PageFrameSkeleton
      label="Loading project"
      listTitle={PROJECT_ITEMS_HEADING}
      before={
        <BackLink href="/projects">
          <ArrowLeft aria-hidden />
          Projects
        </BackLink>
      }
      title={project.name}
      subtitle={
        <ProjectSubline>
          <span>{project.location}</span>
          <span>Client: {project.clientName}</span>
        </ProjectSubline>
      }
    />
  );
}

/** Pages only admins see: a designer's frame would be the Access Denied card, which the gateway does not render. */
const ADMIN_PAGES: ReadonlySet<string> = new Set(['auto-billing', 'receiving', 'deliveries', 'storage']);

const isHeadedPage = (page: string | undefined): page is HeadedPage => page !== undefined && Object.hasOwn(PAGE_HEADINGS, page);

/**
 * The frame of the signed-in page at `path` for the gateway's prerender (see prerender.tsx): what that route shows
 * while its remote loads, with the page's heading. null where the first screen depends on more than the gateway
 * knows (a project it could not read, an admin page for a designer, a path with no page).
 */
export function frameForPath({ path, user, project }: SignedInFrameProps): ReactNode | null {
  const page = pageLoadPlan(path, '', true)?.page;
  if (page === 'dashboard') return <DashboardSkeleton />;
  if (page === 'project-detail') return project ? <ProjectFrame project={project} /> : null;
  if (!isHeadedPage(page) || (ADMIN_PAGES.has(page) && !isAdmin(user))) return null;
  return <RouteFrame page={page} />;
}
