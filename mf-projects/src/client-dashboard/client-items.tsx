import type { SharedProject } from '@midway/contracts';
import { INSPECTION_OUTCOME_LABELS } from '@midway/contracts/vocab';
import { Badge, Card, CardContent, CardHeader, CardTitle } from '@midway/ui';
import { EmptyState } from '@midway/ui/data';
import { ImageOff, Package } from 'lucide-react';
import styled from 'styled-components';
import { formatDate } from '../shared/format';
import { ItemStatusBadge } from '@midway/ui/status';
import { Thumb } from '../shared/page-layout.styles';
import { Small } from './client-page.styles';

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

const StatusCell = styled.div`
  display: grid;
  justify-items: end;
  gap: 4px;
`;

/** 'Delivered {MMM d, yyyy}' or 'Received {MMM d, yyyy}', else nothing. */
export function clientItemDate(item: Pick<SharedProject['items'][number], 'receivedAt' | 'deliveredAt'>): string | null {
  const delivered = formatDate(item.deliveredAt);
  if (delivered) return `Delivered ${delivered}`;
  const received = formatDate(item.receivedAt);
  return received ? `Received ${received}` : null;
}

/** 'Your Items': photo, name, 'From {supplier}', status badge and date of each item, and whether the warehouse inspected it or reported a damage (never the notes: they are for the designer). */
export function ClientItems({ items }: { items: SharedProject['items'] }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Your Items</CardTitle>
      </CardHeader>
      <CardContent>
        {items.length === 0 ? (
          <EmptyState icon={Package} title="No items added yet" />
        ) : (
          <List aria-label="Your items">
            {items.map((item) => {
              const date = clientItemDate(item);
              return (
                <ItemRow key={item.id} data-testid="client-item">
                  <Thumb>{item.photoUrl ? <img src={item.photoUrl} alt={`Photo of ${item.name}`} loading="lazy" /> : <ImageOff aria-label="No photo" />}</Thumb>
                  <div>
                    <Name>{item.name}</Name>
                    {item.supplier ? <Small>From {item.supplier}</Small> : null}
                  </div>
                  <StatusCell>
                    <ItemStatusBadge status={item.status} />
                    {date ? <Small>{date}</Small> : null}
                    {item.inspection ? <Badge $tone={item.inspection === 'damage-reported' ? 'red' : 'green'}>{INSPECTION_OUTCOME_LABELS[item.inspection]}</Badge> : null}
                  </StatusCell>
                </ItemRow>
              );
            })}
          </List>
        )}
      </CardContent>
    </Card>
  );
}
