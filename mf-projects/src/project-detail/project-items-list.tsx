import type { Item } from '@midway/contracts';
import { formatMoney, NativeSelect } from '@midway/ui';
import { ExternalLink, ImageOff } from 'lucide-react';
import { useDeferredValue, useEffect, useRef } from 'react';
import styled from 'styled-components';
import { Thumb } from '../shared/page-layout.styles';
import { useUpdateItemStatus } from '../api/catalog-queries';
import { formatDate } from '../shared/format';
import { isItemStatus, ITEM_STATUS_OPTIONS } from '@midway/ui/status';

const List = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
`;

const Row = styled.li<{ $highlighted: boolean }>`
  display: grid;
  margin: 0 -12px;
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme, $highlighted }) => ($highlighted ? theme.colors.accentSoft : 'transparent')};
  transition: background 600ms ease;
  grid-template-columns: 56px minmax(0, 1fr) 170px 110px;
  align-items: center;
  gap: 16px;
  padding: 14px 12px;
  & + & { border-top: 1px solid ${({ theme }) => theme.colors.border}; }
  @media (max-width: ${({ theme }) => theme.breakpoints.md}) {
    grid-template-columns: 56px minmax(0, 1fr);
    > :nth-child(n + 3) { grid-column: 2; }
  }
`;

const Name = styled.p`
  font-weight: 600;
  overflow: hidden;
  text-overflow: ellipsis;
  white-space: nowrap;
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

function ItemRow({ item, highlighted }: { item: Item; highlighted: boolean }) {
  const updateStatus = useUpdateItemStatus();
  const ref = useRef<HTMLLIElement>(null);
  useEffect(() => {
    if (highlighted) ref.current?.scrollIntoView({ block: 'center', behavior: 'smooth' });
  }, [highlighted]);
  return (
    <Row ref={ref} data-testid="project-item" $highlighted={highlighted} aria-current={highlighted || undefined}>
      <Thumb>{item.photoUrl ? <img src={item.photoUrl} alt={`Photo of ${item.name}`} loading="lazy" /> : <ImageOff aria-label="No photo" />}</Thumb>
      <div>
        <Name title={item.name}>{item.name}</Name>
        <Meta>
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
 * follows as a deferred render, which React splits into short tasks.
 */
export function ProjectItemsList({ items, highlightId }: { items: readonly Item[]; highlightId?: string | null }) {
  const shown = useDeferredValue(items, items.length > FIRST_SCREEN_ROWS ? items.slice(0, FIRST_SCREEN_ROWS) : items);
  return (
    <List aria-label="Project items">
      {shown.map((item) => (
        <ItemRow key={item.id} item={item} highlighted={item.id === highlightId} />
      ))}
    </List>
  );
}
