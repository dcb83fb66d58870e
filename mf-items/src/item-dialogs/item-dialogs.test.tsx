import { getToasts, resetToasts } from '@midway/ui';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useUpdateItemStatus } from '../api/items-queries';
import { aProject, anItem, PROJECT_ID } from '../test-fixtures';
import { jsonResponse, mockFetch, renderWithProviders } from '@midway/ui/testing';
import CreateItemDialog from './create-item-dialog';
import EditItemDialog from './edit-item-dialog';
import ItemDetailDialog, { timelineOf } from './item-detail-dialog';
import { createQuantity, toCreateBody, toUpdateBody, EMPTY_ITEM_FORM } from './item-form';

const bodyOf = (fetchMock: jest.Mock, method: string) => {
  const call = fetchMock.mock.calls.find(([, init]) => init?.method === method);
  return call ? JSON.parse(String(call[1].body)) : undefined;
};

describe('Create New Item', () => {
  beforeEach(() => resetToasts());

  it("asks for a project ('Please select a project') and a name ('Item name is required') before sending anything", async () => {
    const fetchMock = mockFetch({ 'GET /api/projects': () => jsonResponse([aProject()]), 'GET /api/carriers': () => jsonResponse([]) });
    renderWithProviders(<CreateItemDialog open onOpenChange={jest.fn()} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Create Item' }));
    expect(await screen.findByText('Please select a project')).toBeTruthy();
    expect(screen.getByText('Item name is required')).toBeTruthy();
    expect(bodyOf(fetchMock, 'POST')).toBeUndefined();
  });

  it('locks a preselected project, sends the trimmed fields (quantity falling back to 1) and says it was created', async () => {
    const onOpenChange = jest.fn();
    const fetchMock = mockFetch({
      'GET /api/projects': () => jsonResponse([aProject(), aProject({ id: '3a1e8e8a-5f4b-4d8e-9a53-6a4c1e0b7a12', name: 'Other' })]),
      'GET /api/carriers': () => jsonResponse([]),
      [`POST /api/projects/${PROJECT_ID}/items`]: () => jsonResponse(anItem(), 201),
    });
    renderWithProviders(<CreateItemDialog open onOpenChange={onOpenChange} projectId={PROJECT_ID} />);
    const dialog = await screen.findByRole('dialog', { name: 'Create New Item' });
    await waitFor(() => expect(within(dialog).getByRole('combobox', { name: 'Project' }).textContent).toContain('Lakeview Residence'));
    expect(within(dialog).getByRole('combobox', { name: 'Project' }).hasAttribute('disabled')).toBe(true);
    await userEvent.type(within(dialog).getByLabelText(/Item name/), '  Boucle chair ');
    await userEvent.type(within(dialog).getByLabelText(/Supplier/), 'Atelier North');
    await userEvent.clear(within(dialog).getByLabelText(/Quantity/));
    await userEvent.type(within(dialog).getByLabelText(/Price/), '1249.5');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create Item' }));
    await waitFor(() => expect(getToasts()[0]).toMatchObject({ description: 'Item created successfully' }));
    expect(bodyOf(fetchMock, 'POST')).toEqual({ name: 'Boucle chair', supplier: 'Atelier North', quantity: 1, price: '1249.5', status: 'ordered' });
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it("shows the server's error in the dialog and toasts 'Failed to add item. Please try again.'", async () => {
    mockFetch({
      'GET /api/projects': () => jsonResponse([aProject()]),
      'GET /api/carriers': () => jsonResponse([]),
      [`POST /api/projects/${PROJECT_ID}/items`]: () => jsonResponse({ message: 'You can view this project but not change its items.' }, 403),
    });
    renderWithProviders(<CreateItemDialog open onOpenChange={jest.fn()} projectId={PROJECT_ID} />);
    await userEvent.type(await screen.findByLabelText(/Item name/), 'Lamp');
    await userEvent.click(screen.getByRole('button', { name: 'Create Item' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/^403: .*not change its items/);
    expect(getToasts()[0]).toMatchObject({ description: 'Failed to add item. Please try again.', variant: 'destructive' });
  });

  it('checks fields with the contract: a bad product URL is refused in the form', async () => {
    const fetchMock = mockFetch({ 'GET /api/projects': () => jsonResponse([aProject()]), 'GET /api/carriers': () => jsonResponse([]) });
    renderWithProviders(<CreateItemDialog open onOpenChange={jest.fn()} projectId={PROJECT_ID} />);
    await userEvent.type(await screen.findByLabelText(/Item name/), 'Lamp');
    await userEvent.type(screen.getByLabelText(/Product URL/), 'javascript:alert(1)');
    await userEvent.click(screen.getByRole('button', { name: 'Create Item' }));
    expect(await screen.findByText('productUrl must be a URL')).toBeTruthy();
    expect(bodyOf(fetchMock, 'POST')).toBeUndefined();
  });
});

describe('item form bodies', () => {
  it('create: quantity falls back to 1, empty optional fields are left out', () => {
    expect(createQuantity('0')).toBe(1);
    expect(createQuantity('abc')).toBe(1);
    expect(createQuantity('3')).toBe(3);
    expect(toCreateBody({ ...EMPTY_ITEM_FORM, name: ' A ', supplier: ' ' })).toEqual({ name: 'A', quantity: 1, status: 'ordered' });
  });
  it('edit: an emptied field is cleared, price is sent as a number', () => {
    expect(toUpdateBody({ ...EMPTY_ITEM_FORM, name: 'A', quantity: '2', price: '10.5' })).toMatchObject({ name: 'A', quantity: 2, price: 10.5, supplier: null, notes: null });
  });
});

describe('Edit Item', () => {
  beforeEach(() => resetToasts());

  it('refuses a quantity below 1 and saves the changes with a toast', async () => {
    const item = anItem({ name: 'Oak table', supplier: 'Woodworks', quantity: 2, trackingNumber: '1Z999AA10123456784', carrierId: 'ups' });
    const onClose = jest.fn();
    const fetchMock = mockFetch({ 'GET /api/carriers': () => jsonResponse([]), [`PUT /api/items/${item.id}`]: () => jsonResponse({ ...item, quantity: 3 }) });
    renderWithProviders(<EditItemDialog item={item} onClose={onClose} />);
    const quantity = await screen.findByLabelText(/Quantity/);
    await userEvent.clear(quantity);
    await userEvent.type(quantity, '0');
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('quantity must be a whole number of at least 1')).toBeTruthy();
    await userEvent.clear(quantity);
    await userEvent.type(quantity, '3');
    await userEvent.clear(screen.getByLabelText(/Supplier/));
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(getToasts()[0]).toMatchObject({ description: 'Item updated successfully' }));
    expect(bodyOf(fetchMock, 'PUT')).toMatchObject({ name: 'Oak table', quantity: 3, supplier: null, price: null });
    // The carrier shown was detected, not chosen, and was not touched: it is not sent back as a choice.
    expect(bodyOf(fetchMock, 'PUT')).not.toHaveProperty('carrierId');
    expect(onClose).toHaveBeenCalled();
  });

  it("says 'Failed to update item. Please try again.' when saving fails", async () => {
    const item = anItem();
    mockFetch({ 'GET /api/carriers': () => jsonResponse([]), [`PUT /api/items/${item.id}`]: () => jsonResponse({ message: 'x' }, 500) });
    renderWithProviders(<EditItemDialog item={item} onClose={jest.fn()} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(getToasts()[0]).toMatchObject({ description: 'Failed to update item. Please try again.' }));
  });
});

describe('Item Detail', () => {
  beforeEach(() => resetToasts());

  it('timeline: Created, Received, Delivered when stamped, Last Updated when it differs', () => {
    const at = '2026-03-02T15:04:05.000Z';
    expect(timelineOf({ createdAt: at, updatedAt: at, receivedAt: null, deliveredAt: null }).map((e) => e.label)).toEqual(['Created']);
    expect(timelineOf({ createdAt: at, updatedAt: '2026-03-05T10:00:00.000Z', receivedAt: '2026-03-03T10:00:00.000Z', deliveredAt: '2026-03-04T10:00:00.000Z' }).map((e) => e.label)).toEqual([
      'Created',
      'Received',
      'Delivered',
      'Last Updated',
    ]);
  });

  it("timeline: the warehouse's inspection after Received, with its date, notes and photo links", async () => {
    const item = anItem({
      status: 'received',
      receivedAt: '2026-03-03T10:00:00.000Z',
      inspection: { condition: 'missing-parts', inspectedAt: '2026-03-04T09:00:00.000Z', notes: 'Two of four legs in the box', photoUrls: ['/api/photos/7f0e8d9c-1b2a-4c3d-8e4f-5a6b7c8d9e0f', '/api/photos/8a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d'] },
    });
    expect(timelineOf(item).map((e) => e.label)).toEqual(['Created', 'Received', 'Inspected: missing parts']);
    expect(timelineOf({ ...item, inspection: { ...item.inspection!, condition: 'good' } })[2]!.label).toBe('Inspected: good');
    renderWithProviders(<ItemDetailDialog item={item} onClose={jest.fn()} onEdit={jest.fn()} carrierName={(id) => id} />);
    const dialog = await screen.findByRole('dialog', { name: item.name });
    const entry = within(dialog).getByText('Inspected: missing parts').closest('li')!;
    expect(entry.getAttribute('data-damage')).toBe('true');
    expect(within(entry).getByText('Mar 4, 2026')).toBeTruthy();
    expect(within(entry).getByText('Two of four legs in the box')).toBeTruthy();
    expect(within(entry).getAllByRole('link').map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Photo 1', '/api/photos/7f0e8d9c-1b2a-4c3d-8e4f-5a6b7c8d9e0f'],
      ['Photo 2', '/api/photos/8a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d'],
    ]);
  });

  it('shows its dates as MMM d, yyyy and has an Edit button that opens Edit Item', async () => {
    const item = anItem({ name: 'Oak table' });
    const onEdit = jest.fn();
    mockFetch({ [`PUT /api/items/${item.id}/status`]: () => jsonResponse({ message: 'x' }, 500) });
    renderWithProviders(<ItemDetailDialog item={item} onClose={jest.fn()} onEdit={onEdit} carrierName={(id) => id} />);
    const dialog = await screen.findByRole('dialog', { name: 'Oak table' });
    expect(within(dialog).getByText('Mar 2, 2026')).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Edit' }));
    expect(onEdit).toHaveBeenCalledWith(item);
  });
});

describe('status update (Item Detail)', () => {
  beforeEach(() => resetToasts());

  function StatusButton({ itemId }: { itemId: string }) {
    const update = useUpdateItemStatus();
    return (
      <button type="button" onClick={() => update.mutate({ itemId, status: 'received' })}>
        mark received
      </button>
    );
  }

  it("says 'Item status updated successfully', or 'Failed to update status. Please try again.'", async () => {
    const ok = anItem();
    const bad = anItem();
    mockFetch({
      [`PUT /api/items/${ok.id}/status`]: () => jsonResponse({ ...ok, status: 'received' }),
      [`PUT /api/items/${bad.id}/status`]: () => jsonResponse({ message: 'x' }, 500),
    });
    const { unmount } = renderWithProviders(<StatusButton itemId={ok.id} />);
    await userEvent.click(screen.getByRole('button', { name: 'mark received' }));
    await waitFor(() => expect(getToasts()[0]).toMatchObject({ description: 'Item status updated successfully' }));
    unmount();
    renderWithProviders(<StatusButton itemId={bad.id} />);
    await userEvent.click(screen.getByRole('button', { name: 'mark received' }));
    await waitFor(() => expect(getToasts()[0]).toMatchObject({ description: 'Failed to update status. Please try again.', variant: 'destructive' }));
  });
});

describe('expected pieces', () => {
  beforeEach(() => resetToasts());

  it('an item shipped in several boxes is created with its pieces; a bad number is named before anything is sent', async () => {
    const fetchMock = mockFetch({
      'GET /api/projects': () => jsonResponse([aProject()]),
      'GET /api/carriers': () => jsonResponse([]),
      [`POST /api/projects/${PROJECT_ID}/items`]: () => jsonResponse(anItem(), 201),
    });
    renderWithProviders(<CreateItemDialog open onOpenChange={jest.fn()} projectId={PROJECT_ID} />);
    const dialog = await screen.findByRole('dialog', { name: 'Create New Item' });
    await userEvent.type(within(dialog).getByLabelText(/Item name/), 'Sectional sofa');
    const pieces = within(dialog).getByLabelText(/Expected pieces/);
    expect((pieces as HTMLInputElement).value).toBe('1');
    await userEvent.clear(pieces);
    await userEvent.type(pieces, '100');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create Item' }));
    expect(await within(dialog).findByText('pieces must be a whole number from 1 to 99')).toBeTruthy();
    expect(bodyOf(fetchMock, 'POST')).toBeUndefined();
    await userEvent.clear(pieces);
    await userEvent.type(pieces, '3');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create Item' }));
    await waitFor(() => expect(bodyOf(fetchMock, 'POST')).toEqual({ name: 'Sectional sofa', quantity: 1, pieces: 3, status: 'ordered' }));
  });

  it('Edit Item shows and sends the expected pieces', async () => {
    const item = anItem({ name: 'Sectional sofa', pieces: 2 });
    const fetchMock = mockFetch({ 'GET /api/carriers': () => jsonResponse([]), [`PUT /api/items/${item.id}`]: () => jsonResponse({ ...item, pieces: 4 }) });
    renderWithProviders(<EditItemDialog item={item} onClose={jest.fn()} />);
    const pieces = await screen.findByLabelText(/Expected pieces/);
    expect((pieces as HTMLInputElement).value).toBe('2');
    await userEvent.clear(pieces);
    await userEvent.type(pieces, '4');
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(bodyOf(fetchMock, 'PUT')).toMatchObject({ name: 'Sectional sofa', pieces: 4 }));
  });
});
