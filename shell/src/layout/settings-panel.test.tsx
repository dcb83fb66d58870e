import { getToasts, resetToasts, theme } from '@midway/ui';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ThemeProvider } from 'styled-components';
import { ChangePasswordForm } from './settings-panel';

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
