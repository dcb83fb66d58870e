import { jsonResponse, mockFetch, renderWithProviders, textResponse, type FetchRoutes } from '@midway/ui/testing';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { aCustodyView, aLocation, SOFA_ID } from '../test-fixtures';
import { FIRST_LINE, PUT_AWAY_SCAN_LABEL, PutAway } from './put-away';

const LAMP_ID = '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d';
const box = () => screen.getByLabelText(PUT_AWAY_SCAN_LABEL, { selector: 'input' }) as HTMLInputElement;
const said = () => screen.getByRole('status', { name: 'Put-away result' }).textContent;
const moves = (fetchMock: jest.Mock) =>
  fetchMock.mock.calls.filter(([url, init]) => init?.method === 'POST' && new URL(String(url), 'http://localhost').pathname === '/api/warehouse/moves').map(([, init]) => JSON.parse(String(init!.body)));
const routes = (extra: FetchRoutes = {}): FetchRoutes => ({
  [`GET /api/warehouse/items/${SOFA_ID}`]: () => jsonResponse(aCustodyView({ piecesExpected: 3, piecesReceived: 3 })),
  [`GET /api/warehouse/items/${LAMP_ID}`]: () => jsonResponse(aCustodyView({ itemId: LAMP_ID, itemName: 'Brass lamp', location: { ...aLocation({ code: 'A-03' }) } })),
  'POST /api/warehouse/moves': (init) => {
    const body = JSON.parse(String(init!.body));
    const name = body.code.startsWith(LAMP_ID) ? 'Brass lamp' : 'Linen sofa';
    return jsonResponse(aCustodyView({ itemName: name, state: 'stored', status: 'stored', location: aLocation({ code: body.locationCode }) }));
  },
  ...extra,
});

describe('put-away by two scans', () => {
  it('keeps the focus through item then place, and says what happened after the pair', async () => {
    const fetchMock = mockFetch(routes());
    renderWithProviders(<PutAway />);
    expect(document.activeElement).toBe(box());
    expect(said()).toBe(FIRST_LINE);
    await userEvent.keyboard(`${SOFA_ID}/2{Enter}`);
    await waitFor(() => expect(said()).toBe('Linen sofa (piece 2 of 3) — scan the place it goes.'));
    await waitFor(() => expect(document.activeElement).toBe(box()));
    expect(box().value).toBe('');
    await userEvent.keyboard('b-12{Enter}');
    await waitFor(() => expect(said()).toBe('Linen sofa → B-12'));
    expect(moves(fetchMock)).toEqual([{ code: `${SOFA_ID}/2`, locationCode: 'B-12' }]);
    await waitFor(() => expect(document.activeElement).toBe(box()));
    // The next pair follows at once: an item already placed elsewhere says where it came from.
    await userEvent.keyboard(`${LAMP_ID}{Enter}`);
    await waitFor(() => expect(said()).toBe('Brass lamp, now at A-03 — scan the place it goes.'));
    await userEvent.keyboard('C-01{Enter}');
    await waitFor(() => expect(said()).toBe('Brass lamp → C-01 (from A-03)'));
    expect(screen.getByRole('list', { name: 'Earlier scans' }).textContent).toContain('Linen sofa → B-12');
  });

  it('takes the focus back when it is lost (a tap on the page) or after its Enter button, and keys typed with no focus reach it', async () => {
    mockFetch(routes());
    renderWithProviders(<PutAway />);
    expect(document.activeElement).toBe(box());
    box().blur();
    await waitFor(() => expect(document.activeElement).toBe(box()));
    await userEvent.click(screen.getByRole('button', { name: 'Enter the code' }));
    await waitFor(() => expect(document.activeElement).toBe(box()));
    // A scanner typing while nothing has the focus still reaches the box.
    (document.activeElement as HTMLElement).blur();
    await userEvent.keyboard(`${SOFA_ID}{Enter}`);
    await waitFor(() => expect(said()).toBe('Linen sofa — scan the place it goes.'));
  });

  it('takes two scans typed faster than the network in the order they were read', async () => {
    let answerItem: (r: Response) => void = () => undefined;
    const fetchMock = mockFetch(routes({ [`GET /api/warehouse/items/${SOFA_ID}`]: () => new Promise<Response>((resolve) => (answerItem = resolve)) }));
    renderWithProviders(<PutAway />);
    await userEvent.keyboard(`${SOFA_ID}{Enter}B-12{Enter}`);
    // The location waits for the item's lookup instead of being read as a location scanned first.
    expect(moves(fetchMock)).toEqual([]);
    answerItem(jsonResponse(aCustodyView()));
    await waitFor(() => expect(said()).toBe('Linen sofa → B-12'));
    expect(moves(fetchMock)).toEqual([{ code: SOFA_ID, locationCode: 'B-12' }]);
  });

  it('a location scanned first, an unknown place and an item not in custody each say what to do next', async () => {
    const fetchMock = mockFetch(
      routes({
        'POST /api/warehouse/moves': () => textResponse(JSON.stringify({ error: 'bad_request', message: 'There is no location Z-99: scan a location label, or create the location first.' }), 400),
        [`GET /api/warehouse/items/${LAMP_ID}`]: () => jsonResponse(aCustodyView({ itemId: LAMP_ID, itemName: 'Brass lamp', inCustody: false, state: null, since: null })),
      }),
    );
    renderWithProviders(<PutAway />);
    await userEvent.keyboard('B-12{Enter}');
    await waitFor(() => expect(said()).toBe("B-12 is a location label. Scan the item's label first, then the location's."));
    await userEvent.keyboard(`${SOFA_ID}{Enter}`);
    await waitFor(() => expect(said()).toMatch(/^Linen sofa — scan/));
    await userEvent.keyboard('Z-99{Enter}');
    await waitFor(() => expect(said()).toBe('There is no location Z-99: scan a location label, or create the location first. Linen sofa still waits: scan the place it goes.'));
    expect(screen.getByRole('status', { name: 'Put-away result' }).getAttribute('data-tone')).toBe('problem');
    await waitFor(() => expect(document.activeElement).toBe(box()));
    await userEvent.keyboard(`${LAMP_ID}{Enter}`);
    await waitFor(() => expect(said()).toBe("Brass lamp is not in the warehouse's custody yet. Receive it at the desk first, or scan another item."));
    await userEvent.keyboard('B-12{Enter}');
    await waitFor(() => expect(said()).toBe("B-12 is a location label. Scan the item's label first, then the location's."));
    expect(moves(fetchMock)).toHaveLength(1);
  });

  it('the camera button reads a code into the same pair of scans', async () => {
    const fetchMock = mockFetch(routes());
    const codes = [`${SOFA_ID}/1`, 'B-12'];
    const camera = jest.fn(async (_video: HTMLVideoElement, onCode: (code: string) => void) => {
      setTimeout(() => onCode(codes.shift()!), 0);
      return { stop: jest.fn() };
    });
    renderWithProviders(<PutAway camera={camera} />);
    await userEvent.click(screen.getByRole('button', { name: 'Scan with the camera' }));
    await waitFor(() => expect(said()).toMatch(/^Linen sofa .*— scan the place it goes\.$/));
    await userEvent.click(screen.getByRole('button', { name: 'Scan with the camera' }));
    await waitFor(() => expect(said()).toBe('Linen sofa → B-12'));
    expect(moves(fetchMock)).toEqual([{ code: `${SOFA_ID}/1`, locationCode: 'B-12' }]);
    expect(camera).toHaveBeenCalledTimes(2);
    // Back to the hand scanner's box once the camera closes.
    await waitFor(() => expect(document.activeElement).toBe(box()));
  });
});
