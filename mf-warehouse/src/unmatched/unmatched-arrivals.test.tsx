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

  it('lists the parcels waiting and assigns one to an item found by search', async () => {
    const lamp = anItem({ id: '3c4d5e6f-7a8b-4c9d-8e0f-1a2b3c4d5e6f', name: 'Brass floor lamp', status: 'in-transit', trackingNumber: 'TBA301234567890' });
    let waiting = [PARCEL];
    const fetchMock = mockFetch({
      'GET /api/receiving/arrivals?status=unmatched': () => jsonResponse(waiting),
      'GET /api/items?q=brass&limit=10': () => jsonResponse([lamp]),
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
    await userEvent.type(within(dialog).getByLabelText('Search items'), 'brass');
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Assign to Brass floor lamp' }));
    await waitFor(() => {
      const put = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT');
      expect(put && JSON.parse(String(put[1]!.body))).toEqual({ itemId: lamp.id });
    });
    await waitFor(() => expect(toastsNow()).toContainEqual(['Assigned: Brass floor lamp', 'The item is received. Inspection due Mar 4, 2026, 3:04 PM.']));
    expect(await screen.findByText('None waiting')).toBeTruthy();
  });

  it('says when the search finds nothing and what to try instead', async () => {
    mockFetch({ 'GET /api/receiving/arrivals?status=unmatched': () => jsonResponse([PARCEL]), 'GET /api/items?q=zzz&limit=10': () => jsonResponse([]) });
    renderWithProviders(<UnmatchedArrivals />);
    await userEvent.click(await screen.findByRole('button', { name: 'Assign TBA301234567890' }));
    await userEvent.type(screen.getByLabelText('Search items'), 'zzz');
    expect(await screen.findByText('No item matches “zzz”. Try the supplier, the project or part of the tracking number.')).toBeTruthy();
  });
});
