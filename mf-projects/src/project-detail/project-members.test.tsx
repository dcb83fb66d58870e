import { getToasts, resetToasts } from '@midway/ui';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { jsonResponse, mockFetch, renderWithProviders } from '@midway/ui/testing';
import { ProjectMembers } from './project-members';

const ID = '2f1e8e8a-5f4b-4d8e-9a53-6a4c1e0b7a11';
const sam = { userId: '6d2c1b0a-9e8f-4a7b-8c6d-5e4f3a2b1c0d', email: 'sam@studio.com', firstName: 'Sam', lastName: 'Lee', role: 'member', joinedAt: '2026-03-02T15:04:05.000Z' };

describe('ProjectMembers (share with designer)', () => {
  beforeEach(() => resetToasts());

  it('adds a designer by e-mail and lists them', async () => {
    const user = userEvent.setup();
    let members: (typeof sam)[] = [];
    const fetchMock = mockFetch({
      [`GET /api/projects/${ID}/members`]: () => jsonResponse(members),
      [`POST /api/projects/${ID}/members`]: () => {
        members = [sam];
        return jsonResponse(members, 201);
      },
    });
    renderWithProviders(<ProjectMembers project={{ id: ID, access: 'owner' }} />);
    await screen.findByText('Only you work on this project so far.');
    await user.type(screen.getByLabelText('Designer email'), ' Sam@Studio.com ');
    await user.click(screen.getByRole('button', { name: 'Share' }));
    await screen.findByText('Sam Lee');
    const post = fetchMock.mock.calls.find(([, init]) => (init as RequestInit | undefined)?.method === 'POST') as [string, RequestInit];
    expect(JSON.parse(post[1].body as string)).toEqual({ email: 'sam@studio.com' });
    expect(getToasts()[0]).toMatchObject({ title: 'Project shared' });
  });

  it("shows the service's message when no account uses the e-mail", async () => {
    const user = userEvent.setup();
    mockFetch({
      [`GET /api/projects/${ID}/members`]: () => jsonResponse([]),
      [`POST /api/projects/${ID}/members`]: () => jsonResponse({ error: 'not_found', message: 'No Midway account uses that e-mail. Ask them to sign up first, then share again.' }, 404),
    });
    renderWithProviders(<ProjectMembers project={{ id: ID, access: 'owner' }} />);
    await user.type(await screen.findByLabelText('Designer email'), 'nobody@studio.com');
    await user.click(screen.getByRole('button', { name: 'Share' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('No Midway account uses that e-mail. Ask them to sign up first, then share again.'));
  });

  it.each(['member', 'viewer'] as const)('lets a %s see the list but not change it', async (access) => {
    mockFetch({ [`GET /api/projects/${ID}/members`]: () => jsonResponse([sam]) });
    renderWithProviders(<ProjectMembers project={{ id: ID, access }} />);
    await screen.findByText('Sam Lee');
    expect(screen.queryByRole('button', { name: 'Share' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Remove/ })).toBeNull();
  });
});
