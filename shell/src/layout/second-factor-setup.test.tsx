import { resetToasts, theme } from '@midway/ui';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ThemeProvider } from 'styled-components';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { CurrentUser } from '@midway/contracts';
import { CURRENT_USER_QUERY_KEY } from '@midway/ui/query';
import { SecondFactorSetup } from './second-factor-setup';

const answer = (status: number, body: unknown) =>
  Promise.resolve({ ok: status < 300, status, statusText: '', text: async () => JSON.stringify(body), json: async () => body } as Response);

const admin: CurrentUser = { id: 'a1', email: 'sam@midway.test', firstName: 'Sam', lastName: 'Staff', company: null, phone: null, systemRole: 'midway_admin', emailVerified: true, secondFactor: 'enrol' };
const SETUP = { secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP', otpauthUrl: 'otpauth://totp/Midway:sam', qrDataUrl: 'data:image/png;base64,iVBORw0KGgo=' };

function renderSetup(user: CurrentUser = admin) {
  const queryClient = new QueryClient();
  queryClient.setQueryData(CURRENT_USER_QUERY_KEY, user);
  render(
    <QueryClientProvider client={queryClient}>
      <ThemeProvider theme={theme}>
        <SecondFactorSetup user={user} />
      </ThemeProvider>
    </QueryClientProvider>,
  );
  return { ui: userEvent.setup(), queryClient };
}

describe('SecondFactorSetup', () => {
  const fetchMock = jest.fn();
  beforeEach(() => {
    resetToasts();
    fetchMock.mockReset();
    global.fetch = fetchMock as unknown as typeof fetch;
  });

  it('shows the QR code and the key as text, confirms with a code, then the recovery codes once, and opens the app', async () => {
    fetchMock.mockReturnValueOnce(answer(200, SETUP));
    const { ui, queryClient } = renderSetup();
    await ui.click(screen.getByRole('button', { name: 'Set up two-step sign-in' }));
    expect((await screen.findByAltText('QR code for your authenticator app')).getAttribute('src')).toBe(SETUP.qrDataUrl);
    expect(screen.getByTestId('totp-secret').textContent).toBe('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP');

    fetchMock.mockReturnValueOnce(answer(400, { error: 'invalid_code', message: 'That code is not right. Enter the 6 digits your app shows now.' }));
    await ui.type(screen.getByLabelText('Code from the app'), '111111');
    await ui.click(screen.getByRole('button', { name: 'Turn on' }));
    expect((await screen.findByRole('alert')).textContent).toContain('That code is not right');

    fetchMock.mockReturnValueOnce(answer(200, { recoveryCodes: ['abcde-fghij', 'klmno-pqrst'], message: 'On.' }));
    await ui.clear(screen.getByLabelText('Code from the app'));
    await ui.type(screen.getByLabelText('Code from the app'), '123456');
    await ui.click(screen.getByRole('button', { name: 'Turn on' }));
    expect(await screen.findByText('abcde-fghij')).toBeTruthy();
    expect(fetchMock).toHaveBeenLastCalledWith('/api/auth/second-factor/confirm', expect.objectContaining({ method: 'POST', body: JSON.stringify({ code: '123456' }) }));
    expect(queryClient.getQueryData<CurrentUser>(CURRENT_USER_QUERY_KEY)?.secondFactor).toBe('enrol');
    await ui.click(screen.getByRole('button', { name: 'I have saved them' }));
    await waitFor(() => expect(queryClient.getQueryData<CurrentUser>(CURRENT_USER_QUERY_KEY)?.secondFactor).toBe('on'));
    // The codes are gone once saved.
    expect(screen.queryByText('abcde-fghij')).toBeNull();
  });

  it('does not call the service for a code that is not 6 digits', async () => {
    fetchMock.mockReturnValueOnce(answer(200, SETUP));
    const { ui } = renderSetup();
    await ui.click(screen.getByRole('button', { name: 'Set up two-step sign-in' }));
    await ui.type(await screen.findByLabelText('Code from the app'), '12ab');
    await ui.click(screen.getByRole('button', { name: 'Turn on' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Enter the 6 digits your app shows.');
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('says it is on when it is', () => {
    renderSetup({ ...admin, secondFactor: 'on' });
    expect(screen.getByText(/Signing in asks for the code/)).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
  });
});
