import * as SelectPrimitive from '@radix-ui/react-select';
import { Check, ChevronDown } from 'lucide-react';
import { useState } from 'react';
import styled from 'styled-components';

const Trigger = styled(SelectPrimitive.Trigger)`
  display: inline-flex;
  align-items: center;
  justify-content: space-between;
  gap: 8px;
  height: 40px;
  min-width: 160px;
  width: 100%;
  padding: 0 12px;
  border: 1px solid ${({ theme }) => theme.colors.borderStrong};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surface};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  cursor: pointer;
  &[data-placeholder] { color: ${({ theme }) => theme.colors.textSubtle}; }
  &:focus { outline: none; border-color: ${({ theme }) => theme.colors.accent}; box-shadow: 0 0 0 3px ${({ theme }) => theme.colors.accentSoft}; }
  svg { width: 16px; height: 16px; opacity: 0.6; }
`;

const Content = styled(SelectPrimitive.Content)`
  z-index: 60;
  overflow: hidden;
  min-width: var(--radix-select-trigger-width);
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  box-shadow: ${({ theme }) => theme.shadows.md};
`;

const Item = styled(SelectPrimitive.Item)`
  position: relative;
  display: flex;
  align-items: center;
  padding: 8px 12px 8px 32px;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  border-radius: ${({ theme }) => theme.radii.sm};
  cursor: pointer;
  user-select: none;
  &[data-highlighted] { outline: none; background: ${({ theme }) => theme.colors.surfaceMuted}; }
  &[data-disabled] { opacity: 0.5; pointer-events: none; }
`;

const Indicator = styled(SelectPrimitive.ItemIndicator)`
  position: absolute;
  left: 10px;
  display: inline-flex;
  svg { width: 14px; height: 14px; }
`;

export interface SelectOption {
  value: string;
  label: string;
}

export interface SelectProps {
  value?: string;
  defaultValue?: string;
  onValueChange?(value: string): void;
  options: readonly SelectOption[];
  placeholder?: string;
  disabled?: boolean;
  id?: string;
  'aria-label'?: string;
  /** Why it is disabled, or other help shown beside it. */
  'aria-describedby'?: string;
}

/**
 * A Radix Select (keyboard navigation, typeahead, focus return) styled for Midway.
 *
 * Closed, Radix renders every option into a detached fragment (for typeahead on the closed control and the chosen
 * option's text), and mounting that re-renders the control three times, synchronously, inside the commit that
 * mounts it: a long task on a phone for the items page's two filters. The
 * options mount once the control is first hovered, focused or pressed instead, and the trigger shows the chosen
 * option's label itself.
 */
export function Select({ options, placeholder, id, 'aria-label': ariaLabel, 'aria-describedby': describedBy, value, defaultValue, onValueChange, disabled }: SelectProps) {
  const [armed, setArmed] = useState(false);
  const arm = () => setArmed(true);
  const [chosen, setChosen] = useState(defaultValue);
  const current = value ?? chosen;
  const change = (next: string) => {
    setChosen(next);
    onValueChange?.(next);
  };
  return (
    <SelectPrimitive.Root value={value} defaultValue={defaultValue} onValueChange={change} disabled={disabled}>
      <Trigger id={id} aria-label={ariaLabel} aria-describedby={describedBy} onPointerEnter={arm} onPointerDown={arm} onFocus={arm} onKeyDown={arm}>
        <SelectPrimitive.Value placeholder={placeholder}>{options.find((o) => o.value === current)?.label}</SelectPrimitive.Value>
        <SelectPrimitive.Icon>
          <ChevronDown aria-hidden />
        </SelectPrimitive.Icon>
      </Trigger>
      {armed ? (
        <SelectPrimitive.Portal>
          <Content position="popper" sideOffset={4}>
            <SelectPrimitive.Viewport style={{ padding: 4 }}>
              {options.map((o) => (
                <Item key={o.value} value={o.value}>
                  <Indicator>
                    <Check aria-hidden />
                  </Indicator>
                  <SelectPrimitive.ItemText>{o.label}</SelectPrimitive.ItemText>
                </Item>
              ))}
            </SelectPrimitive.Viewport>
          </Content>
        </SelectPrimitive.Portal>
      ) : null}
    </SelectPrimitive.Root>
  );
}
