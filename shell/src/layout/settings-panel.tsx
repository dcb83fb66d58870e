import { useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { CurrentUser, PasswordMessage } from '@midway/contracts';
import { isAdmin, PASSWORD_MIN_LENGTH } from '@midway/contracts/vocab';
import { ApiError, apiJson, Button, ButtonLink, displayName, Field, FieldError, handleUnauthorized, Input, isUnauthorizedError, Label, LOGOUT_PATH, toast } from '@midway/ui';
import { Avatar } from '@midway/ui/avatar';
import { CURRENT_USER_QUERY_KEY } from '@midway/ui/query';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@midway/ui/dialog';
import { LogOut } from 'lucide-react';
import styled from 'styled-components';
import { SecondFactorSetup } from './second-factor-setup';

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
function messageOf(err: unknown, fallback = 'The password could not be changed. Check your connection and try again.'): string {
  if (err instanceof ApiError) {
    try {
      const body = JSON.parse(err.body) as { message?: unknown };
      if (typeof body.message === 'string') return body.message;
    } catch {
      // not JSON: fall through
    }
  }
  return fallback;
}

const ProfileForm = styled.form`
  display: grid;
  gap: 12px;
  margin: 0 0 24px;
  h3 { margin: 0; font-size: ${({ theme }) => theme.fontSizes.md}; }
`;

/** The user's own name, company and phone; the company shows beside their name in invitations. */
export function EditProfileForm({ user }: { user: CurrentUser }) {
  const queryClient = useQueryClient();
  const [values, setValues] = useState({ firstName: user.firstName ?? '', lastName: user.lastName ?? '', company: user.company ?? '', phone: user.phone ?? '' });
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const set = (field: keyof typeof values) => (e: { target: { value: string } }) => setValues((v) => ({ ...v, [field]: e.target.value }));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!values.firstName.trim() || !values.lastName.trim()) return void setError('First and last name are required.');
    setError(null);
    setSaving(true);
    try {
      const changed = await apiJson<CurrentUser>('PUT', '/api/user/profile', values);
      // The answer is the profile; what it leaves out (where the second factor stands) stays as the user had it.
      queryClient.setQueryData<CurrentUser>(CURRENT_USER_QUERY_KEY, (u) => ({ ...u, ...changed }));
      toast({ title: 'Profile saved' });
    } catch (err) {
      if (isUnauthorizedError(err)) return void handleUnauthorized();
      const message = messageOf(err, 'The profile could not be saved. Check your connection and try again.');
      setError(message);
      toast({ title: 'Profile not saved', description: message, variant: 'destructive' });
    } finally {
      setSaving(false);
    }
  };

  return (
    <ProfileForm onSubmit={submit} aria-labelledby="edit-profile-title" noValidate>
      <h3 id="edit-profile-title">Profile</h3>
      <Field>
        <Label htmlFor="profile-first-name">First name</Label>
        <Input id="profile-first-name" autoComplete="given-name" required maxLength={100} value={values.firstName} onChange={set('firstName')} />
      </Field>
      <Field>
        <Label htmlFor="profile-last-name">Last name</Label>
        <Input id="profile-last-name" autoComplete="family-name" required maxLength={100} value={values.lastName} onChange={set('lastName')} />
      </Field>
      <Field>
        <Label htmlFor="profile-company">Company</Label>
        <Input id="profile-company" autoComplete="organization" maxLength={200} value={values.company} onChange={set('company')} />
      </Field>
      <Field>
        <Label htmlFor="profile-phone">Phone</Label>
        <Input id="profile-phone" type="tel" autoComplete="tel" maxLength={40} aria-invalid={error ? true : undefined} value={values.phone} onChange={set('phone')} />
        {error && <FieldError>{error}</FieldError>}
      </Field>
      <Button type="submit" disabled={saving}>
        {saving ? 'Saving…' : 'Save profile'}
      </Button>
    </ProfileForm>
  );
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
          <dt>E-mail</dt>
          <dd>{user.email}</dd>
          <dt>Role</dt>
          <dd>Designer</dd>
        </Fields>
        <EditProfileForm user={user} />
        <ChangePasswordForm />
        {isAdmin(user) && <SecondFactorSetup user={user} />}
        <ButtonLink href={LOGOUT_PATH} $variant="outline">
          <LogOut aria-hidden />
          Sign Out
        </ButtonLink>
      </DialogContent>
    </Dialog>
  );
}
