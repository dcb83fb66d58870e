import type { Item } from '@midway/contracts';
import { formatMoney, NativeSelect } from '@midway/ui';
import { ExternalLink, ImageOff } from 'lucide-react';
import { useDeferredValue, useEffect, useRef } from 'react';
import styled from 'styled-components';
import { Thumb } from '../shared/page-layout.styles';
import { useUpdateItemStatus } from '../api/catalog-queries';
import { formatDate } from '../shared/format';
import { isDeliverable, isItemStatus, isOutForDelivery, ITEM_STATUS_OPTIONS, OutForDeliveryBadge } from '@midway/ui/status';

const List = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
`;

const Row = styled.li<{ $highlighted: boolean; $selectable: boolean }>`
  display: grid;
  margin: 0 -12px;
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme, $highlighted }) => ($highlighted ? theme.colors.accentSoft : 'transparent')};
  transition: background 600ms ease;
  grid-template-columns: ${({ $selectable }) => ($selectable ? '24px ' : '')}56px minmax(0, 1fr) 170px 110px;
  align-items: center;
  gap: 16px;
  padding: 14px 12px;
  & + & { border-top: 1px solid ${({ theme }) => theme.colors.border}; }
  @media (max-width: ${({ theme }) => theme.breakpoints.md}) {
    gap: 12px;
    grid-template-columns: ${({ $selectable }) => ($selectable ? '24px ' : '')}56px minmax(0, 1fr);
    > :nth-child(n + ${({ $selectable }) => ($selectable ? 4 : 3)}) { grid-column: ${({ $selectable }) => ($selectable ? 3 : 2)}; }
  }
`;

const Check = styled.input`
  width: 18px;
  height: 18px;
  margin: 0;
  accent-color: ${({ theme }) => theme.colors.accent};
  cursor: pointer;
`;

// A long name wraps, whole: cut off with an ellipsis it could not be read on a phone.
const Name = styled.p`
  font-weight: 600;
  overflow-wrap: anywhere;
`;

const Meta = styled.p`
  font-size: ${({ theme }) => theme.fontSizes.xs};
  color: ${({ theme }) => theme.colors.textMuted};
  display: flex;
  flex-wrap: wrap;
  gap: 4px 12px;
  margin-top: 2px;
`;

const ProductLink = styled.a`
  display: inline-flex;
  align-items: center;
  gap: 4px;
  color: ${({ theme }) => theme.colors.accent};
  font-weight: 600;
  text-decoration: none;
  &:hover { text-decoration: underline; }
  svg { width: 12px; height: 12px; }
`;

const Price = styled.div`
  text-align: right;
  font-weight: 600;
  font-variant-numeric: tabular-nums;
  small { display: block; font-weight: 400; font-size: ${({ theme }) => theme.fontSizes.xs}; color: ${({ theme }) => theme.colors.textMuted}; }
  @media (max-width: ${({ theme }) => theme.breakpoints.md}) { text-align: left; }
`;

/** The received date, else the created date, else 'No date'. */
export function itemDateLabel(item: Pick<Item, 'receivedAt' | 'createdAt'>): string {
  const received = formatDate(item.receivedAt);
  if (received) return `Received ${received}`;
  const created = formatDate(item.createdAt);
  return created ? `Added ${created}` : 'No date';
}

/** An item that can be chosen for a delivery: at the warehouse, and not out on one already. */
export const bookable = (item: Item) => isDeliverable(item) && !isOutForDelivery(item);

/** Which items are chosen for a delivery, when the caller may book one: only received or stored items can be. */
export interface DeliverySelection {
  selected: ReadonlySet<string>;
  toggle(itemId: string): void;
}

function ItemRow({ item, highlighted, selection }: { item: Item; highlighted: boolean; selection?: DeliverySelection }) {
  const updateStatus = useUpdateItemStatus();
  const ref = useRef<HTMLLIElement>(null);
  useEffect(() => {
    if (highlighted) ref.current?.scrollIntoView({ block: 'center', behavior: 'smooth' });
  }, [highlighted]);
  return (
    <Row ref={ref} data-testid="project-item" $highlighted={highlighted} $selectable={!!selection} aria-current={highlighted || undefined}>
      {selection ? (
        <span>
          {bookable(item) ? <Check type="checkbox" aria-label={`Select ${item.name} for delivery`} checked={selection.selected.has(item.id)} onChange={() => selection.toggle(item.id)} /> : null}
        </span>
      ) : null}
      <Thumb>{item.photoUrl ? <img src={item.photoUrl} alt={`Photo of ${item.name}`} loading="lazy" /> : <ImageOff aria-label="No photo" />}</Thumb>
      <div>
        <Name title={item.name}>{item.name}</Name>
        <Meta>
          {isOutForDelivery(item) ? <OutForDeliveryBadge /> : null}
          <span>{item.supplier ? `From ${item.supplier}` : 'No supplier'}</span>
          <span>{item.trackingNumber ? `Tracking ${item.trackingNumber}` : 'No tracking'}</span>
          <span>{itemDateLabel(item)}</span>
          {item.productUrl ? (
            <ProductLink href={item.productUrl} target="_blank" rel="noopener noreferrer">
              View Product <ExternalLink aria-hidden />
            </ProductLink>
          ) : null}
        </Meta>
      </div>
      <NativeSelect
        aria-label={`Status of ${item.name}`}
        value={item.status}
        options={ITEM_STATUS_OPTIONS}
        disabled={updateStatus.isPending}
        onValueChange={(status) => {
          if (isItemStatus(status) && status !== item.status) updateStatus.mutate({ itemId: item.id, status });
        }}
      />
      <Price>
        {item.price ? formatMoney(item.price) : '—'}
        {item.quantity > 1 ? <small>× {item.quantity}</small> : null}
      </Price>
    </Row>
  );
}

/** Rows a phone shows on the first screen; the others come in a background render. */
export const FIRST_SCREEN_ROWS = 8;

/**
 * The project's items; `highlightId` (from a search result's ?item=) is scrolled to and marked. Each row has a
 * status control: rendering every row's Radix menu when the project arrives blocked a phone's main thread
 * (React Query's update renders synchronously). The first screen's rows render with the page; the full list
 * follows as a deferred render, which React splits into short tasks. With `selection` (a designer who may book),
 * received and stored items have a checkbox to choose them for a delivery.
 */
export function ProjectItemsList({ items, highlightId, selection }: { items: readonly Item[]; highlightId?: string | null; selection?: DeliverySelection }) {
  const shown = useDeferredValue(items, items.length > FIRST_SCREEN_ROWS ? items.slice(0, FIRST_SCREEN_ROWS) : items);
  return (
    <List aria-label="Project items">
      {shown.map((item) => (
        <ItemRow key={item.id} item={item} highlighted={item.id === highlightId} selection={selection} />
      ))}
    </List>
  );
}
