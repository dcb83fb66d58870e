import type { CurrentUser } from '@midway/contracts';
import { Suspense, useState, type ReactNode } from 'react';
import { Outlet } from '@midway/ui/router';
import styled from 'styled-components';
import { preloadableLazy } from '@midway/ui';
import { useSearchShortcut } from '../search/use-search-shortcut';
import { AppHeader } from './app-header';
import { Sidebar } from './sidebar';
import { VerifyEmailBanner } from './verify-email-banner';

// The dialogs start closed: their code (cmdk, the dialog primitives) is fetched while the browser is idle
// (webpackPrefetch) and run when one is first opened, not with the page (evaluating it was a 150 ms task at 4× CPU
// on the items page's first load).
const SearchDialog = preloadableLazy(async () => ({ default: (await import(/* webpackPrefetch: true */ '../search/search-dialog')).SearchDialog }));
const HelpPanel = preloadableLazy(async () => ({ default: (await import(/* webpackPrefetch: true */ './help-panel')).HelpPanel }));
const SettingsPanel = preloadableLazy(async () => ({ default: (await import(/* webpackPrefetch: true */ './settings-panel')).SettingsPanel }));

/** True from the first time `open` is, so a dialog mounts when first opened and stays mounted (its closing animation). */
function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened || open;
}

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
  const [searchMounted, helpMounted, settingsMounted] = [useOpenedOnce(searchOpen), useOpenedOnce(panel === 'help'), useOpenedOnce(panel === 'settings')];
  return (
    <>
      <Sidebar user={user} onOpenPanel={setPanel} mobileOpen={navOpen} onMobileOpenChange={setNavOpen} />
      <Main>
        <AppHeader onOpenSearch={() => setSearchOpen(true)} onOpenNav={() => setNavOpen(true)} />
        <VerifyEmailBanner user={user} />
        <Content id="main-content">
          {children ?? <Outlet />}
        </Content>
      </Main>
      <Suspense fallback={null}>{searchMounted && <SearchDialog open={searchOpen} onOpenChange={setSearchOpen} />}</Suspense>
      <Suspense fallback={null}>{helpMounted && <HelpPanel open={panel === 'help'} onOpenChange={(open) => setPanel(open ? 'help' : null)} />}</Suspense>
      <Suspense fallback={null}>
        {settingsMounted && <SettingsPanel user={user} open={panel === 'settings'} onOpenChange={(open) => setPanel(open ? 'settings' : null)} />}
      </Suspense>
    </>
  );
}
