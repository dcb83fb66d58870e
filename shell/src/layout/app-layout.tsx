import type { CurrentUser } from '@midway/contracts';
import { useState, type ReactNode } from 'react';
import { Outlet } from 'react-router-dom';
import styled from 'styled-components';
import { SearchDialog } from '../search/search-dialog';
import { useSearchShortcut } from '../search/use-search-shortcut';
import { AppHeader } from './app-header';
import { HelpPanel } from './help-panel';
import { SettingsPanel } from './settings-panel';
import { Sidebar } from './sidebar';

const Main = styled.div`
  margin-left: ${({ theme }) => theme.sidebarWidth};
  min-height: 100vh;
  display: flex;
  flex-direction: column;
  @media (max-width: ${({ theme }) => theme.breakpoints.md}) { margin-left: 0; }
`;

const Content = styled.main`
  flex: 1;
  padding: 32px;
  width: 100%;
  max-width: 1400px;
  @media (max-width: ${({ theme }) => theme.breakpoints.md}) { padding: 16px; }
`;

export type Panel = 'help' | 'settings' | null;

/**
 * The signed-in shell: fixed sidebar, top header, the route's remote in the content area (children instead: the
 * page's frame the gateway prerenders, see prerender.tsx).
 */
export default function AppLayout({ user, children }: { user: CurrentUser; children?: ReactNode }) {
  const [searchOpen, setSearchOpen] = useSearchShortcut();
  const [panel, setPanel] = useState<Panel>(null);
  const [navOpen, setNavOpen] = useState(false);
  return (
    <>
      <Sidebar user={user} onOpenPanel={setPanel} mobileOpen={navOpen} onMobileOpenChange={setNavOpen} />
      <Main>
        <AppHeader onOpenSearch={() => setSearchOpen(true)} onOpenNav={() => setNavOpen(true)} />
        <Content id="main-content">
          {children ?? <Outlet />}
        </Content>
      </Main>
      <SearchDialog open={searchOpen} onOpenChange={setSearchOpen} />
      <HelpPanel open={panel === 'help'} onOpenChange={(open) => setPanel(open ? 'help' : null)} />
      <SettingsPanel user={user} open={panel === 'settings'} onOpenChange={(open) => setPanel(open ? 'settings' : null)} />
    </>
  );
}
