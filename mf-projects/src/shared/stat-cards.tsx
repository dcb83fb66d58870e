import { Card, Skeleton } from '@midway/ui';
import type { LucideIcon } from 'lucide-react';
import styled from 'styled-components';

export interface StatCardModel {
  label: string;
  value: string | number;
  icon: LucideIcon;
  tone?: 'accent' | 'blue' | 'green' | 'yellow' | 'grey';
}

const Grid = styled.div`
  display: grid;
  gap: 16px;
  grid-template-columns: repeat(auto-fit, minmax(160px, 1fr));
`;

const Tile = styled(Card)`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: 12px;
  padding: 20px;
`;

const Label = styled.p`
  font-size: ${({ theme }) => theme.fontSizes.sm};
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Text = styled.div`
  min-width: 0;
`;

const Value = styled.p`
  margin-top: 4px;
  font-size: 1.75rem;
  white-space: nowrap;
  @media (max-width: ${({ theme }) => theme.breakpoints.sm}) { font-size: 1.35rem; }
  font-weight: 700;
  letter-spacing: -0.02em;
  font-variant-numeric: tabular-nums;
`;

const IconWrap = styled.span<{ $tone: NonNullable<StatCardModel['tone']> }>`
  display: inline-flex;
  flex-shrink: 0;
  padding: 10px;
  @media (max-width: ${({ theme }) => theme.breakpoints.sm}) { display: none; }
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme, $tone }) => ($tone === 'accent' ? theme.colors.accentSoft : theme.badge[$tone].bg)};
  color: ${({ theme, $tone }) => ($tone === 'accent' ? theme.colors.accent : theme.badge[$tone].fg)};
  svg { width: 22px; height: 22px; }
`;

export function StatCards({ stats }: { stats: readonly StatCardModel[] }) {
  return (
    <Grid>
      {stats.map(({ label, value, icon: Icon, tone = 'accent' }) => (
        <Tile key={label} data-testid={`stat-${label}`}>
          <Text>
            <Label>{label}</Label>
            <Value>{value}</Value>
          </Text>
          <IconWrap $tone={tone}>
            <Icon aria-hidden />
          </IconWrap>
        </Tile>
      ))}
    </Grid>
  );
}

/** Spec section 9: the dashboard stats skeleton has 4 cards. */
export function StatCardsSkeleton({ count }: { count: number }) {
  return (
    <Grid role="status" aria-busy="true" aria-label="Loading statistics">
      {Array.from({ length: count }, (_, i) => (
        <Tile key={i} data-testid="stat-skeleton">
          <div style={{ flex: 1 }}>
            <Skeleton $width="60%" />
            <Skeleton $height="28px" $width="40%" style={{ marginTop: 10 }} />
          </div>
          <Skeleton $width="42px" $height="42px" />
        </Tile>
      ))}
    </Grid>
  );
}
