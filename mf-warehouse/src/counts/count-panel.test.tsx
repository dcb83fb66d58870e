import type { Count } from '@midway/contracts';
import { jsonResponse, mockFetch, renderWithProviders, textResponse } from '@midway/ui/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SOFA_ID } from '../test-fixtures';
import { COUNT_FIRST_LINE, COUNT_SCAN_LABEL, CountPanel } from './count-panel';

const COUNT = '4c5d6e7f-8a9b-4c0d-8e1f-2a3b4c5d6e7f';
const LAMP = '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d';
const aCount = (o: Partial<Count> = {}): Count => ({ id: COUNT, locationId: '7b8c9d0e-1f2a-4b3c-8d4e-000000000001', locationCode: 'B-12', status: 'open', startedAt: '2026-03-02T15:04:05.000Z', startedByName: 'Ada Admin', closedAt: null, closedByName: null, scannedItemIds: [], expected: null, found: null, accuracy: null, results: [], ...o });
const box = () => screen.getByLabelText(COUNT_SCAN_LABEL, { selector: 'input' }) as HTMLInputElement;
const said = () => screen.getByRole('status', { name: 'Count result' }).textContent;
const posted = (fetchMock: jest.Mock, path: string) =>
  fetchMock.mock.calls.filter(([url, init]) => init?.method === 'POST' && new URL(String(url), 'http://localhost').pathname === path).map(([, init]) => JSON.parse(String(init!.body)));

describe('a cycle count', () => {
  it('starts by the place’s label, takes item scans with the focus kept, and closes with the report, moving what was found here', async () => {
    const fetchMock = mockFetch({
      'POST /api/warehouse/counts': () => jsonResponse(aCount(), 201),
      [`POST /api/warehouse/counts/${COUNT}/scans`]: (init) => {
        const code: string = JSON.parse(String(init!.body)).code;
        return jsonResponse(code.startsWith(SOFA_ID) ? { countId: COUNT, itemId: SOFA_ID, itemName: 'Linen sofa', expectedHere: true, expectedLocationCode: 'B-12' } : { countId: COUNT, itemId: LAMP, itemName: 'Brass lamp', expectedHere: false, expectedLocationCode: 'A-03' });
      },
      [`POST /api/warehouse/counts/${COUNT}/close`]: () =>
        jsonResponse({ countId: COUNT, locationCode: 'B-12', expected: 2, found: 1, missing: [{ itemId: '0a1b2c3d-4e5f-4a6b-8c7d-000000000002', itemName: 'Oak chair', outcome: 'missing', expectedLocationCode: 'B-12' }], foundElsewhere: [{ itemId: LAMP, itemName: 'Brass lamp', outcome: 'found-elsewhere', expectedLocationCode: 'A-03' }], movedHere: true, accuracy: 50 }),
    });
    renderWithProviders(<CountPanel />);
    expect(said()).toBe(COUNT_FIRST_LINE);
    expect(document.activeElement).toBe(box());
    // An item before any place says what to scan first.
    await userEvent.keyboard(`${SOFA_ID}{Enter}`);
    await waitFor(() => expect(said()).toBe("Scan the place's label first, then the items on it."));
    await userEvent.keyboard('b-12{Enter}');
    await waitFor(() => expect(said()).toBe("Counting B-12: scan every item's label there, then Close count."));
    expect(posted(fetchMock, '/api/warehouse/counts')).toEqual([{ locationCode: 'B-12' }]);
    await userEvent.keyboard(`${SOFA_ID}/1{Enter}`);
    await waitFor(() => expect(said()).toBe('Linen sofa ✓ expected here'));
    await waitFor(() => expect(document.activeElement).toBe(box()));
    await userEvent.keyboard(`${LAMP}{Enter}`);
    await waitFor(() => expect(said()).toBe('Brass lamp: recorded at A-03, found here. Closing can move it here.'));
    // Another place while counting: close this one first.
    await userEvent.keyboard('C-01{Enter}');
    await waitFor(() => expect(said()).toBe('You are counting B-12. Close that count before counting C-01.'));
    await userEvent.click(screen.getByRole('button', { name: 'Close count of B-12…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Close the count of B-12?' });
    expect(within(dialog).getByRole('list', { name: 'Found here, recorded elsewhere' }).textContent).toBe('Brass lamp (recorded at A-03)');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close and move to B-12' }));
    await waitFor(() => expect(said()).toBe('Count of B-12 closed. Found 1 of 2 expected (50 % accurate).'));
    expect(posted(fetchMock, `/api/warehouse/counts/${COUNT}/close`)).toEqual([{ confirmMoves: true }]);
    const report = screen.getByLabelText('Count report of B-12');
    expect(within(report).getByRole('list', { name: 'Missing' }).textContent).toBe('Oak chair');
    expect(within(report).getByRole('list', { name: 'Found elsewhere' }).textContent).toBe('Brass lamp (was A-03)');
    expect(report.textContent).toContain('now moved to B-12');
    await waitFor(() => expect(document.activeElement).toBe(box()));
  });

  it('takes up the open count of a place instead of refusing it', async () => {
    mockFetch({
      'POST /api/warehouse/counts': () => textResponse(JSON.stringify({ error: 'conflict', message: 'B-12 is being counted already (started by Ada Admin).' }), 409),
      'GET /api/warehouse/counts?locationCode=B-12': () => jsonResponse([aCount({ scannedItemIds: [SOFA_ID] })]),
    });
    renderWithProviders(<CountPanel />);
    await userEvent.keyboard('B-12{Enter}');
    await waitFor(() => expect(said()).toBe('Counting B-12 again (started by Ada Admin; 1 scanned so far). Scan the rest, then Close count.'));
    expect(screen.getByRole('button', { name: 'Close count of B-12…' })).toBeTruthy();
  });
});
