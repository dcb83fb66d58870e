import { useState, type FormEvent } from 'react';
import type { CurrentUser, PasswordMessage } from '@midway/contracts';
import { PASSWORD_MIN_LENGTH } from '@midway/contracts/vocab';
import { ApiError, apiJson, Button, ButtonLink, displayName, Field, FieldError, handleUnauthorized, Input, isUnauthorizedError, Label, LOGOUT_PATH, toast } from '@midway/ui';
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

const PasswordForm = styled.form`
  display: grid;
  gap: 12px;
  margin: 0 0 24px;
  padding-top: 20px;
  border-top: 1px solid ${({ theme }) => theme.colors.border};
  h3 { margin: 0; font-size: ${({ theme }) => theme.fontSizes.md}; }
`;

/** The message of an API error body (`{message}`), or a generic one. */
function messageOf(err: unknown): string {
  if (err instanceof ApiError) {
    try {
      const body = JSON.parse(err.body) as { message?: unknown };
      if (typeof body.message === 'string') return body.message;
    } catch {
      // not JSON: fall through
    }
  }
  return 'The password could not be changed. Check your connection and try again.';
}

/** Change password: the current one, then the new one; other devices are signed out by the service. */
export function ChangePasswordForm() {
  const [currentPassword, setCurrent] = useState('');
  const [newPassword, setNew] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (newPassword.length < PASSWORD_MIN_LENGTH) return void setError(`The new password must be at least ${PASSWORD_MIN_LENGTH} characters.`);
    setError(null);
    setSaving(true);
    try {
      const answer = await apiJson<PasswordMessage>('POST', '/api/user/password', { currentPassword, newPassword });
      setCurrent('');
      setNew('');
      toast({ title: 'Password changed', description: answer.message });
    } catch (err) {
      if (isUnauthorizedError(err)) return void handleUnauthorized();
      const message = messageOf(err);
      setError(message);
      toast({ title: 'Password not changed', description: message, variant: 'destructive' });
    } finally {
      setSaving(false);
    }
  };

  return (
    <PasswordForm onSubmit={submit} aria-labelledby="change-password-title" noValidate>
      <h3 id="change-password-title">Change password</h3>
      <Field>
        <Label htmlFor="current-password">Current password</Label>
        <Input id="current-password" type="password" autoComplete="current-password" required value={currentPassword} onChange={(e) => setCurrent(e.target.value)} />
      </Field>
      <Field>
        <Label htmlFor="new-password">New password</Label>
        <Input id="new-password" type="password" autoComplete="new-password" required minLength={PASSWORD_MIN_LENGTH} aria-invalid={error ? true : undefined} value={newPassword} onChange={(e) => setNew(e.target.value)} />
        {error && <FieldError>{error}</FieldError>}
      </Field>
      <Button type="submit" disabled={saving || !currentPassword || !newPassword}>
        {saving ? 'Saving…' : 'Change password'}
      </Button>
    </PasswordForm>
  );
}

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
        <ChangePasswordForm />
        <ButtonLink href={LOGOUT_PATH} $variant="outline">
          <LogOut aria-hidden />
          Sign Out
        </ButtonLink>
      </DialogContent>
    </Dialog>
  );
}
