import type { Delivery } from '@midway/contracts';
import { DELIVERY_STATUS_LABELS, DELIVERY_WINDOW_LABELS } from '@midway/contracts/vocab';
import { Badge, Card, CardContent, CardDescription, CardHeader, CardTitle } from '@midway/ui';
import { DeliveryProof } from '@midway/ui/delivery';
import styled from 'styled-components';
import { useProjectDeliveries } from '../api/deliveries-queries';

const List = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: 12px;
`;

const Entry = styled.li`
  display: grid;
  gap: 8px;
  padding: 12px;
  min-width: 0;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  overflow-wrap: anywhere;
  header { display: flex; flex-wrap: wrap; align-items: center; gap: 6px 10px; }
  h3 { margin: 0; font-size: ${({ theme }) => theme.fontSizes.md}; }
  p { margin: 0; color: ${({ theme }) => theme.colors.textMuted}; }
  ul { margin: 0; padding-left: 18px; }
`;

/** "Tue, Jun 9, 2026" for a calendar date. */
export const deliveryDay = (date: string) => new Date(`${date}T12:00:00Z`).toLocaleDateString('en-US', { weekday: 'short', month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

const itemLine = (d: Delivery, item: Delivery['items'][number]) => {
  if (item.exception) return `${item.name} — not delivered: ${item.exception}`;
  const extras = [item.installAssembly ? 'installation' : null].filter(Boolean);
  return `${item.name}${extras.length ? ` (${extras.join(', ')})` : ''}${d.status === 'completed' ? ' — delivered' : ''}`;
};

/**
 * The project's deliveries, by date: which items are booked for which day, their status, and once completed the
 * proof of delivery (receiver, photos, signature), kept for as long as the project exists. Cancelled ones are left out.
 */
export function ProjectDeliveries({ projectId }: { projectId: string }) {
  const { data, isError } = useProjectDeliveries(projectId);
  const deliveries = (data ?? []).filter((d) => d.status !== 'cancelled');
  if (isError) {
    return (
      <Card role="region" aria-labelledby="project-deliveries-title">
        <CardHeader>
          <CardTitle as="h2" id="project-deliveries-title">Deliveries</CardTitle>
          <CardDescription>The deliveries could not be loaded. Reload the page to try again.</CardDescription>
        </CardHeader>
      </Card>
    );
  }
  if (!deliveries.length) return null;
  return (
    <Card role="region" aria-labelledby="project-deliveries-title" data-testid="project-deliveries">
      <CardHeader>
        <CardTitle as="h2" id="project-deliveries-title">Deliveries</CardTitle>
        <CardDescription>The items booked for each delivery date, and the proof once delivered.</CardDescription>
      </CardHeader>
      <CardContent>
        <List>
          {deliveries.map((d) => (
            <Entry key={d.id} data-testid="project-delivery">
              <header>
                <h3>{deliveryDay(d.date)}</h3>
                <span>{DELIVERY_WINDOW_LABELS[d.window]}</span>
                <Badge>{DELIVERY_STATUS_LABELS[d.status]}</Badge>
              </header>
              <p>{d.address}</p>
              <ul aria-label={`Items for ${deliveryDay(d.date)}`}>
                {d.items.map((i) => (
                  <li key={i.itemId}>{itemLine(d, i)}</li>
                ))}
              </ul>
              <DeliveryProof delivery={d} headingLevel="h4" />
            </Entry>
          ))}
        </List>
      </CardContent>
    </Card>
  );
}
