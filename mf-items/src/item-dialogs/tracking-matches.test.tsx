import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { jsonResponse, mockFetch, renderWithProviders } from '@midway/ui/testing';
import { aProject, anItem, PROJECT_ID } from '../test-fixtures';
import CreateItemDialog from './create-item-dialog';
import EditItemDialog from './edit-item-dialog';

/** A tracking number already on other items the designer can see: a warning with links, never a refusal. */
const SIDE_TABLE = { id: '4c8e1d2a-7b3f-4e6a-9d0c-5f1a2b3c4d5e', name: 'Side table', projectId: PROJECT_ID, projectName: 'Lakeview Residence', url: `/projects/${PROJECT_ID}?item=4c8e1d2a-7b3f-4e6a-9d0c-5f1a2b3c4d5e` };

const lookups = (fetchMock: jest.Mock) =>
  fetchMock.mock.calls.map(([url]) => new URL(String(url), 'http://localhost')).filter((u) => u.pathname === '/api/items/tracking-matches').map((u) => Object.fromEntries(u.searchParams));

describe('the tracking number in the item dialogs', () => {
  it('Create New Item warns with a link to the other item, and still creates the item', async () => {
    const fetchMock = mockFetch({
      'GET /api/projects': () => jsonResponse([aProject()]),
      'GET /api/carriers': () => jsonResponse([]),
      'GET /api/items/tracking-matches': () => jsonResponse([SIDE_TABLE]),
      [`POST /api/projects/${PROJECT_ID}/items`]: () => jsonResponse(anItem(), 201),
    });
    const onOpenChange = jest.fn();
    renderWithProviders(<CreateItemDialog open onOpenChange={onOpenChange} projectId={PROJECT_ID} />);
    await userEvent.type(await screen.findByLabelText(/Item name/), 'Stool');
    const tracking = screen.getByLabelText(/Tracking number/);
    await userEvent.type(tracking, '1Z999AA10123456784');
    const warning = await screen.findByRole('status', {}, { timeout: 3000 });
    expect(warning.textContent).toBe('This tracking number is already on Side table (Lakeview Residence). A shipment may hold several items, so you can still save.');
    expect(within(warning).getByRole('link', { name: 'Side table' }).getAttribute('href')).toBe(SIDE_TABLE.url);
    expect(tracking.getAttribute('aria-describedby')).toBe(warning.id);
    // Looked up once the number rested, not per keystroke.
    expect(lookups(fetchMock)).toEqual([{ trackingNumber: '1Z999AA10123456784' }]);
    await userEvent.click(screen.getByRole('button', { name: 'Create Item' }));
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
  });

  it('Edit Item leaves the item itself out of the lookup, and says nothing when no other item has the number', async () => {
    const item = anItem({ name: 'Oak table', trackingNumber: 'T-100' });
    const fetchMock = mockFetch({ 'GET /api/carriers': () => jsonResponse([]), 'GET /api/items/tracking-matches': () => jsonResponse([]) });
    renderWithProviders(<EditItemDialog item={item} onClose={jest.fn()} />);
    await waitFor(() => expect(lookups(fetchMock)).toEqual([{ trackingNumber: 'T-100', exceptItemId: item.id }]), { timeout: 3000 });
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.getByLabelText(/Tracking number/).hasAttribute('aria-describedby')).toBe(false);
  });
});
