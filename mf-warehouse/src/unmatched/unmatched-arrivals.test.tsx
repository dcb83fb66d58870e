import { getToasts, resetToasts } from '@midway/ui';
import { jsonResponse, mockFetch, renderWithProviders } from '@midway/ui/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { anArrival, anItem } from '../test-fixtures';
import { UnmatchedArrivals } from './unmatched-arrivals';

const PARCEL = anArrival({ code: 'tba 3012 3456 7890', trackingNumber: 'TBA301234567890', carrierId: 'amazon', itemId: null, itemName: null, projectId: null, projectName: null, inspectionDueAt: null, notes: 'Box marked fragile' });
const toastsNow = () => getToasts().map((t) => [t.title, t.description]);

describe('unmatched arrivals', () => {
  beforeEach(() => resetToasts());

  it('lists the parcels waiting and assigns one to an item not received yet, found by its project', async () => {
    const lamp = anItem({ id: '3c4d5e6f-7a8b-4c9d-8e0f-1a2b3c4d5e6f', name: 'Brass floor lamp', status: 'in-transit', trackingNumber: 'TBA301234567890' });
    const offered = { itemId: lamp.id, itemName: lamp.name, projectId: lamp.projectId, projectName: 'Lakeview Residence', designerName: 'Noor Haddad', trackingNumber: null, status: 'in-transit' };
    let waiting = [PARCEL];
    const fetchMock = mockFetch({
      'GET /api/receiving/arrivals?status=unmatched': () => jsonResponse(waiting),
      'GET /api/receiving/assignable-items?q=lakeview': () => jsonResponse([offered]),
      [`PUT /api/receiving/arrivals/${PARCEL.id}`]: () => {
        waiting = [];
        return jsonResponse({ ...PARCEL, itemId: lamp.id, itemName: lamp.name, projectId: lamp.projectId, projectName: lamp.projectName, inspectionDueAt: '2026-03-04T15:04:05.000Z' });
      },
    });
    renderWithProviders(<UnmatchedArrivals />);
    const row = await screen.findByTestId('unmatched-row');
    expect(row.textContent).toContain('TBA301234567890');
    expect(row.textContent).toContain('Box marked fragile');
    await userEvent.click(within(row).getByRole('button', { name: 'Assign TBA301234567890' }));
    const dialog = await screen.findByRole('dialog', { name: 'Assign arrival' });
    expect(within(dialog).getByText('Type at least 2 characters.')).toBeTruthy();
    await userEvent.type(within(dialog).getByLabelText('Search items'), 'lakeview');
    const found = await within(dialog).findByRole('list', { name: 'Items found' });
    expect(found.textContent).toContain('Lakeview Residence · Noor Haddad');
    await userEvent.click(within(found).getByRole('button', { name: 'Assign to Brass floor lamp' }));
    await waitFor(() => {
      const put = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT');
      expect(put && JSON.parse(String(put[1]!.body))).toEqual({ itemId: lamp.id });
    });
    await waitFor(() => expect(toastsNow()).toContainEqual(['Assigned: Brass floor lamp', 'The item is received. Inspection due Mar 4, 2026, 3:04 PM.']));
    expect(await screen.findByText('None waiting')).toBeTruthy();
  });

  it('says when the search finds nothing and what to try instead', async () => {
    mockFetch({ 'GET /api/receiving/arrivals?status=unmatched': () => jsonResponse([PARCEL]), 'GET /api/receiving/assignable-items?q=zzz': () => jsonResponse([]) });
    renderWithProviders(<UnmatchedArrivals />);
    await userEvent.click(await screen.findByRole('button', { name: 'Assign TBA301234567890' }));
    await userEvent.type(screen.getByLabelText('Search items'), 'zzz');
    expect(await screen.findByText('No item waiting to arrive matches “zzz”. Try the project, the designer or part of the tracking number.')).toBeTruthy();
  });

  it('discards a mis-scan with why, asked by its field first; it leaves the list', async () => {
    let waiting = [PARCEL];
    const fetchMock = mockFetch({
      'GET /api/receiving/arrivals?status=unmatched': () => jsonResponse(waiting),
      [`POST /api/receiving/arrivals/${PARCEL.id}/discard`]: (init) => {
        waiting = [];
        return jsonResponse({ ...PARCEL, discardedAt: '2026-03-02T16:00:00.000Z', discardReason: JSON.parse(String(init!.body)).reason });
      },
    });
    renderWithProviders(<UnmatchedArrivals />);
    await userEvent.click(await screen.findByRole('button', { name: 'Discard TBA301234567890' }));
    const dialog = await screen.findByRole('dialog', { name: 'Discard arrival' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Discard arrival' }));
    const reason = within(dialog).getByLabelText('Why discard it?');
    expect(document.getElementById(reason.getAttribute('aria-describedby')!)!.textContent).toBe('Say why this arrival is discarded, e.g. a mis-scan of a pallet label.');
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST')).toEqual([]);
    await userEvent.type(reason, 'Mis-scan of the pallet label');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Discard arrival' }));
    await waitFor(() => expect(toastsNow()).toContainEqual(['Discarded: TBA301234567890', "Kept in the desk's history with why: Mis-scan of the pallet label"]));
    expect(await screen.findByText('None waiting')).toBeTruthy();
  });
});
