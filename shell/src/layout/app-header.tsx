import { Button } from '@midway/ui';
import { Menu, Search } from 'lucide-react';
import styled from 'styled-components';
import { NewItemButton } from './new-item-button';
import { NewProjectButton } from './new-project-button';

const Bar = styled.header`
  position: sticky;
  top: 0;
  z-index: 10;
  display: flex;
  align-items: center;
  gap: 12px;
  height: 64px;
  padding: 0 32px;
  background: rgba(255, 255, 255, 0.92);
  backdrop-filter: blur(6px);
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  @media (max-width: ${({ theme }) => theme.breakpoints.md}) { padding: 0 12px; gap: 8px; }
`;

const MenuButton = styled(Button)`
  display: none;
  @media (max-width: ${({ theme }) => theme.breakpoints.md}) { display: inline-flex; }
`;

const SearchTrigger = styled.button`
  flex: 1;
  /* Shrinks below its text's width (the text ellipsizes) so the actions stay on a 390 px phone screen. */
  min-width: 0;
  max-width: 440px;
  display: flex;
  align-items: center;
  gap: 10px;
  height: 40px;
  padding: 0 12px;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surfaceMuted};
  color: ${({ theme }) => theme.colors.textSubtle};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  text-align: left;
  cursor: pointer;
  svg { width: 16px; height: 16px; flex-shrink: 0; }
  span { flex: 1; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
  &:hover { border-color: ${({ theme }) => theme.colors.borderStrong}; }
`;

const Kbd = styled.kbd`
  font-family: ${({ theme }) => theme.fonts.mono};
  font-size: ${({ theme }) => theme.fontSizes.xs};
  padding: 2px 6px;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.sm};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.textMuted};
  @media (max-width: ${({ theme }) => theme.breakpoints.sm}) { display: none; }
`;

const Actions = styled.div`
  margin-left: auto;
  display: flex;
  flex-shrink: 0;
  gap: 8px;
`;

export function AppHeader({ onOpenSearch, onOpenNav }: { onOpenSearch(): void; onOpenNav(): void }) {
  return (
    <Bar>
      <MenuButton $variant="ghost" $size="icon" aria-label="Open navigation" onClick={onOpenNav}>
        <Menu aria-hidden />
      </MenuButton>
      <SearchTrigger onClick={onOpenSearch} aria-label="Search projects, items, services (Ctrl+K)" aria-keyshortcuts="Control+K Meta+K">
        <Search aria-hidden />
        <span>Search projects, items, services...</span>
        <Kbd>Ctrl K</Kbd>
      </SearchTrigger>
      <Actions>
        <NewProjectButton />
        <NewItemButton />
      </Actions>
    </Bar>
  );
}
