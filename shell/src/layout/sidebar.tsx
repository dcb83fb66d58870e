import type { CurrentUser } from '@midway/contracts';
import { isAdmin } from '@midway/contracts/vocab';
import { MidwayLogo, displayName, LOGOUT_PATH } from '@midway/ui';
import { Avatar } from '@midway/ui/avatar';
import { Dialog, DialogContent, DialogTitle } from '@midway/ui/dialog';
import { CalendarClock, FolderOpen, HelpCircle, LayoutDashboard, LogOut, Package, Receipt, ScanBarcode, Settings, Truck, Warehouse, Wrench, type LucideIcon } from 'lucide-react';
import { NavLink } from '@midway/ui/router';
import styled from 'styled-components';

import type { Panel } from './app-layout';

interface NavEntry {
  to: string;
  label: string;
  icon: LucideIcon;
  adminOnly?: boolean;
}

export const NAV_ENTRIES: readonly NavEntry[] = [
  { to: '/', label: 'Dashboard', icon: LayoutDashboard },
  { to: '/projects', label: 'Projects', icon: FolderOpen },
  { to: '/items', label: 'Items', icon: Package },
  { to: '/services', label: 'Services', icon: Wrench },
  { to: '/billing', label: 'Billing', icon: Receipt },
  { to: '/auto-billing', label: 'Auto Billing', icon: CalendarClock, adminOnly: true },
  { to: '/receiving', label: 'Receiving', icon: ScanBarcode, adminOnly: true },
  { to: '/deliveries', label: 'Deliveries', icon: Truck, adminOnly: true },
  { to: '/storage', label: 'Storage', icon: Warehouse, adminOnly: true },
];

const Aside = styled.aside`
  position: fixed;
  inset: 0 auto 0 0;
  width: ${({ theme }) => theme.sidebarWidth};
  z-index: 20;
  @media (max-width: ${({ theme }) => theme.breakpoints.md}) { display: none; }
`;

const Column = styled.div`
  height: 100%;
  display: flex;
  flex-direction: column;
  background: ${({ theme }) => theme.colors.sidebar};
  color: ${({ theme }) => theme.colors.sidebarText};
`;

const Brand = styled.div`
  padding: 20px 20px 16px;
`;

const Nav = styled.nav`
  flex: 1;
  padding: 8px 12px;
  ul { list-style: none; margin: 0; padding: 0; display: flex; flex-direction: column; gap: 2px; }
`;

const Item = styled(NavLink)`
  display: flex;
  align-items: center;
  gap: 12px;
  padding: 10px 12px;
  border-radius: ${({ theme }) => theme.radii.md};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  font-weight: 500;
  text-decoration: none;
  color: inherit;
  svg { width: 18px; height: 18px; }
  &:hover { background: ${({ theme }) => theme.colors.sidebarActive}; color: #fff; }
  &.active { background: ${({ theme }) => theme.colors.sidebarActive}; color: #fff; box-shadow: inset 3px 0 0 ${({ theme }) => theme.colors.focus}; }
`;

const Utility = styled.div`
  padding: 8px 12px;
  border-top: 1px solid rgba(148, 163, 184, 0.16);
  display: flex;
  flex-direction: column;
  gap: 2px;
`;

const UtilityButton = styled.button`
  display: flex;
  align-items: center;
  gap: 12px;
  width: 100%;
  padding: 10px 12px;
  border: 0;
  border-radius: ${({ theme }) => theme.radii.md};
  background: transparent;
  color: inherit;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  text-decoration: none;
  cursor: pointer;
  svg { width: 18px; height: 18px; }
  &:hover { background: ${({ theme }) => theme.colors.sidebarActive}; color: #fff; }
`;

const UserCard = styled.div`
  display: flex;
  align-items: center;
  gap: 12px;
  padding: 16px 20px;
  border-top: 1px solid rgba(148, 163, 184, 0.16);
  min-width: 0;
`;

const UserText = styled.div`
  min-width: 0;
  p { overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
`;

const UserName = styled.p`
  color: #fff;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  font-weight: 600;
`;

const UserRole = styled.p`
  font-size: ${({ theme }) => theme.fontSizes.xs};
  color: #94a3b8;
`;

interface SidebarProps {
  user: CurrentUser;
  onOpenPanel(panel: Panel): void;
  mobileOpen: boolean;
  onMobileOpenChange(open: boolean): void;
}

function SidebarColumn({ user, onOpenPanel, onNavigate }: { user: CurrentUser; onOpenPanel(panel: Panel): void; onNavigate?(): void }) {
  const name = displayName(user);
  const entries = NAV_ENTRIES.filter((e) => !e.adminOnly || isAdmin(user));
  return (
    <Column>
      <Brand>
        <MidwayLogo inverted />
      </Brand>
      <Nav aria-label="Main">
        <ul>
          {entries.map(({ to, label, icon: Icon }) => (
            <li key={to}>
              <Item to={to} end={to === '/'} onClick={onNavigate}>
                <Icon aria-hidden />
                {label}
              </Item>
            </li>
          ))}
        </ul>
      </Nav>
      <Utility>
        <UtilityButton onClick={() => onOpenPanel('help')}>
          <HelpCircle aria-hidden />
          Help
        </UtilityButton>
        <UtilityButton onClick={() => onOpenPanel('settings')}>
          <Settings aria-hidden />
          Settings
        </UtilityButton>
        <UtilityButton as="a" href={LOGOUT_PATH}>
          <LogOut aria-hidden />
          Sign Out
        </UtilityButton>
      </Utility>
      <UserCard>
        <Avatar fallback={name.charAt(0).toUpperCase()} />
        <UserText>
          <UserName data-testid="sidebar-user-name">{name}</UserName>
          {/* The label is always 'Designer', whatever the role. */}
          <UserRole>Designer</UserRole>
        </UserText>
      </UserCard>
    </Column>
  );
}

/** Fixed left sidebar; on narrow screens the same column opens as a drawer from the header's menu button. */
export function Sidebar({ user, onOpenPanel, mobileOpen, onMobileOpenChange }: SidebarProps) {
  return (
    <>
      <Aside>
        <SidebarColumn user={user} onOpenPanel={onOpenPanel} />
      </Aside>
      <Dialog open={mobileOpen} onOpenChange={onMobileOpenChange}>
        <DialogContent side width="280px" style={{ left: 0, right: 'auto', padding: 0 }} aria-describedby={undefined}>
          <DialogTitle className="visually-hidden">Navigation</DialogTitle>
          <SidebarColumn
            user={user}
            onNavigate={() => onMobileOpenChange(false)}
            onOpenPanel={(panel) => {
              onMobileOpenChange(false);
              onOpenPanel(panel);
            }}
          />
        </DialogContent>
      </Dialog>
    </>
  );
}
