import * as SwitchPrimitive from '@radix-ui/react-switch';
import styled from 'styled-components';

const Root = styled(SwitchPrimitive.Root)`
  position: relative;
  width: 40px;
  height: 22px;
  flex-shrink: 0;
  border: 0;
  border-radius: ${({ theme }) => theme.radii.full};
  background: ${({ theme }) => theme.colors.borderStrong};
  cursor: pointer;
  transition: background 120ms ease;
  &[data-state='checked'] { background: ${({ theme }) => theme.colors.accent}; }
  &:disabled { opacity: 0.5; cursor: not-allowed; }
`;

const Thumb = styled(SwitchPrimitive.Thumb)`
  display: block;
  width: 18px;
  height: 18px;
  border-radius: 50%;
  background: #fff;
  box-shadow: 0 1px 2px rgba(0, 0, 0, 0.2);
  transform: translateX(2px);
  transition: transform 120ms ease;
  &[data-state='checked'] { transform: translateX(20px); }
`;

export type SwitchProps = SwitchPrimitive.SwitchProps;

/** Radix Switch: role="switch", Space/Enter toggling and aria-checked come from Radix. */
export function Switch(props: SwitchProps) {
  return (
    <Root {...props}>
      <Thumb />
    </Root>
  );
}
