import type { PublicConfig, SharedProject } from '@midway/contracts';
import { DELIVERY_STATUS_LABELS, DELIVERY_WINDOW_LABELS } from '@midway/contracts/vocab';
import { Badge, Card, CardContent, CardHeader, CardTitle, ContactList, StatusBadge } from '@midway/ui';
import styled from 'styled-components';
import { formatDate, timeAgo } from '../shared/format';
import { Muted, Small } from './client-page.styles';

/** Spec: 'Recent Updates' shows at most the latest 5 activities. */
export const CLIENT_RECENT_UPDATES = 5;

const Details = styled.dl`
  display: grid;
  gap: 12px;
  margin: 0;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  dt { color: ${({ theme }) => theme.colors.textMuted}; font-size: ${({ theme }) => theme.fontSizes.xs}; text-transform: uppercase; letter-spacing: 0.04em; }
  dd { margin: 2px 0 0; font-weight: 600; }
`;

const Contact = styled.div`
  margin-top: 12px;
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

/** Project Details: client, location, expected install date and status. */
export function ClientProjectDetails({ project }: { project: SharedProject }) {
  return (
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
  );
}

/** 'Need Help?': the provider's contact details, once the runtime configuration has them. */
export function ClientNeedHelp({ config }: { config: PublicConfig | undefined }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Need Help?</CardTitle>
      </CardHeader>
      <CardContent>
        <Muted>Questions about a delivery or an item? Contact your designer, or reach our receiving team directly.</Muted>
        {config ? (
          <Contact>
            <ContactList details={config} />
          </Contact>
        ) : null}
      </CardContent>
    </Card>
  );
}

const Deliveries = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: 12px;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  li { display: grid; gap: 4px; }
  div { display: flex; flex-wrap: wrap; gap: 8px; align-items: center; justify-content: space-between; }
`;

/** 'Deliveries': each delivery's day, window, status and items by name (never addresses' notes, proof or prices). */
export function ClientDeliveries({ deliveries }: { deliveries: SharedProject['deliveries'] | undefined }) {
  if (!deliveries?.length) return null;
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Deliveries</CardTitle>
      </CardHeader>
      <CardContent>
        <Deliveries>
          {deliveries.map((d, i) => (
            <li key={`${d.date}-${i}`} data-testid="client-delivery">
              <div>
                <strong>
                  {formatDate(d.date)} · {DELIVERY_WINDOW_LABELS[d.window]}
                </strong>
                <Badge>{DELIVERY_STATUS_LABELS[d.status]}</Badge>
              </div>
              <Muted>{d.items.map((item) => item.name).join(', ')}</Muted>
            </li>
          ))}
        </Deliveries>
      </CardContent>
    </Card>
  );
}

/** 'Recent Updates': the latest CLIENT_RECENT_UPDATES activities with their time, or 'No recent activity'. */
export function ClientRecentUpdates({ activities }: { activities: SharedProject['activities'] }) {
  const updates = activities.slice(0, CLIENT_RECENT_UPDATES);
  return (
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
  );
}
