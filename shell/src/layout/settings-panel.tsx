import type { CurrentUser } from '@midway/contracts';
import { ButtonLink, displayName, LOGOUT_PATH } from '@midway/ui';
import { Avatar } from '@midway/ui/avatar';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@midway/ui/dialog';
import { LogOut } from 'lucide-react';
import styled from 'styled-components';

const Profile = styled.div`
  display: flex;
  align-items: center;
  gap: 14px;
  margin: 8px 0 20px;
`;

const Fields = styled.dl`
  margin: 0 0 24px;
  display: grid;
  grid-template-columns: 100px 1fr;
  gap: 12px 16px;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  dt { color: ${({ theme }) => theme.colors.textMuted}; }
  dd { margin: 0; font-weight: 600; overflow-wrap: anywhere; }
`;

/** Settings: the signed-in user's profile. */
export function SettingsPanel({ user, open, onOpenChange }: { user: CurrentUser; open: boolean; onOpenChange(open: boolean): void }) {
  const name = displayName(user);
  const fullName = [user.firstName, user.lastName].filter(Boolean).join(' ');
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent side width="400px">
        <DialogTitle>Settings</DialogTitle>
        <DialogDescription>Your Midway profile.</DialogDescription>
        <Profile>
          <Avatar fallback={name.charAt(0).toUpperCase()} size={48} />
          <strong>{name}</strong>
        </Profile>
        <Fields>
          <dt>Name</dt>
          <dd>{fullName || 'Not set'}</dd>
          <dt>E-mail</dt>
          <dd>{user.email}</dd>
          <dt>Role</dt>
          <dd>Designer</dd>
        </Fields>
        <ButtonLink href={LOGOUT_PATH} $variant="outline">
          <LogOut aria-hidden />
          Sign Out
        </ButtonLink>
      </DialogContent>
    </Dialog>
  );
}
