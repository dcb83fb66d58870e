import { useId, type ComponentType } from 'react';
import styled from 'styled-components';
import { Card } from '../primitives/card';
import { Skeleton } from '../primitives/skeleton';

export type StatTone = 'accent' | 'blue' | 'green' | 'yellow' | 'grey';

export interface StatCardModel {
  label: string;
  value: string | number;
  icon: ComponentType<{ 'aria-hidden'?: boolean }>;
  tone?: StatTone;
  /** What the number counts, said on hover and keyboard focus (the card becomes focusable and is described by it). */
  hint?: string;
}

// Every row is as tall as the tallest card, so cards side by side share their top and their height.
const Grid = styled.div`
  display: grid;
  gap: 16px;
  grid-template-columns: repeat(auto-fit, minmax(160px, 1fr));
  grid-auto-rows: 1fr;
`;

// The label has the card's whole width (a long one wraps less); the value sits at the bottom, so the numbers
// line up across cards whatever their labels do.
const Tile = styled(Card)`
  display: grid;
  grid-template-columns: minmax(0, 1fr) auto;
  grid-template-rows: 1fr auto;
  column-gap: 12px;
  row-gap: 8px;
  padding: 20px;
`;

const Label = styled.p`
  grid-column: 1 / -1;
  align-self: start;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Value = styled.p`
  grid-column: 1;
  align-self: end;
  font-size: 1.75rem;
  line-height: 1.2;
  white-space: nowrap;
  font-weight: 700;
  letter-spacing: -0.02em;
  font-variant-numeric: tabular-nums;
  @media (max-width: ${({ theme }) => theme.breakpoints.sm}) { font-size: 1.35rem; }
`;

// The card's rule, shown below it while the card is hovered or focused (a tooltip that keyboards reach too).
const Hint = styled.span`
  position: absolute;
  z-index: 20;
  top: calc(100% + 6px);
  left: 12px;
  right: 12px;
  display: none;
  padding: 6px 10px;
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.text};
  color: ${({ theme }) => theme.colors.surface};
  font-size: ${({ theme }) => theme.fontSizes.xs};
  line-height: 1.4;
  pointer-events: none;
`;

const HintedTile = styled(Tile)`
  position: relative;
  cursor: help;
  &:hover > ${Hint}, &:focus-visible > ${Hint} { display: block; }
  &:focus-visible { outline: 2px solid ${({ theme }) => theme.colors.accent}; outline-offset: 2px; }
`;

const IconWrap = styled.span<{ $tone: StatTone }>`
  grid-column: 2;
  grid-row: 2;
  align-self: end;
  display: inline-flex;
  padding: 8px;
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme, $tone }) => ($tone === 'accent' ? theme.colors.accentSoft : theme.badge[$tone].bg)};
  color: ${({ theme, $tone }) => ($tone === 'accent' ? theme.colors.accent : theme.badge[$tone].fg)};
  svg { width: 20px; height: 20px; flex-shrink: 0; }
  @media (max-width: ${({ theme }) => theme.breakpoints.sm}) { display: none; }
`;

/** A strip of numbers with labels (dashboard, project and client pages). */
export function StatCards({ stats }: { stats: readonly StatCardModel[] }) {
  return (
    <Grid>
      {stats.map((stat) => (stat.hint ? <HintedStatCard key={stat.label} {...stat} hint={stat.hint} /> : <StatCard key={stat.label} {...stat} />))}
    </Grid>
  );
}

function StatCard({ label, value, icon: Icon, tone = 'accent' }: StatCardModel) {
  return (
    <Tile data-testid={`stat-${label}`}>
      <Label>{label}</Label>
      <Value>{value}</Value>
      <IconWrap $tone={tone}>
        <Icon aria-hidden />
      </IconWrap>
    </Tile>
  );
}

function HintedStatCard({ label, value, icon: Icon, tone = 'accent', hint }: StatCardModel & { hint: string }) {
  const id = useId();
  return (
    <HintedTile data-testid={`stat-${label}`} tabIndex={0} role="group" aria-labelledby={`${id}-label ${id}-value`} aria-describedby={`${id}-hint`}>
      <Label id={`${id}-label`}>{label}</Label>
      <Value id={`${id}-value`}>{value}</Value>
      <IconWrap $tone={tone}>
        <Icon aria-hidden />
      </IconWrap>
      <Hint role="tooltip" id={`${id}-hint`}>
        {hint}
      </Hint>
    </HintedTile>
  );
}

/** The strip's placeholder while its numbers load (the dashboard shows 4). */
export function StatCardsSkeleton({ count }: { count: number }) {
  return (
    <Grid role="status" aria-busy="true" aria-label="Loading statistics">
      {Array.from({ length: count }, (_, i) => (
        <Tile key={i} data-testid="stat-skeleton">
          <Label as="div">
            <Skeleton $width="60%" />
          </Label>
          <Value as="div">
            <Skeleton $height="28px" $width="40%" />
          </Value>
        </Tile>
      ))}
    </Grid>
  );
}
