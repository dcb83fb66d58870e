import type { Item } from '@midway/contracts';
import { Button, Card, Code } from '@midway/ui';
import { ImageIcon, Pencil, Trash2 } from 'lucide-react';
import { memo } from 'react';
import styled from 'styled-components';
import { isOutForDelivery, ItemStatusBadge, OutForDeliveryBadge } from '@midway/ui/status';
import { MissingValue } from './item-warnings';
import { thumbStyles } from './row-styles';
import { TrackingButton } from './tracking-button';

export interface ItemActions {
  onView(item: Item): void;
  onEdit(item: Item): void;
  onDelete(item: Item): void;
  carrierName(id: string): string;
}

const Tile = styled(Card)`
  position: relative;
  display: flex;
  flex-direction: column;
  gap: 10px;
  padding: 16px;
  height: 100%;
  cursor: pointer;
  &:hover { box-shadow: ${({ theme }) => theme.shadows.md}; }
`;

const Top = styled.div`
  display: flex;
  gap: 12px;
  align-items: flex-start;
`;

const Title = styled.button`
  all: unset;
  display: block;
  font-weight: 650;
  overflow-wrap: anywhere;
  cursor: pointer;
  &:focus-visible { outline: 2px solid ${({ theme }) => theme.colors.focus}; outline-offset: 2px; }
`;

const Sub = styled.p`
  font-size: ${({ theme }) => theme.fontSizes.sm};
  color: ${({ theme }) => theme.colors.textMuted};
  overflow-wrap: anywhere;
`;

// Edit and delete show on hover or keyboard focus; on touch screens (no hover) they are always there.
const Actions = styled.div`
  margin-left: auto;
  display: flex;
  gap: 2px;
  opacity: 0;
  transition: opacity 120ms;
  ${Tile}:hover &, ${Tile}:focus-within & { opacity: 1; }
  @media (hover: none) { opacity: 1; }
`;

const StatusLine = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 6px;
`;

const Facts = styled.dl`
  display: grid;
  grid-template-columns: auto minmax(0, 1fr);
  gap: 4px 12px;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  dt { color: ${({ theme }) => theme.colors.textMuted}; }
  dd { display: flex; align-items: center; gap: 4px; min-width: 0; overflow-wrap: anywhere; }
`;

const Notes = styled.p`
  font-size: ${({ theme }) => theme.fontSizes.sm};
  color: ${({ theme }) => theme.colors.textMuted};
  overflow-wrap: anywhere;
  display: -webkit-box;
  -webkit-line-clamp: 3;
  -webkit-box-orient: vertical;
  overflow: hidden;
`;

export const Thumb = styled.div<{ $size?: number }>`
  ${thumbStyles}
  width: ${({ $size = 48 }) => $size}px;
  height: ${({ $size = 48 }) => $size}px;
  svg { width: 20px; height: 20px; }
`;

/** The item's photo, or a placeholder. */
export function ItemThumb({ item, size }: { item: Item; size?: number }) {
  return <Thumb $size={size}>{item.photoUrl ? <img src={item.photoUrl} alt="" loading="lazy" /> : <ImageIcon aria-hidden />}</Thumb>;
}

/** The item card: name, project and status; supplier ('N/A'), quantity; schedule and tracking # when present; notes. */
export const ItemCard = memo(function ItemCard({ item, actions }: { item: Item; actions: ItemActions }) {
  const stop = (fn: () => void) => (e: { stopPropagation(): void }) => {
    e.stopPropagation();
    fn();
  };
  return (
    <Tile as="article" aria-label={item.name} data-testid="item-card" onClick={() => actions.onView(item)}>
      <Top>
        <ItemThumb item={item} />
        <div style={{ minWidth: 0 }}>
          <Title onClick={stop(() => actions.onView(item))}>{item.name}</Title>
          <Sub>{item.projectName}</Sub>
        </div>
        <Actions>
          <Button $variant="ghost" $size="icon" aria-label={`Edit ${item.name}`} title="Edit" onClick={stop(() => actions.onEdit(item))}>
            <Pencil aria-hidden />
          </Button>
          <Button $variant="ghost" $size="icon" aria-label={`Delete ${item.name}`} title="Delete" onClick={stop(() => actions.onDelete(item))}>
            <Trash2 aria-hidden />
          </Button>
        </Actions>
      </Top>
      <StatusLine>
        <ItemStatusBadge status={item.status} />
        {isOutForDelivery(item) ? <OutForDeliveryBadge /> : null}
      </StatusLine>
      <Facts>
        <dt>Supplier</dt>
        <dd>{item.supplier?.trim() ? item.supplier : <>N/A <MissingValue what="supplier" /></>}</dd>
        <dt>Quantity</dt>
        <dd>{item.quantity ?? 1}</dd>
        {item.scheduleNumber ? (
          <>
            <dt>Schedule #</dt>
            <dd>{item.scheduleNumber}</dd>
          </>
        ) : null}
        {item.trackingNumber ? (
          <>
            <dt>Tracking #</dt>
            <dd>
              <Code>{item.trackingNumber}</Code>
              {item.carrierId ? <TrackingButton item={item} carrierName={actions.carrierName} /> : <MissingValue what="carrier" />}
            </dd>
          </>
        ) : (
          <>
            <dt>Tracking #</dt>
            <dd>
              <MissingValue what="tracking number" />
            </dd>
          </>
        )}
      </Facts>
      {item.notes ? <Notes>{item.notes}</Notes> : null}
    </Tile>
  );
});
