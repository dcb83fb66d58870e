import { getToasts, resetToasts } from '@midway/ui';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { jsonResponse, mockFetch, renderWithProviders, textResponse } from '@midway/ui/testing';
import { ProjectMembers } from './project-members';

const ID = '2f1e8e8a-5f4b-4d8e-9a53-6a4c1e0b7a11';
const INVITATION_ID = '7c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f';
const owner = { status: 'active', userId: '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d', email: 'ann@studio.com', firstName: 'Ann', lastName: 'Lee', role: 'owner', joinedAt: '2026-03-01T10:00:00.000Z' };
const sam = { status: 'active', userId: '6d2c1b0a-9e8f-4a7b-8c6d-5e4f3a2b1c0d', email: 'sam@studio.com', firstName: 'Sam', lastName: 'Lee', role: 'member', joinedAt: '2026-03-02T15:04:05.000Z' };
const invited = { status: 'invited', id: INVITATION_ID, email: 'kim@studio.com', role: 'viewer', expiresAt: '2026-03-09T15:04:05.000Z' };
const SENT = { message: 'If they are not on the project yet, they get an e-mail with a link to join, valid for 7 days.' };

describe('ProjectMembers (invite a designer)', () => {
  beforeEach(() => resetToasts());

  it('invites an address with the chosen role, says so, and lists the invitation', async () => {
    const user = userEvent.setup();
    let members: object[] = [owner];
    const fetchMock = mockFetch({
      [`GET /api/projects/${ID}/members`]: () => jsonResponse(members),
      [`POST /api/projects/${ID}/members`]: () => {
        members = [owner, invited];
        return jsonResponse(SENT, 202);
      },
    });
    renderWithProviders(<ProjectMembers project={{ id: ID, access: 'owner' }} />);
    await screen.findByText('Only you work on this project so far.');
    await user.type(screen.getByLabelText('Designer email'), ' Kim@Studio.com ');
    await user.selectOptions(screen.getByLabelText('Role'), 'viewer');
    await user.click(screen.getByRole('button', { name: 'Invite' }));
    await screen.findByText('kim@studio.com');
    expect(screen.getByText('Invited · Viewer')).toBeTruthy();
    expect(screen.getByText(/^Invited · expires Mar 9, 2026$/)).toBeTruthy();
    const post = fetchMock.mock.calls.find(([, init]) => (init as RequestInit | undefined)?.method === 'POST') as [string, RequestInit];
    expect(JSON.parse(post[1].body as string)).toEqual({ email: 'kim@studio.com', role: 'viewer' });
    expect(getToasts()[0]).toMatchObject({ title: 'Invitation sent', description: SENT.message });
  });

  it('lists the owner and members by name; the owner revokes an invitation and removes a member, but not the owner', async () => {
    const user = userEvent.setup();
    let members: object[] = [owner, sam, invited];
    const fetchMock = mockFetch({
      [`GET /api/projects/${ID}/members`]: () => jsonResponse(members),
      [`DELETE /api/projects/${ID}/members/${INVITATION_ID}`]: () => {
        members = [owner, sam];
        return textResponse('', 204);
      },
    });
    renderWithProviders(<ProjectMembers project={{ id: ID, access: 'owner' }} />);
    await screen.findByText('Sam Lee');
    expect(screen.getByText('Ann Lee')).toBeTruthy();
    expect(screen.getByText('Owner')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Remove Ann Lee' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Remove Sam Lee' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Revoke the invitation of kim@studio.com' }));
    await waitFor(() => expect(screen.queryByText('kim@studio.com')).toBeNull());
    expect(fetchMock.mock.calls.some(([url, init]) => String(url).endsWith(`/members/${INVITATION_ID}`) && (init as RequestInit).method === 'DELETE')).toBe(true);
  });

  it.each(['member', 'viewer'] as const)('lets a %s see the list but not change it', async (access) => {
    mockFetch({ [`GET /api/projects/${ID}/members`]: () => jsonResponse([owner, sam, invited]) });
    renderWithProviders(<ProjectMembers project={{ id: ID, access }} />);
    await screen.findByText('Sam Lee');
    expect(screen.queryByRole('button', { name: 'Invite' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Remove|Revoke/ })).toBeNull();
  });
});
