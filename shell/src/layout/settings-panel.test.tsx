import { getToasts, resetToasts, theme } from '@midway/ui';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ThemeProvider } from 'styled-components';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { CURRENT_USER_QUERY_KEY } from '@midway/ui/query';
import { ChangePasswordForm, EditProfileForm } from './settings-panel';

/** jsdom has no Response: just what the API client reads. */
const answer = (status: number, body: unknown) =>
  Promise.resolve({ ok: status < 300, status, statusText: '', text: async () => JSON.stringify(body), json: async () => body } as Response);

function renderForm() {
  render(
    <ThemeProvider theme={theme}>
      <ChangePasswordForm />
    </ThemeProvider>,
  );
  return userEvent.setup();
}

describe('ChangePasswordForm (Settings)', () => {
  const fetchMock = jest.fn();
  beforeEach(() => {
    resetToasts();
    fetchMock.mockReset();
    global.fetch = fetchMock as unknown as typeof fetch;
  });

  it('posts the current and new password and shows a success toast', async () => {
    fetchMock.mockReturnValue(answer(200, { message: 'Your password is changed. Other devices signed in to your account were signed out.' }));
    const user = renderForm();
    await user.type(screen.getByLabelText('Current password'), 'old-password-1');
    await user.type(screen.getByLabelText('New password'), 'new-password-2');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    await waitFor(() => expect(getToasts()).toEqual([expect.objectContaining({ title: 'Password changed' })]));
    expect(fetchMock).toHaveBeenCalledWith('/api/user/password', expect.objectContaining({ method: 'POST', body: JSON.stringify({ currentPassword: 'old-password-1', newPassword: 'new-password-2' }) }));
    expect((screen.getByLabelText('Current password') as HTMLInputElement).value).toBe('');
  });

  it("shows the service's message when the current password is wrong, inline and as an error toast", async () => {
    fetchMock.mockReturnValue(answer(400, { error: 'bad_request', message: 'Your current password is not correct.' }));
    const user = renderForm();
    await user.type(screen.getByLabelText('Current password'), 'not-it');
    await user.type(screen.getByLabelText('New password'), 'new-password-2');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Your current password is not correct.');
    expect(getToasts()).toEqual([expect.objectContaining({ title: 'Password not changed', variant: 'destructive' })]);
  });

  it('refuses a short new password before calling the service', async () => {
    const user = renderForm();
    await user.type(screen.getByLabelText('Current password'), 'old-password-1');
    await user.type(screen.getByLabelText('New password'), 'short');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/at least 8 characters/);
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('EditProfileForm (Settings)', () => {
  const fetchMock = jest.fn();
  const me = { id: 'u1', email: 'dana@studio.test', firstName: 'Dana', lastName: 'Ng', company: null, phone: null, systemRole: 'designer' as const, emailVerified: true };
  beforeEach(() => {
    resetToasts();
    fetchMock.mockReset();
    global.fetch = fetchMock as unknown as typeof fetch;
  });
  function renderProfile() {
    const queryClient = new QueryClient();
    queryClient.setQueryData(CURRENT_USER_QUERY_KEY, me);
    render(
      <QueryClientProvider client={queryClient}>
        <ThemeProvider theme={theme}>
          <EditProfileForm user={me} />
        </ThemeProvider>
      </QueryClientProvider>,
    );
    return { user: userEvent.setup(), queryClient };
  }

  it('saves name, company and phone, and the signed-in user shows the new name at once', async () => {
    const saved = { ...me, lastName: 'Ng-Ellis', company: 'Studio North', phone: '604 555 0101' };
    fetchMock.mockReturnValue(answer(200, saved));
    const { user, queryClient } = renderProfile();
    await user.clear(screen.getByLabelText('Last name'));
    await user.type(screen.getByLabelText('Last name'), 'Ng-Ellis');
    await user.type(screen.getByLabelText('Company'), 'Studio North');
    await user.type(screen.getByLabelText('Phone'), '604 555 0101');
    await user.click(screen.getByRole('button', { name: 'Save profile' }));
    await waitFor(() => expect(getToasts()).toEqual([expect.objectContaining({ title: 'Profile saved' })]));
    expect(fetchMock).toHaveBeenCalledWith('/api/user/profile', expect.objectContaining({ method: 'PUT', body: JSON.stringify({ firstName: 'Dana', lastName: 'Ng-Ellis', company: 'Studio North', phone: '604 555 0101' }) }));
    expect(queryClient.getQueryData(CURRENT_USER_QUERY_KEY)).toEqual(saved);
  });

  it("shows the service's message for a refused value", async () => {
    fetchMock.mockReturnValue(answer(400, { error: 'bad_request', message: 'phone may hold digits, spaces and + ( ) - . / x # only' }));
    const { user } = renderProfile();
    await user.type(screen.getByLabelText('Phone'), 'call me');
    await user.click(screen.getByRole('button', { name: 'Save profile' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/phone may hold digits/);
  });

  it('requires first and last name before calling the service', async () => {
    const { user } = renderProfile();
    await user.clear(screen.getByLabelText('First name'));
    await user.click(screen.getByRole('button', { name: 'Save profile' }));
    expect((await screen.findByRole('alert')).textContent).toBe('First and last name are required.');
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
