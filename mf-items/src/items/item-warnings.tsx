import type { Item } from '@midway/contracts';
import { AlertTriangle } from 'lucide-react';
import styled from 'styled-components';

const Warn = styled.span`
  display: inline-flex;
  align-items: center;
  gap: 4px;
  color: ${({ theme }) => theme.badge.yellow.fg};
  svg { width: 14px; height: 14px; flex-shrink: 0; }
`;

/** A missing supplier, carrier or tracking number shows a warning icon (named for screen readers). */
export function MissingValue({ what }: { what: string }) {
  return (
    <Warn title={`No ${what}`} data-testid="missing-warning">
      <AlertTriangle role="img" aria-label={`No ${what}`} />
    </Warn>
  );
}

export function ValueOrWarning({ value, what }: { value: string | null | undefined; what: string }) {
  return value?.trim() ? <span>{value}</span> : <MissingValue what={what} />;
}

/** The carrier an item shows: the one chosen, else the one logistics detected from the tracking number. */
export function carrierIdOf(item: Item): string | null {
  return item.carrierId?.trim() || null;
}
