import type { CustodyEvent, CustodyView } from '@midway/contracts';
import { jsonResponse, mockFetch, renderWithProviders } from '@midway/ui/testing';
import { screen, waitFor, within } from '@testing-library/react';
import { anItem, PROJECT_ID } from '../test-fixtures';
import EditItemDialog from './edit-item-dialog';
import ItemDetailDialog from './item-detail-dialog';

const LOCKED = "The warehouse records this item's status while it holds it (received Mar 3): it changes when staff put it away, load or deliver it.";
const custodyOf = (itemId: string, o: Partial<CustodyView> = {}): CustodyView => ({
  itemId, itemName: 'Linen sofa', projectId: PROJECT_ID, projectName: 'Lakeview Residence', clientName: 'Jordan Ellis', designerName: 'Noor Haddad', trackingNumber: null, status: 'stored',
  inCustody: true, state: 'stored', location: { id: '7b8c9d0e-1f2a-4b3c-8d4e-000000000001', code: 'B-12', name: 'Bay B, shelf 12', kind: 'bin' }, piecesExpected: 3, piecesReceived: 2, piecesFlag: '2 of 3 pieces',
  since: '2026-03-03T10:00:00.000Z', endedAt: null, end: null, ...o,
});
const line = (o: Partial<CustodyEvent>): CustodyEvent => ({ id: crypto.randomUUID(), kind: 'arrived', at: '2026-03-03T10:00:00.000Z', byName: 'Ada Admin', fromLocationCode: null, toLocationCode: null, deliveryId: null, runId: null, countId: null, piece: null, reason: null, ...o });

describe("an item's custody for its designer", () => {
  it('says where it is and how many pieces came, lists the custody timeline, and disables the status with the reason', async () => {
    const item = anItem({ name: 'Linen sofa', status: 'stored', inCustody: true, custodySince: '2026-03-03T10:00:00.000Z', location: 'B-12', pieces: 3, piecesReceived: 2 });
    mockFetch({
      [`GET /api/warehouse/items/${item.id}`]: () => jsonResponse(custodyOf(item.id)),
      [`GET /api/warehouse/items/${item.id}/timeline`]: () =>
        jsonResponse([line({ kind: 'arrived' }), line({ kind: 'put-away', toLocationCode: 'A-03', at: '2026-03-04T10:00:00.000Z' }), line({ kind: 'moved', fromLocationCode: 'A-03', toLocationCode: 'B-12', at: '2026-03-05T10:00:00.000Z' }), line({ kind: 'left-behind', reason: 'Leg cracked in the van', at: '2026-03-06T10:00:00.000Z' })]),
    });
    renderWithProviders(<ItemDetailDialog item={item} onClose={jest.fn()} onEdit={jest.fn()} carrierName={(id) => id} />);
    const dialog = await screen.findByRole('dialog', { name: 'Linen sofa' });
    await waitFor(() => expect(within(dialog).getByTestId('item-custody-where').textContent).toBe('Stored · B-122 of 3 pieces'));
    const timeline = await within(dialog).findByRole('list', { name: 'Custody timeline' });
    expect(within(timeline).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'ArrivedMar 3, 2026',
      'Put away at A-03Mar 4, 2026',
      'Moved A-03 → B-12Mar 5, 2026',
      'Left behind: Leg cracked in the vanMar 6, 2026',
    ]);
    expect(within(dialog).getByTestId('status-locked').textContent).toBe(LOCKED);
    const select = within(dialog).getByRole('combobox', { name: 'New status' });
    expect(select.hasAttribute('disabled') || select.getAttribute('data-disabled') !== null).toBe(true);
    expect(select.getAttribute('aria-describedby')).toBe('status-locked');
    expect(within(dialog).getByRole('button', { name: 'Update Status' }).hasAttribute('disabled')).toBe(true);
  });

  it('an item the warehouse never held keeps its status select, with no custody section, and logistics is not asked', async () => {
    const item = anItem({ name: 'Brass lamp', status: 'ordered' });
    const fetchMock = mockFetch({});
    renderWithProviders(<ItemDetailDialog item={item} onClose={jest.fn()} onEdit={jest.fn()} carrierName={(id) => id} />);
    const dialog = await screen.findByRole('dialog', { name: 'Brass lamp' });
    expect(fetchMock.mock.calls.filter(([url]) => String(url).includes('/api/warehouse/'))).toEqual([]);
    expect(within(dialog).queryByTestId('status-locked')).toBeNull();
    expect(within(dialog).queryByText('At the warehouse')).toBeNull();
    expect(within(dialog).getByRole('combobox', { name: 'New status' }).getAttribute('data-disabled')).toBeNull();
  });

  it("Edit Item's status select is disabled with the same reason while the warehouse holds the item", async () => {
    const item = anItem({ name: 'Linen sofa', status: 'received', inCustody: true, custodySince: '2026-03-03T10:00:00.000Z' });
    mockFetch({ 'GET /api/carriers': () => jsonResponse([]) });
    renderWithProviders(<EditItemDialog item={item} onClose={jest.fn()} />);
    const dialog = await screen.findByRole('dialog', { name: 'Edit Item' });
    await waitFor(() => expect(within(dialog).getByText(LOCKED)).toBeTruthy());
    expect(within(dialog).getByRole('combobox', { name: 'Status' }).getAttribute('aria-describedby')).toBe('item-status-locked');
    expect(within(dialog).getByRole('combobox', { name: 'Status' }).getAttribute('data-disabled')).not.toBeNull();
  });
});
