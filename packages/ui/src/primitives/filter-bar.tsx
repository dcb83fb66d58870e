import { Children, type ReactNode } from 'react';
import styled from 'styled-components';
import { Card } from './card';
import { Input } from './input';
import { OutlineIcon } from './outline-icon';

/** The search box takes twice a filter's width; four fields or more wrap in twos on a tablet; a phone stacks them. */
const Bar = styled(Card)<{ $fields: number }>`
  display: grid;
  grid-template-columns: minmax(0, 2fr) repeat(${({ $fields }) => Math.max($fields - 1, 0)}, minmax(0, 1fr));
  gap: 12px;
  padding: 16px;
  @media (max-width: ${({ theme }) => theme.breakpoints.lg}) {
    ${({ $fields }) => ($fields > 3 ? 'grid-template-columns: minmax(0, 1fr) minmax(0, 1fr);' : '')}
  }
  @media (max-width: ${({ theme }) => theme.breakpoints.md}) { grid-template-columns: minmax(0, 1fr); }
`;

export interface FilterBarProps {
  /** The section's accessible name ('Filters'). */
  label: string;
  /** A SearchBox first, then the filters (selects). */
  children: ReactNode;
}

/** A list page's search and filters, above its stat cards: one layout for the Items, Services and Billing pages. */
export function FilterBar({ label, children }: FilterBarProps) {
  return (
    <Bar as="section" aria-label={label} $fields={Children.toArray(children).length}>
      {children}
    </Bar>
  );
}

const Box = styled.div`
  position: relative;
  svg { position: absolute; left: 10px; top: 50%; transform: translateY(-50%); width: 16px; height: 16px; color: ${({ theme }) => theme.colors.textSubtle}; pointer-events: none; }
  input { padding-left: 34px; }
`;

/** Longer text finds nothing more and only makes the server's query longer. */
export const SEARCH_MAX_LENGTH = 200;

export interface SearchBoxProps {
  /** The searchbox's accessible name ('Search items'). */
  label: string;
  placeholder: string;
  value: string;
  onChange(value: string): void;
}

/** A search field with its magnifier (drawn inline: the core of @midway/ui does not load lucide-react). */
export function SearchBox({ label, placeholder, value, onChange }: SearchBoxProps) {
  return (
    <Box>
      <OutlineIcon>
        <path d="m21 21-4.34-4.34" />
        <circle cx="11" cy="11" r="8" />
      </OutlineIcon>
      <Input type="search" aria-label={label} placeholder={placeholder} value={value} onChange={(e) => onChange(e.target.value)} maxLength={SEARCH_MAX_LENGTH} />
    </Box>
  );
}
