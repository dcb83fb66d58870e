import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { jsonResponse, mockFetch, renderWithProviders, textResponse } from '@midway/ui/testing';
import InvitationPage from './invitation.page';
import { PendingInvitations } from './pending-invitations';

const PROJECT_ID = '2f1e8e8a-5f4b-4d8e-9a53-6a4c1e0b7a11';
const INVITATION_ID = '4e5f6a7b-8c9d-4e0f-a1b2-c3d4e5f6a7b8';
const TOKEN = 'inv_Tk3n-0f-An-E-mailed-Link-4-Lakeview-Res';
const invitation = { id: INVITATION_ID, projectId: PROJECT_ID, projectName: 'Lakeview Residence', invitedBy: 'Ann Lee', role: 'member', expiresAt: '2026-03-09T15:04:05.000Z' };
const link = { ...invitation, email: 'kim@studio.com' };
const kim = { id: '6d2c1b0a-9e8f-4a7b-8c6d-5e4f3a2b1c0d', email: 'kim@studio.com', firstName: 'Kim', lastName: 'Ito', systemRole: 'designer' };
const accepted = () => jsonResponse({ projectId: PROJECT_ID, role: 'member' });
const posted = (fetchMock: jest.Mock) => fetchMock.mock.calls.filter(([, init]) => (init as RequestInit | undefined)?.method === 'POST').map(([url]) => String(url));

/** The page at /invitations/{token}, with a route for the project it leads to. */
const renderPage = (search = '') => renderWithProviders(<InvitationPage />, { path: `/invitations/${TOKEN}${search}`, pattern: '/invitations/:token' });

describe('the dashboard’s invitations banner', () => {
  it('shows nothing when there are none', async () => {
    const fetchMock = mockFetch({ 'GET /api/invitations': () => jsonResponse([]) });
    const { container } = renderWithProviders(<PendingInvitations />);
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(container.textContent).toBe('');
  });

  it('says who invited the designer to what, and accepts or declines', async () => {
    const user = userEvent.setup();
    let pending = [invitation, { ...invitation, id: '5f6a7b8c-9d0e-4f1a-b2c3-d4e5f6a7b8c9', projectName: 'Harbour Loft', role: 'viewer' }];
    const fetchMock = mockFetch({
      'GET /api/invitations': () => jsonResponse(pending),
      [`POST /api/invitations/${INVITATION_ID}/accept`]: () => {
        pending = pending.filter((i) => i.id !== INVITATION_ID);
        return accepted();
      },
      'POST /api/invitations/5f6a7b8c-9d0e-4f1a-b2c3-d4e5f6a7b8c9/decline': () => {
        pending = [];
        return textResponse('', 204);
      },
    });
    renderWithProviders(<PendingInvitations />);
    expect(await screen.findByRole('heading', { name: 'You are invited to 2 projects' })).toBeTruthy();
    expect(screen.getAllByText(/invited you to/, { selector: 'p' }).map((p) => p.textContent)).toEqual([
      'Ann Lee invited you to Lakeview Residence as a member.',
      'Ann Lee invited you to Harbour Loft as a viewer (read only).',
    ]);
    await user.click(screen.getByRole('button', { name: 'Accept the invitation to Lakeview Residence' }));
    await waitFor(() => expect(screen.queryByText('Lakeview Residence')).toBeNull());
    await user.click(screen.getByRole('button', { name: 'Decline the invitation to Harbour Loft' }));
    await waitFor(() => expect(screen.queryByText('Harbour Loft')).toBeNull());
    expect(posted(fetchMock)).toEqual([`/api/invitations/${INVITATION_ID}/accept`, '/api/invitations/5f6a7b8c-9d0e-4f1a-b2c3-d4e5f6a7b8c9/decline']);
  });
});

describe('the invitation link’s page', () => {
  it('signed out: offers sign-in and sign-up with the address filled in, coming back here to join', async () => {
    mockFetch({ [`GET /api/invitations/link/${TOKEN}`]: () => jsonResponse(link), 'GET /api/auth/user': () => jsonResponse({ message: 'Sign in' }, 401) });
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Ann Lee invited you to Lakeview Residence' })).toBeTruthy();
    const back = encodeURIComponent(`/invitations/${TOKEN}?join=1`);
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe(`/api/login?email=kim%40studio.com&returnTo=${back}`);
    expect(screen.getByRole('link', { name: 'Create an account' }).getAttribute('href')).toBe(`/api/register?email=kim%40studio.com&returnTo=${back}`);
  });

  it('signed in with the invited address: one click joins', async () => {
    const user = userEvent.setup();
    const fetchMock = mockFetch({ [`GET /api/invitations/link/${TOKEN}`]: () => jsonResponse(link), 'GET /api/auth/user': () => jsonResponse(kim), [`POST /api/invitations/${INVITATION_ID}/accept`]: accepted });
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Join Lakeview Residence' }));
    await waitFor(() => expect(posted(fetchMock)).toEqual([`/api/invitations/${INVITATION_ID}/accept`]));
  });

  it('back from signing in or up (?join=1): joins without another click, once', async () => {
    const fetchMock = mockFetch({ [`GET /api/invitations/link/${TOKEN}`]: () => jsonResponse(link), 'GET /api/auth/user': () => jsonResponse(kim), [`POST /api/invitations/${INVITATION_ID}/accept`]: accepted });
    renderPage('?join=1');
    await waitFor(() => expect(posted(fetchMock)).toEqual([`/api/invitations/${INVITATION_ID}/accept`]));
    await new Promise((r) => setTimeout(r, 50));
    expect(posted(fetchMock)).toHaveLength(1);
  });

  it('signed in with another address: says whose invitation it is and joins nothing, even with ?join=1', async () => {
    const fetchMock = mockFetch({ [`GET /api/invitations/link/${TOKEN}`]: () => jsonResponse(link), 'GET /api/auth/user': () => jsonResponse({ ...kim, email: 'sam@studio.com' }) });
    renderPage('?join=1');
    expect(await screen.findByText(/You are signed in as sam@studio.com/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Join/ })).toBeNull();
    expect(posted(fetchMock)).toEqual([]);
  });

  it.each([
    [410, 'This invitation has expired'],
    [404, 'This invitation is no longer open'],
  ])('a link answered %i says so', async (status, heading) => {
    mockFetch({ [`GET /api/invitations/link/${TOKEN}`]: () => jsonResponse({ error: 'x', message: 'x' }, status), 'GET /api/auth/user': () => jsonResponse(kim) });
    renderPage();
    expect(await screen.findByRole('heading', { name: heading })).toBeTruthy();
  });
});
