import { theme } from '@midway/ui';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ThemeProvider } from 'styled-components';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { CURRENT_USER_QUERY_KEY } from '@midway/ui/query';
import { VerifyEmailBanner } from './verify-email-banner';

/** jsdom has no Response: just what the API client reads. */
const answer = (status: number, body: unknown) =>
  Promise.resolve({ ok: status < 300, status, statusText: '', text: async () => JSON.stringify(body), json: async () => body } as Response);

const me = { id: 'u1', email: 'dana@studio.test', firstName: 'Dana', lastName: 'Ng', company: null, phone: null, systemRole: 'designer' as const, emailVerified: false };

function renderBanner(user = me, client = new QueryClient()) {
  render(
    <QueryClientProvider client={client}>
      <ThemeProvider theme={theme}>
        <VerifyEmailBanner user={user} />
      </ThemeProvider>
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

describe('VerifyEmailBanner', () => {
  const fetchMock = jest.fn();
  beforeEach(() => {
    fetchMock.mockReset();
    global.fetch = fetchMock as unknown as typeof fetch;
  });

  it('shows nothing once the address is verified', () => {
    renderBanner({ ...me, emailVerified: true });
    expect(screen.queryByRole('button', { name: 'Resend' })).toBeNull();
    expect(screen.queryByText(/verify your e-mail address/i)).toBeNull();
  });

  it('asks an unverified user to open the link sent to their address; Resend shows progress, then what was done', async () => {
    let release!: () => void;
    fetchMock.mockReturnValue(new Promise<Response>((r) => (release = () => r(answer(202, { message: 'We have e-mailed a new link to dana@studio.test.' }) as unknown as Response))));
    const user = renderBanner();
    expect(screen.getByRole('region', { name: 'Verify your e-mail address' }).textContent).toContain('dana@studio.test');
    await user.click(screen.getByRole('button', { name: 'Resend' }));
    expect((screen.getByRole('button', { name: 'Sending…' }) as HTMLButtonElement).disabled).toBe(true);
    release();
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('We have e-mailed a new link to dana@studio.test.'));
    expect(fetchMock).toHaveBeenCalledWith('/api/auth/verify-email/resend', expect.objectContaining({ method: 'POST' }));
    expect((screen.getByRole('button', { name: 'Resend' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it("says what to do when sending fails: the service's message (too many attempts), or to try again", async () => {
    fetchMock.mockReturnValueOnce(answer(429, { error: 'rate_limited', message: 'Too many attempts. Please wait a minute and try again.' }));
    const user = renderBanner();
    await user.click(screen.getByRole('button', { name: 'Resend' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Too many attempts. Please wait a minute and try again.'));
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await user.click(screen.getByRole('button', { name: 'Resend' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toMatch(/could not be sent\. Check your connection/));
  });

  it('an address verified meanwhile (409) reads the user again, so the bar goes', async () => {
    const client = new QueryClient();
    const invalidate = jest.spyOn(client, 'invalidateQueries');
    fetchMock.mockReturnValue(answer(409, { error: 'already_verified', message: 'Your address is already verified. Reload the page.' }));
    const user = renderBanner(me, client);
    await user.click(screen.getByRole('button', { name: 'Resend' }));
    await waitFor(() => expect(invalidate).toHaveBeenCalledWith({ queryKey: CURRENT_USER_QUERY_KEY }));
  });
});
