import { getToasts, resetToasts } from '@midway/ui';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { jsonResponse, mockFetch, renderWithProviders } from '@midway/ui/testing';
import { ClientLink } from './client-link';

const ID = '2f1e8e8a-5f4b-4d8e-9a53-6a4c1e0b7a11';
const SHARE = `POST /api/projects/${ID}/share`;

describe('ClientLink (reset the client link)', () => {
  beforeEach(() => resetToasts());

  it('shows the owner the link; Reset asks first, then POSTs {rotate: true}, copies the new link and says the old one stopped working', async () => {
    const user = userEvent.setup();
    const writeText = jest.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const fetchMock = mockFetch({ [SHARE]: () => jsonResponse({ shareToken: 'tok_new' }) });
    renderWithProviders(<ClientLink project={{ id: ID, access: 'owner', shareToken: 'tok_old' }} />);
    expect(screen.getByLabelText('Client link').textContent).toBe(`${window.location.origin}/client/tok_old`);

    await user.click(screen.getByRole('button', { name: 'Reset link' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reset the client link?' });
    expect(dialog.textContent).toMatch(/stops working at once/);
    expect(fetchMock).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Reset link' }));

    await waitFor(() => expect(getToasts()[0]).toMatchObject({ title: 'Client link reset', variant: 'success' }));
    expect(getToasts()[0]!.description).toMatch(/old link no longer works/);
    const [, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(JSON.parse(init.body as string)).toEqual({ rotate: true });
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/client/tok_new`);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('Cancel resets nothing', async () => {
    const user = userEvent.setup();
    const fetchMock = mockFetch({});
    renderWithProviders(<ClientLink project={{ id: ID, access: 'admin', shareToken: 'tok_old' }} />);
    await user.click(screen.getByRole('button', { name: 'Reset link' }));
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('says the old link still works when the reset fails', async () => {
    const user = userEvent.setup();
    mockFetch({ [SHARE]: () => jsonResponse({ message: 'boom' }, 500) });
    renderWithProviders(<ClientLink project={{ id: ID, access: 'owner', shareToken: 'tok_old' }} />);
    await user.click(screen.getByRole('button', { name: 'Reset link' }));
    await screen.findByRole('dialog');
    await user.click(screen.getByRole('button', { name: 'Reset link' }));
    await waitFor(() => expect(getToasts()[0]).toMatchObject({ variant: 'destructive' }));
    expect(getToasts()[0]!.description).toMatch(/old link still works/);
  });

  it.each(['member', 'viewer'] as const)('shows a %s nothing (only the owner or an admin manages the link)', (access) => {
    const { container } = renderWithProviders(<ClientLink project={{ id: ID, access, shareToken: null }} />);
    expect(container.textContent).toBe('');
  });

  it('shows nothing before the project was first shared', () => {
    const { container } = renderWithProviders(<ClientLink project={{ id: ID, access: 'owner', shareToken: null }} />);
    expect(container.textContent).toBe('');
  });
});
