import { jsonResponse, mockFetch, renderWithProviders, textResponse } from '@midway/ui/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ADMIN, aLocation } from '../test-fixtures';
import StoragePage, { STORAGE_DENIED } from './storage.page';

const posted = (fetchMock: jest.Mock, path: string) =>
  fetchMock.mock.calls.filter(([url, init]) => init?.method === 'POST' && new URL(String(url), 'http://localhost').pathname === path).map(([, init]) => JSON.parse(String(init!.body)));

describe('the storage page', () => {
  it('opens on put-away, and the tab in the address opens the locations: create one (checked first, a duplicate named), each with its label', async () => {
    const B12 = aLocation({ code: 'B-12', name: 'Bay B, shelf 12', itemCount: 3 });
    let locations = [B12];
    const fetchMock = mockFetch({
      'GET /api/auth/user': () => jsonResponse(ADMIN),
      'GET /api/warehouse/locations': () => jsonResponse(locations),
      'POST /api/warehouse/locations': (init) => {
        const body = JSON.parse(String(init!.body));
        if (body.code === 'B-12') return textResponse(JSON.stringify({ error: 'conflict', message: 'A location B-12 exists already (Bay B, shelf 12): choose another code.' }), 409);
        const made = aLocation({ ...body, itemCount: 0 });
        locations = [...locations, made];
        return jsonResponse(made, 201);
      },
    });
    renderWithProviders(<StoragePage />, { path: '/storage?tab=locations' });
    const row = await screen.findByTestId('location');
    expect(row.textContent).toContain('B-12Bay B, shelf 12Bin 3 items');
    expect(within(row).getByRole('link', { name: 'Label of B-12 (PDF)' }).getAttribute('href')).toBe(`/api/warehouse/locations/${B12.id}/label.pdf`);
    expect(within(row).getByRole('link', { name: 'Label of B-12 (PDF)' }).getAttribute('target')).toBe('_blank');
    // Checked with the service's schema before it is sent.
    await userEvent.type(screen.getByLabelText('Code'), 'B 12!');
    await userEvent.click(screen.getByRole('button', { name: 'Create' }));
    expect((await screen.findAllByRole('alert')).map((a) => a.textContent)).toEqual([
      "code must be 1–32 letters, digits or dashes, as printed on the location's label (e.g. B-12)",
      'name is required: what staff call the place (e.g. "Bay B, shelf 12")',
    ]);
    expect(posted(fetchMock, '/api/warehouse/locations')).toEqual([]);
    await userEvent.clear(screen.getByLabelText('Code'));
    await userEvent.type(screen.getByLabelText('Code'), 'b-12');
    await userEvent.type(screen.getByLabelText('Name'), 'Somewhere');
    await userEvent.click(screen.getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('A location B-12 exists already (Bay B, shelf 12): choose another code.'));
    await userEvent.clear(screen.getByLabelText('Code'));
    await userEvent.type(screen.getByLabelText('Code'), 'stage-1');
    await userEvent.selectOptions(screen.getByLabelText('Kind'), 'staging');
    await userEvent.click(screen.getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(screen.getAllByTestId('location')).toHaveLength(2));
    expect(posted(fetchMock, '/api/warehouse/locations').at(-1)).toEqual({ code: 'STAGE-1', name: 'Somewhere', kind: 'staging' });
  });

  it('puts the put-away box first, and denies a designer', async () => {
    mockFetch({ 'GET /api/auth/user': () => jsonResponse(ADMIN) });
    const { unmount } = renderWithProviders(<StoragePage />, { path: '/storage' });
    await waitFor(() => expect(document.activeElement?.getAttribute('aria-label')).toBe('Item or location label'));
    expect(screen.getByRole('tab', { name: 'Put away' }).getAttribute('aria-selected')).toBe('true');
    unmount();
    mockFetch({ 'GET /api/auth/user': () => jsonResponse({ ...ADMIN, systemRole: 'designer' }) });
    renderWithProviders(<StoragePage />, { path: '/storage' });
    expect(await screen.findByText(STORAGE_DENIED)).toBeTruthy();
  });
});
