import styled, { css } from 'styled-components';
import type { BadgeTone } from '../theme';

/** Project status colours; anything unknown is grey. */
const STATUS_TONES: Record<string, BadgeTone> = {
  active: 'green',
  planning: 'blue',
  'in-progress': 'yellow',
  completed: 'grey',
  // item statuses
  ordered: 'grey',
  shipped: 'blue',
  'in-transit': 'blue',
  received: 'green',
  stored: 'purple',
  delivered: 'green',
  // invoice statuses
  draft: 'grey',
  sent: 'blue',
  paid: 'green',
  overdue: 'red',
};

export function statusTone(status: string | null | undefined): BadgeTone {
  return (status && STATUS_TONES[status]) || 'grey';
}

/** 'in-progress' → 'In-progress': first letter capitalised, as the spec shows statuses. */
export function statusLabel(status: string): string {
  return status ? status.charAt(0).toUpperCase() + status.slice(1) : status;
}

/** A badge's shape without its colours: also what a list's plain-class badges use (see mf-items' row styles). */
export const badgeStyles = css`
  display: inline-flex;
  align-items: center;
  gap: 4px;
  padding: 2px 10px;
  border-radius: ${({ theme }) => theme.radii.full};
  font-size: ${({ theme }) => theme.fontSizes.xs};
  font-weight: 600;
  line-height: 1.6;
  white-space: nowrap;
`;

export const Badge = styled.span<{ $tone?: BadgeTone }>`
  ${badgeStyles}
  background: ${({ theme, $tone = 'grey' }) => theme.badge[$tone].bg};
  color: ${({ theme, $tone = 'grey' }) => theme.badge[$tone].fg};
`;

export function StatusBadge({ status }: { status: string }) {
  return <Badge $tone={statusTone(status)}>{statusLabel(status)}</Badge>;
}
