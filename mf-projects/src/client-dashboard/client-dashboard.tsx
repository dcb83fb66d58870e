import type { PublicConfig, SharedProject } from '@midway/contracts';
import { Card, CardContent, CardHeader, CardTitle, MidwayLogo, Skeleton, StatusBadge, telHref } from '@midway/ui';
import { CheckCircle2, ImageOff, LifeBuoy, Link2Off, Mail, MapPin, Package, Phone, Truck, Warehouse } from 'lucide-react';
import styled, { css } from 'styled-components';
import { Columns, Side, Thumb } from '../shared/page-layout.styles';
import { countItems } from '../shared/item-counts';
import { EmptyState } from '../shared/empty-state';
import { formatDate, timeAgo } from '../shared/format';
import { ItemStatusBadge } from '../shared/item-status';
import { ProgressBar } from '../shared/progress-bar';
import { StatCards, StatCardsSkeleton } from '../shared/stat-cards';
import { usePublicConfig, useSharedProject } from './shared-project-query';

/** Spec: 'Recent Updates' shows at most the latest 5 activities. */
export const CLIENT_RECENT_UPDATES = 5;

const Page = styled.div`
  min-height: 100vh;
  background: ${({ theme }) => theme.colors.background};
`;

const TopBar = styled.header`
  background: ${({ theme }) => theme.colors.surface};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
`;

const inner = css`
  max-width: 1120px;
  margin: 0 auto;
  padding-left: 24px;
  padding-right: 24px;
  @media (max-width: ${({ theme }) => theme.breakpoints.sm}) { padding-left: 16px; padding-right: 16px; }
`;

const TopBarInner = styled.div`
  ${inner}
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: 16px;
  padding-top: 20px;
  padding-bottom: 20px;
  flex-wrap: wrap;
`;

const Title = styled.h1`
  font-size: ${({ theme }) => theme.fontSizes.xxl};
  font-weight: 700;
  letter-spacing: -0.02em;
`;

const Tagline = styled.p`
  margin-top: 2px;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Main = styled.main`
  ${inner}
  display: grid;
  gap: 24px;
  padding-top: 32px;
  padding-bottom: 48px;
`;

const ProgressCard = styled(Card)`
  padding: 20px 24px;
  display: grid;
  gap: 10px;
`;

const ProgressLine = styled.div`
  display: flex;
  align-items: baseline;
  justify-content: space-between;
  gap: 12px;
  span { color: ${({ theme }) => theme.colors.textMuted}; font-size: ${({ theme }) => theme.fontSizes.sm}; }
  strong { font-size: 2rem; font-weight: 750; letter-spacing: -0.02em; }
`;

const List = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
`;

const ItemRow = styled.li`
  display: grid;
  grid-template-columns: 56px minmax(0, 1fr) auto;
  gap: 14px;
  align-items: center;
  padding: 12px 0;
  & + & { border-top: 1px solid ${({ theme }) => theme.colors.border}; }
  @media (max-width: ${({ theme }) => theme.breakpoints.sm}) {
    grid-template-columns: 56px minmax(0, 1fr);
    > :last-child { grid-column: 2; justify-items: start; }
  }
`;

const Name = styled.p`
  font-weight: 600;
`;

const Small = styled.p`
  font-size: ${({ theme }) => theme.fontSizes.xs};
  color: ${({ theme }) => theme.colors.textMuted};
`;

const ItemStatusCell = styled.div`
  display: grid;
  justify-items: end;
  gap: 4px;
`;

const Details = styled.dl`
  display: grid;
  gap: 12px;
  margin: 0;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  dt { color: ${({ theme }) => theme.colors.textMuted}; font-size: ${({ theme }) => theme.fontSizes.xs}; text-transform: uppercase; letter-spacing: 0.04em; }
  dd { margin: 2px 0 0; font-weight: 600; }
`;

const Contact = styled.ul`
  list-style: none;
  margin: 12px 0 0;
  padding: 0;
  display: grid;
  gap: 10px;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  li { display: flex; gap: 10px; align-items: flex-start; }
  svg { width: 16px; height: 16px; flex-shrink: 0; margin-top: 2px; color: ${({ theme }) => theme.colors.accent}; }
  a { color: ${({ theme }) => theme.colors.text}; font-weight: 600; }
`;

const Updates = styled.ol`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: 12px;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  li { padding-left: 14px; border-left: 2px solid ${({ theme }) => theme.colors.accentSoft}; }
`;

const Centered = styled.div`
  min-height: 100vh;
  display: flex;
  align-items: center;
  justify-content: center;
  padding: 24px;
`;

const Muted = styled.p`
  font-size: ${({ theme }) => theme.fontSizes.sm};
  color: ${({ theme }) => theme.colors.textMuted};
`;

/** 'Delivered {MMM d, yyyy}' or 'Received {MMM d, yyyy}', else nothing. */
export function clientItemDate(item: Pick<SharedProject['items'][number], 'receivedAt' | 'deliveredAt'>): string | null {
  const delivered = formatDate(item.deliveredAt);
  if (delivered) return `Delivered ${delivered}`;
  const received = formatDate(item.receivedAt);
  return received ? `Received ${received}` : null;
}

export function ClientProjectNotFound() {
  return (
    <Centered>
      <Card style={{ maxWidth: 480, width: '100%' }}>
        <EmptyState icon={Link2Off} title="Project Not Found" text="The project link may be invalid or expired. Please contact your designer for a new link." />
      </Card>
    </Centered>
  );
}

function ClientDashboardSkeleton() {
  return (
    <Page role="status" aria-busy="true" aria-label="Loading project">
      <Main>
        <Skeleton $height="36px" $width="320px" />
        <Skeleton $height="72px" />
        <StatCardsSkeleton count={4} />
      </Main>
    </Page>
  );
}

function NeedHelp({ config }: { config: PublicConfig | undefined }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Need Help?</CardTitle>
      </CardHeader>
      <CardContent>
        <Muted>Questions about a delivery or an item? Contact your designer, or reach our receiving team directly.</Muted>
        {config ? (
          <Contact>
            <li>
              <Phone aria-hidden />
              <a href={telHref(config.supportPhone)}>{config.supportPhone}</a>
            </li>
            <li>
              <Mail aria-hidden />
              <a href={`mailto:${config.supportEmail}`}>{config.supportEmail}</a>
            </li>
            <li>
              <MapPin aria-hidden />
              <span>{config.supportAddress}</span>
            </li>
          </Contact>
        ) : null}
      </CardContent>
    </Card>
  );
}

function SharedProjectView({ project, config }: { project: SharedProject; config: PublicConfig | undefined }) {
  const counts = countItems(project.items);
  const updates = project.activities.slice(0, CLIENT_RECENT_UPDATES);
  return (
    <Page>
      <TopBar>
        <TopBarInner>
          <div>
            <Title>{project.name}</Title>
            <Tagline>Client Dashboard • Read-only View</Tagline>
          </div>
          <MidwayLogo />
        </TopBarInner>
      </TopBar>
      <Main>
        <ProgressCard>
          <ProgressLine>
            <span>Project progress · items received or delivered</span>
            <strong data-testid="client-progress">{counts.progress}%</strong>
          </ProgressLine>
          <ProgressBar value={counts.progress} label="Project progress" height={10} />
        </ProgressCard>
        <StatCards
          stats={[
            { label: 'Total Items', value: counts.total, icon: Package, tone: 'accent' },
            { label: 'In Transit', value: counts.inTransit, icon: Truck, tone: 'blue' },
            { label: 'Received', value: counts.received, icon: Warehouse, tone: 'yellow' },
            { label: 'Delivered', value: counts.delivered, icon: CheckCircle2, tone: 'green' },
          ]}
        />
        <Columns>
          <Card>
            <CardHeader>
              <CardTitle as="h2">Your Items</CardTitle>
            </CardHeader>
            <CardContent>
              {project.items.length === 0 ? (
                <EmptyState icon={Package} title="No items added yet" />
              ) : (
                <List aria-label="Your items">
                  {project.items.map((item) => {
                    const date = clientItemDate(item);
                    return (
                      <ItemRow key={item.id} data-testid="client-item">
                        <Thumb>{item.photoUrl ? <img src={item.photoUrl} alt={`Photo of ${item.name}`} loading="lazy" /> : <ImageOff aria-label="No photo" />}</Thumb>
                        <div>
                          <Name>{item.name}</Name>
                          {item.supplier ? <Small>From {item.supplier}</Small> : null}
                        </div>
                        <ItemStatusCell>
                          <ItemStatusBadge status={item.status} />
                          {date ? <Small>{date}</Small> : null}
                        </ItemStatusCell>
                      </ItemRow>
                    );
                  })}
                </List>
              )}
            </CardContent>
          </Card>
          <Side>
            <Card>
              <CardHeader>
                <CardTitle as="h2">Project Details</CardTitle>
              </CardHeader>
              <CardContent>
                <Details>
                  <div>
                    <dt>Client</dt>
                    <dd>{project.clientName}</dd>
                  </div>
                  <div>
                    <dt>Location</dt>
                    <dd>{project.location}</dd>
                  </div>
                  <div>
                    <dt>Expected Install Date</dt>
                    <dd>{formatDate(project.installDate) ?? 'Not set'}</dd>
                  </div>
                  <div>
                    <dt>Status</dt>
                    <dd>
                      <StatusBadge status={project.status} />
                    </dd>
                  </div>
                </Details>
              </CardContent>
            </Card>
            <NeedHelp config={config} />
            <Card>
              <CardHeader>
                <CardTitle as="h2">Recent Updates</CardTitle>
              </CardHeader>
              <CardContent>
                {updates.length === 0 ? (
                  <Muted>No recent activity</Muted>
                ) : (
                  <Updates>
                    {updates.map((a) => (
                      <li key={a.id} data-testid="client-update">
                        <p>{a.description}</p>
                        <Small as="time" dateTime={a.createdAt} title={formatDate(a.createdAt) ?? undefined}>
                          {timeAgo(a.createdAt)}
                        </Small>
                      </li>
                    ))}
                  </Updates>
                )}
              </CardContent>
            </Card>
          </Side>
        </Columns>
        <Small style={{ textAlign: 'center' }}>
          <LifeBuoy aria-hidden size={12} style={{ display: 'inline', verticalAlign: '-2px' }} /> This page is read-only and updates as your designer and our team work on the project.
        </Small>
      </Main>
    </Page>
  );
}

/** The public, read-only client dashboard of a shared project (spec section 2, /client/{shareToken}). */
export function ClientDashboard({ token }: { token: string }) {
  const project = useSharedProject(token);
  const config = usePublicConfig();
  if (token && project.isLoading) return <ClientDashboardSkeleton />;
  if (!project.data) return <ClientProjectNotFound />;
  return <SharedProjectView project={project.data} config={config.data} />;
}
