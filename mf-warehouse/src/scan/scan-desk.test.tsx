import { getToasts, resetToasts } from '@midway/ui';
import { jsonResponse, mockFetch, renderWithProviders, textResponse, type FetchRoutes } from '@midway/ui/testing';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { aMatch, anArrival, aScan } from '../test-fixtures';
import { SCAN_LABEL, ScanDesk } from './scan-desk';

const TABLE = aMatch({ itemName: 'Walnut dining table' });
const LAMP = aMatch({ itemName: 'Brass floor lamp', projectName: 'Harbour Loft' });
const bodiesOf = (fetchMock: jest.Mock, method: string, path: string) =>
  fetchMock.mock.calls.filter(([url, init]) => (init?.method ?? 'GET') === method && new URL(String(url), 'http://localhost').pathname === path).map(([, init]) => JSON.parse(String(init!.body)));
const toastsNow = () => getToasts().map((t) => [t.title, t.description]);
const routes = (extra: FetchRoutes = {}): FetchRoutes => ({
  'GET /api/carriers': () => jsonResponse([{ id: 'ups', name: 'UPS', trackingUrlTemplate: '' }]),
  'POST /api/receiving/scan': () => jsonResponse(aScan([TABLE, LAMP])),
  'POST /api/receiving/arrivals': (init) => {
    const body = JSON.parse(String(init!.body));
    return jsonResponse(body.itemId ? anArrival({ itemId: body.itemId, itemName: body.itemId === LAMP.itemId ? LAMP.itemName : TABLE.itemName }) : anArrival({ itemId: null, itemName: null, projectId: null, projectName: null, inspectionDueAt: null }), 201);
  },
  ...extra,
});
const box = () => screen.getByLabelText(SCAN_LABEL) as HTMLInputElement;

describe('the scan box', () => {
  beforeEach(() => resetToasts());

  it('has the focus from the start and looks up what the scanner types with its Enter', async () => {
    const fetchMock = mockFetch(routes());
    renderWithProviders(<ScanDesk />);
    expect(document.activeElement).toBe(box());
    await userEvent.keyboard(' 1z999aa1-0123456784 {Enter}');
    expect(await screen.findAllByTestId('scan-match')).toHaveLength(2);
    expect(bodiesOf(fetchMock, 'POST', '/api/receiving/scan')).toEqual([{ code: '1z999aa1-0123456784' }]);
    expect(screen.getByLabelText('Scan result').textContent).toContain('1Z999AA10123456784 · UPS — 2 matches');
    expect(screen.getAllByTestId('scan-match')[1]!.textContent).toContain('Harbour Loft · Client: Jordan Ellis · Designer: Noor Haddad');
    // Ready for the next key: the box is empty and still focused.
    expect(box().value).toBe('');
    await waitFor(() => expect(document.activeElement).toBe(box()));
  });

  it("receives the nth match with its number and Enter, toasts the due time and is ready for the next parcel", async () => {
    const fetchMock = mockFetch(routes());
    renderWithProviders(<ScanDesk />);
    await userEvent.keyboard('1Z999AA10123456784{Enter}');
    await screen.findAllByTestId('scan-match');
    await userEvent.keyboard('2{Enter}');
    await waitFor(() => expect(bodiesOf(fetchMock, 'POST', '/api/receiving/arrivals')).toEqual([{ code: '1Z999AA10123456784', itemId: LAMP.itemId }]));
    await waitFor(() => expect(toastsNow()).toContainEqual(['Received: Brass floor lamp', 'Lakeview Residence. Inspection due Mar 4, 2026, 3:04 PM.']));
    expect(screen.queryByTestId('scan-match')).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(box()));
  });

  it('receives with a match’s button, and receives the only match when the same parcel is scanned twice', async () => {
    const fetchMock = mockFetch(routes({ 'POST /api/receiving/scan': () => jsonResponse(aScan([TABLE])) }));
    renderWithProviders(<ScanDesk />);
    await userEvent.keyboard('1Z999AA10123456784{Enter}');
    await userEvent.click(await screen.findByRole('button', { name: 'Receive Walnut dining table' }));
    await waitFor(() => expect(bodiesOf(fetchMock, 'POST', '/api/receiving/arrivals')).toHaveLength(1));
    await waitFor(() => expect(document.activeElement).toBe(box()));
    await userEvent.keyboard('1Z999AA10123456784{Enter}');
    await screen.findAllByTestId('scan-match');
    await userEvent.keyboard('1Z999AA10123456784{Enter}');
    await waitFor(() => expect(bodiesOf(fetchMock, 'POST', '/api/receiving/arrivals')).toEqual([
      { code: '1Z999AA10123456784', itemId: TABLE.itemId },
      { code: '1Z999AA10123456784', itemId: TABLE.itemId },
    ]));
    expect(bodiesOf(fetchMock, 'POST', '/api/receiving/scan')).toHaveLength(2);
  });

  it('records a parcel nothing matches as unmatched, by its button or 0 and Enter', async () => {
    const fetchMock = mockFetch(routes({ 'POST /api/receiving/scan': () => jsonResponse(aScan([], { code: 'ZZ123', trackingNumber: 'ZZ123', carrierId: null })) }));
    renderWithProviders(<ScanDesk />);
    await userEvent.keyboard('zz123{Enter}');
    expect(await screen.findByText(/No item has this tracking number/)).toBeTruthy();
    // A note typed for the parcel goes with it; the box takes the focus back once it is recorded.
    await userEvent.type(screen.getByLabelText(/Arrival note/), ' Box crushed on one corner ');
    await userEvent.click(screen.getByRole('button', { name: 'Record as unmatched' }));
    await waitFor(() => expect(toastsNow()).toContainEqual(['Recorded as unmatched', '1Z999AA10123456784 waits under Unmatched arrivals until you assign it to an item.']));
    await waitFor(() => expect(document.activeElement).toBe(box()));
    await userEvent.keyboard('zz123{Enter}');
    await screen.findByText(/No item has this tracking number/);
    expect((screen.getByLabelText(/Arrival note/) as HTMLInputElement).value).toBe('');
    await userEvent.keyboard('0{Enter}');
    await waitFor(() => expect(bodiesOf(fetchMock, 'POST', '/api/receiving/arrivals')).toEqual([{ code: 'ZZ123', notes: 'Box crushed on one corner' }, { code: 'ZZ123' }]));
  });

  it("says an item already received changed nothing, and shows the service's reason when it refuses", async () => {
    let answer = () => jsonResponse(anArrival({ itemId: TABLE.itemId, arrivedAt: '2026-03-01T09:00:00.000Z' }), 200);
    mockFetch(routes({ 'POST /api/receiving/arrivals': () => answer() }));
    renderWithProviders(<ScanDesk />);
    await userEvent.keyboard('1Z999AA10123456784{Enter}');
    await screen.findAllByTestId('scan-match');
    await userEvent.keyboard('1{Enter}');
    await waitFor(() => expect(toastsNow()[0]?.[0]).toBe('Already received'));
    expect(toastsNow()[0]?.[1]).toMatch(/^Walnut dining table arrived Mar 1, 2026, .*; nothing changed\. Inspection due Mar 4, 2026, 3:04 PM\.$/);
    answer = () => textResponse(JSON.stringify({ error: 'conflict', message: 'Walnut dining table was already delivered: it cannot arrive again.' }), 409);
    await userEvent.keyboard('1Z999AA10123456784{Enter}');
    await screen.findAllByTestId('scan-match');
    await userEvent.keyboard('1{Enter}');
    await waitFor(() => expect(toastsNow()).toContainEqual(['Could not record the arrival', 'Walnut dining table was already delivered: it cannot arrive again.']));
    // The matches stay, so another one can be chosen.
    expect(screen.getAllByTestId('scan-match')).toHaveLength(2);
  });

  it('tells what to do next when the lookup fails without a message', async () => {
    mockFetch(routes({ 'POST /api/receiving/scan': () => textResponse('', 502, 'Bad Gateway') }));
    renderWithProviders(<ScanDesk />);
    await userEvent.keyboard('1Z999AA10123456784{Enter}');
    await waitFor(() => expect(toastsNow()).toContainEqual(['Scan failed', 'Check the connection, then scan again or type the tracking number.']));
  });
});
