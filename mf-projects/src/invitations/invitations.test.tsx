import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { getToasts, resetToasts } from '@midway/ui';
import { jsonResponse, mockFetch, renderWithProviders, textResponse } from '@midway/ui/testing';
import InvitationPage from './invitation.page';
import { PendingInvitations } from './pending-invitations';

const PROJECT_ID = '2f1e8e8a-5f4b-4d8e-9a53-6a4c1e0b7a11';
const INVITATION_ID = '4e5f6a7b-8c9d-4e0f-a1b2-c3d4e5f6a7b8';
const TOKEN = 'inv_Tk3n-0f-An-E-mailed-Link-4-Lakeview-Res';
const invitation = { id: INVITATION_ID, projectId: PROJECT_ID, projectName: 'Lakeview Residence', invitedBy: 'Ann Lee', role: 'member', expiresAt: '2026-03-09T15:04:05.000Z' };
const link = { ...invitation, email: 'kim@studio.com' };
const kim = { id: '6d2c1b0a-9e8f-4a7b-8c6d-5e4f3a2b1c0d', email: 'kim@studio.com', firstName: 'Kim', lastName: 'Ito', systemRole: 'designer', emailVerified: false };
const accepted = () => jsonResponse({ projectId: PROJECT_ID, role: 'member' });
const posted = (fetchMock: jest.Mock) => fetchMock.mock.calls.filter(([, init]) => (init as RequestInit | undefined)?.method === 'POST').map(([url]) => String(url));
const postedBodies = (fetchMock: jest.Mock) => fetchMock.mock.calls.filter(([, init]) => (init as RequestInit | undefined)?.method === 'POST').map(([, init]) => (init as RequestInit).body);
const OPEN_THE_LINK = 'To join, open the link in the invitation e-mail (it proves the address is yours), or verify your address first with the link we e-mailed you when you signed up.';

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

  it('an address not verified yet: accepting shows the service’s 403 message (open the link in the e-mail)', async () => {
    resetToasts();
    const user = userEvent.setup();
    mockFetch({ 'GET /api/invitations': () => jsonResponse([invitation]), [`POST /api/invitations/${INVITATION_ID}/accept`]: () => jsonResponse({ error: 'forbidden', message: OPEN_THE_LINK }, 403) });
    renderWithProviders(<PendingInvitations />);
    await user.click(await screen.findByRole('button', { name: 'Accept the invitation to Lakeview Residence' }));
    await waitFor(() => expect(getToasts()).toEqual([expect.objectContaining({ description: OPEN_THE_LINK, variant: 'destructive' })]));
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
    // The link's token goes with it: it proves the mailbox, verified address or not.
    expect(postedBodies(fetchMock)).toEqual([JSON.stringify({ token: TOKEN })]);
  });

  it('a refused join shows the service’s message on the page', async () => {
    const user = userEvent.setup();
    mockFetch({ [`GET /api/invitations/link/${TOKEN}`]: () => jsonResponse(link), 'GET /api/auth/user': () => jsonResponse(kim), [`POST /api/invitations/${INVITATION_ID}/accept`]: () => jsonResponse({ error: 'invitation_expired', message: 'This invitation has expired. Ask the project owner to invite you again.' }, 410) });
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Join Lakeview Residence' }));
    expect((await screen.findByRole('alert')).textContent).toBe('This invitation has expired. Ask the project owner to invite you again.');
  });

  it('back from signing in or up (?join=1): joins without another click, once', async () => {
    const fetchMock = mockFetch({ [`GET /api/invitations/link/${TOKEN}`]: () => jsonResponse(link), 'GET /api/auth/user': () => jsonResponse(kim), [`POST /api/invitations/${INVITATION_ID}/accept`]: accepted });
    renderPage('?join=1');
    await waitFor(() => expect(posted(fetchMock)).toEqual([`/api/invitations/${INVITATION_ID}/accept`]));
    await new Promise((r) => setTimeout(r, 50));
    expect(posted(fetchMock)).toHaveLength(1);
  });

  it('signed in with another address: says whose invitation it is, joins nothing by itself (even with ?join=1), and joins as that account on a click', async () => {
    const user = userEvent.setup();
    const fetchMock = mockFetch({ [`GET /api/invitations/link/${TOKEN}`]: () => jsonResponse(link), 'GET /api/auth/user': () => jsonResponse({ ...kim, email: 'sam@studio.com' }), [`POST /api/invitations/${INVITATION_ID}/accept`]: accepted });
    renderPage('?join=1');
    expect(await screen.findByText(/You are signed in as sam@studio.com/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Sign out' })).toBeTruthy();
    await new Promise((r) => setTimeout(r, 50));
    expect(posted(fetchMock)).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Join Lakeview Residence' }));
    await waitFor(() => expect(postedBodies(fetchMock)).toEqual([JSON.stringify({ token: TOKEN })]));
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
