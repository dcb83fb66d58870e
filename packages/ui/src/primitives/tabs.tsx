import * as TabsPrimitive from '@radix-ui/react-tabs';
import styled from 'styled-components';

export const Tabs = TabsPrimitive.Root;

export const TabsList = styled(TabsPrimitive.List)`
  display: inline-flex;
  gap: 4px;
  padding: 4px;
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surfaceMuted};
`;

export const TabsTrigger = styled(TabsPrimitive.Trigger)`
  border: 0;
  background: transparent;
  padding: 6px 14px;
  border-radius: ${({ theme }) => theme.radii.sm};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  font-weight: 600;
  color: ${({ theme }) => theme.colors.textMuted};
  cursor: pointer;
  &[data-state='active'] {
    background: ${({ theme }) => theme.colors.surface};
    color: ${({ theme }) => theme.colors.text};
    box-shadow: ${({ theme }) => theme.shadows.sm};
  }
`;

export const TabsContent = styled(TabsPrimitive.Content)`
  margin-top: 16px;
  &:focus-visible { outline: 2px solid ${({ theme }) => theme.colors.focus}; }
`;
