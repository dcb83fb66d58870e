import type { CustodyEvent } from '@midway/contracts';
import { getToasts, resetToasts } from '@midway/ui';
import { jsonResponse, mockFetch, renderWithProviders } from '@midway/ui/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { aCustodyView, aLocation, SOFA_ID } from '../test-fixtures';
import { FindPanel } from './find-panel';

const STORED = aCustodyView({ state: 'stored', status: 'stored', location: aLocation({ code: 'B-12' }), piecesExpected: 3, piecesReceived: 2, piecesFlag: '2 of 3 pieces' });
const line = (o: Partial<CustodyEvent>): CustodyEvent => ({ id: crypto.randomUUID(), kind: 'arrived', at: '2026-03-02T15:04:05.000Z', byName: 'Ada Admin', fromLocationCode: null, toLocationCode: null, deliveryId: null, runId: null, countId: null, piece: 2, reason: null, staffNote: null, ...o });
const toastsNow = () => getToasts().map((t) => [t.title, t.description]);

describe('find and an item’s custody', () => {
  beforeEach(() => resetToasts());

  it('finds items in custody by what is typed, opens one with where it is, its timeline (staff notes too) and its label, and releases it', async () => {
    let released = false;
    const fetchMock = mockFetch({
      'GET /api/warehouse/items?q=': () => jsonResponse([]),
      'GET /api/warehouse/items?q=sofa': () => jsonResponse([STORED], 200),
      [`GET /api/warehouse/items/${SOFA_ID}`]: () => jsonResponse(released ? { ...STORED, inCustody: false, state: null, end: 'picked-up' } : STORED),
      [`GET /api/warehouse/items/${SOFA_ID}/timeline`]: () => jsonResponse([line({ kind: 'arrived', staffNote: 'Box dented on one corner' }), line({ kind: 'put-away', piece: null, toLocationCode: 'B-12' })]),
      [`POST /api/warehouse/items/${SOFA_ID}/release`]: () => {
        released = true;
        return jsonResponse({ ...STORED, inCustody: false, state: null, end: 'picked-up' });
      },
    });
    renderWithProviders(<FindPanel />);
    expect(await screen.findByText('The warehouse holds no items.')).toBeTruthy();
    await userEvent.type(screen.getByRole('searchbox', { name: 'Find items in the warehouse' }), 'sofa');
    const row = await screen.findByTestId('found-item');
    expect(row.textContent).toContain('Linen sofaB-12Lakeview Residence · Jordan Ellis · Noor Haddad · Stored · B-12 2 of 3 pieces');
    // One search for the pause, not one per key.
    expect(fetchMock.mock.calls.filter(([url]) => String(url).includes('/api/warehouse/items?q=s')).map(([url]) => String(url))).toEqual(['/api/warehouse/items?q=sofa']);

    await userEvent.click(within(row).getByRole('button'));
    const dialog = await screen.findByRole('dialog', { name: 'Linen sofa' });
    await waitFor(() => expect(within(dialog).getByTestId('custody-where').textContent).toBe('Stored · B-12'));
    const timeline = await within(dialog).findByRole('list', { name: 'Custody timeline' });
    await waitFor(() => expect(within(timeline).getAllByRole('listitem')).toHaveLength(2));
    expect(within(timeline).getAllByRole('listitem')[0]!.textContent).toMatch(/^Arrived \(2 pieces\)Mar 2, 2026, .* · Ada AdminStaff note: Box dented on one corner$/);
    expect(within(timeline).getAllByRole('listitem')[1]!.textContent).toMatch(/^Put away at B-12/);
    expect(within(dialog).getByRole('link', { name: /Label \(PDF\)/ }).getAttribute('href')).toBe(`/api/warehouse/items/${SOFA_ID}/label.pdf`);

    await userEvent.click(within(dialog).getByRole('button', { name: 'Release…' }));
    const release = await screen.findByRole('dialog', { name: 'Release Linen sofa' });
    // Who took it is asked for before anything is sent.
    await userEvent.click(within(release).getByRole('button', { name: 'Release' }));
    expect((await within(release).findByRole('alert')).textContent).toBe('receivedBy is required: who took the item (the vendor’s driver, the client)');
    await userEvent.type(within(release).getByLabelText('Taken by'), 'J. Ellis');
    await userEvent.click(within(release).getByRole('button', { name: 'Release' }));
    await waitFor(() => expect(toastsNow()).toContainEqual(['Released: Linen sofa', 'Picked up, taken by J. Ellis. Storage stops today.']));
    const sent = fetchMock.mock.calls.filter(([url, init]) => init?.method === 'POST' && String(url).endsWith('/release')).map(([, init]) => JSON.parse(String(init!.body)));
    expect(sent).toEqual([{ reason: 'picked-up', receivedBy: 'J. Ellis' }]);
    // Released: its view says how it left, and it can no longer be released.
    await waitFor(() => expect(within(dialog).getByTestId('custody-where').textContent).toBe('Picked up'));
    expect(within(dialog).queryByRole('button', { name: 'Release…' })).toBeNull();
  });
});
