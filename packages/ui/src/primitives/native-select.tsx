import type { ChangeEvent } from 'react';
import styled from 'styled-components';

// ChevronDown (lucide) as the control's arrow: a native select draws none once its appearance is reset.
const CHEVRON = `url("data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 24 24' fill='none' stroke='%2364748b' stroke-width='2' stroke-linecap='round' stroke-linejoin='round'%3E%3Cpath d='m6 9 6 6 6-6'/%3E%3C/svg%3E")`;

// Same box as Select's trigger; every rule is static, so all instances share one class.
const Control = styled.select`
  appearance: none;
  height: 40px;
  min-width: 160px;
  width: 100%;
  padding: 0 36px 0 12px;
  border: 1px solid ${({ theme }) => theme.colors.borderStrong};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surface} ${CHEVRON} no-repeat right 12px center / 16px 16px;
  color: inherit;
  font: inherit;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  cursor: pointer;
  &:focus { outline: none; border-color: ${({ theme }) => theme.colors.accent}; box-shadow: 0 0 0 3px ${({ theme }) => theme.colors.accentSoft}; }
  &:disabled { cursor: progress; opacity: 0.7; }
`;

export interface NativeSelectProps {
  value: string;
  onValueChange(value: string): void;
  options: readonly { value: string; label: string }[];
  disabled?: boolean;
  id?: string;
  'aria-label'?: string;
}

/**
 * The browser's own select, styled like Select: for a control repeated on every row of a list. It costs a few DOM
 * nodes where a Radix Select mounts a dozen components and renders its options while closed, and on a phone it
 * opens the system picker.
 */
export function NativeSelect({ value, onValueChange, options, ...props }: NativeSelectProps) {
  return (
    <Control value={value} onChange={(e: ChangeEvent<HTMLSelectElement>) => onValueChange(e.target.value)} {...props}>
      {options.map((o) => (
        <option key={o.value} value={o.value}>
          {o.label}
        </option>
      ))}
    </Control>
  );
}
