import type { PublicConfig, SharedProject } from '@midway/contracts';
import { MidwayLogo, usePageTitle } from '@midway/ui';
import { PageHeading } from '@midway/ui/data';
import { usePublicConfig } from '@midway/ui/query';
import { LifeBuoy } from 'lucide-react';
import { countItems } from '../shared/item-counts';
import { Columns, Side } from '../shared/page-layout.styles';
import { ClientItems } from './client-items';
import { Main, Page, Small, Tagline, TopBar, TopBarInner } from './client-page.styles';
import { ClientDashboardSkeleton, ClientProjectNotFound } from './client-project-not-found';
import { ClientProgress } from './client-progress';
import { ClientDeliveries, ClientNeedHelp, ClientProjectDetails, ClientRecentUpdates } from './client-side-panels';
import { useSharedProject } from './shared-project-query';

function SharedProjectView({ project, config }: { project: SharedProject; config: PublicConfig | undefined }) {
  usePageTitle(`${project.name} · Client Dashboard`);
  return (
    <Page>
      <TopBar>
        <TopBarInner>
          <div>
            <PageHeading>{project.name}</PageHeading>
            <Tagline>Client Dashboard • Read-only View</Tagline>
          </div>
          <MidwayLogo />
        </TopBarInner>
      </TopBar>
      <Main>
        <ClientProgress counts={countItems(project.items)} />
        <Columns>
          <ClientItems items={project.items} />
          <Side>
            <ClientProjectDetails project={project} />
            <ClientDeliveries deliveries={project.deliveries} />
            <ClientNeedHelp config={config} />
            <ClientRecentUpdates activities={project.activities} />
          </Side>
        </Columns>
        <Small style={{ textAlign: 'center' }}>
          <LifeBuoy aria-hidden size={12} style={{ display: 'inline', verticalAlign: '-2px' }} /> This page is read-only and updates as your designer and our team work on the project.
        </Small>
      </Main>
    </Page>
  );
}

/** The public, read-only client dashboard of a shared project (/client/{shareToken}). */
export function ClientDashboard({ token }: { token: string }) {
  const project = useSharedProject(token);
  const config = usePublicConfig();
  if (token && project.isLoading) return <ClientDashboardSkeleton />;
  if (!project.data) return <ClientProjectNotFound />;
  return <SharedProjectView project={project.data} config={config.data} />;
}
