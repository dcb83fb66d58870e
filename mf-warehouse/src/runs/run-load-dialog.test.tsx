import type { Delivery, PickListEntry, RunLoad } from '@midway/contracts';
import { jsonResponse, mockFetch, renderWithProviders, textResponse } from '@midway/ui/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { aLocation, PROJECT_ID, SOFA_ID } from '../test-fixtures';
import { LOAD_FIRST_LINE, LOAD_SCAN_LABEL, RunLoadDialog } from './run-load-dialog';

const RUN = '5b6c7d8e-aaaa-4bbb-8ccc-0123456789ab';
const DELIVERY = '8a1b2c3d-dddd-4eee-8fff-0123456789ab';
const LAMP = '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d';
const delivery = { id: DELIVERY, projectId: PROJECT_ID, projectName: 'Lakeview Residence', status: 'scheduled', runId: RUN, items: [] } as unknown as Delivery;
const entry = (o: Partial<PickListEntry>): PickListEntry => ({ itemId: SOFA_ID, itemName: 'Linen sofa', deliveryId: DELIVERY, projectName: 'Lakeview Residence', clientName: 'Jordan Ellis', designerName: 'Noor Haddad', location: aLocation({ code: 'B-12' }), piecesExpected: 2, piecesReceived: 2, loadedPieces: [], leftBehindReason: null, ...o });
const box = () => screen.getByLabelText(LOAD_SCAN_LABEL, { selector: 'input' }) as HTMLInputElement;
const said = () => screen.getByRole('status', { name: 'Load result' }).textContent;
const posted = (fetchMock: jest.Mock, path: string) =>
  fetchMock.mock.calls.filter(([url, init]) => init?.method === 'POST' && new URL(String(url), 'http://localhost').pathname === path).map(([, init]) => JSON.parse(String(init!.body)));

/** The service as the dialog sees it: the pick list follows the loads and exceptions posted so far. */
function fakeRun() {
  const loaded: Record<string, number[]> = { [SOFA_ID]: [], [LAMP]: [] };
  const left: Record<string, string | null> = { [SOFA_ID]: null, [LAMP]: null };
  const entries = () => [entry({ loadedPieces: loaded[SOFA_ID]!, leftBehindReason: left[SOFA_ID]! }), entry({ itemId: LAMP, itemName: 'Brass lamp', piecesExpected: 1, piecesReceived: 1, location: aLocation({ code: 'C-01' }), loadedPieces: loaded[LAMP]!, leftBehindReason: left[LAMP]! })];
  const answer = (): RunLoad => ({ runId: RUN, items: entries().map((e) => ({ ...e, ready: e.leftBehindReason !== null || e.loadedPieces.length >= e.piecesExpected })) });
  return {
    [`GET /api/delivery-runs/${RUN}/pick-list`]: () => jsonResponse({ runId: RUN, date: '2031-03-03', items: entries() }),
    [`POST /api/delivery-runs/${RUN}/load`]: (init: RequestInit | undefined) => {
      const code: string = JSON.parse(String(init!.body)).code;
      const [id, piece] = code.split('/');
      if (!(id! in loaded)) return textResponse(JSON.stringify({ error: 'bad_request', message: `Walnut table is not on this run: put it back, or book it on a delivery first.` }), 400);
      loaded[id!] = [...new Set([...loaded[id!]!, Number(piece ?? 1)])];
      return jsonResponse(answer());
    },
    [`POST /api/delivery-runs/${RUN}/left-behind`]: (init: RequestInit | undefined) => {
      const body = JSON.parse(String(init!.body));
      left[body.itemId] = body.reason;
      return jsonResponse(answer());
    },
  };
}

describe('the load check of a run', () => {
  it('lists the pick in location order, keeps the focus through each scan and says what is loaded and what is left', async () => {
    const fetchMock = mockFetch(fakeRun());
    renderWithProviders(<RunLoadDialog runId={RUN} deliveries={[delivery]} onClose={() => undefined} />);
    await waitFor(() => expect(screen.getAllByTestId('pick-line')).toHaveLength(2));
    expect(screen.getAllByTestId('pick-line').map((l) => l.textContent)).toEqual([expect.stringMatching(/^B-12Linen sofa.*0 of 2 pieces loaded/), expect.stringMatching(/^C-01Brass lamp.*Not loaded/)]);
    expect(screen.getByRole('link', { name: /Pick list \(PDF\)/ }).getAttribute('href')).toBe(`/api/delivery-runs/${RUN}/pick-list.pdf`);
    expect(said()).toBe(LOAD_FIRST_LINE);
    await waitFor(() => expect(document.activeElement).toBe(box()));
    await userEvent.keyboard(`${SOFA_ID}/1{Enter}`);
    await waitFor(() => expect(said()).toBe('Linen sofa: 1 of 2 pieces loaded. 2 items to go.'));
    await waitFor(() => expect(document.activeElement).toBe(box()));
    await userEvent.keyboard(`${SOFA_ID}/2{Enter}`);
    await waitFor(() => expect(said()).toBe('Linen sofa loaded ✓ (all 2 pieces). 1 item to go.'));
    await waitFor(() => expect(screen.getAllByTestId('pick-line')[0]!.getAttribute('data-ready')).toBe('true'));
    // A piece of another run: the service's refusal, with what to do.
    await userEvent.keyboard(`0a1b2c3d-4e5f-4a6b-8c7d-000000000002{Enter}`);
    await waitFor(() => expect(said()).toBe('Walnut table is not on this run: put it back, or book it on a delivery first.'));
    expect(posted(fetchMock, `/api/delivery-runs/${RUN}/load`)).toEqual([{ code: `${SOFA_ID}/1` }, { code: `${SOFA_ID}/2` }, { code: '0a1b2c3d-4e5f-4a6b-8c7d-000000000002' }]);
  });

  it('shows the refusal to go out naming the item, leaves it behind with why, then takes the delivery out', async () => {
    const routes = fakeRun();
    let refuse = true;
    const fetchMock = mockFetch({
      ...routes,
      [`POST /api/deliveries/${DELIVERY}/out`]: () =>
        refuse ? textResponse(JSON.stringify({ error: 'conflict', message: 'Brass lamp is neither loaded nor left behind: scan it onto the truck, or leave it behind with a reason.' }), 409) : jsonResponse({ ...delivery, status: 'out-for-delivery' }),
    });
    renderWithProviders(<RunLoadDialog runId={RUN} deliveries={[delivery]} onClose={() => undefined} />);
    await waitFor(() => expect(screen.getAllByTestId('pick-line')).toHaveLength(2));
    await userEvent.click(screen.getByRole('button', { name: 'Out for delivery: Lakeview Residence' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Brass lamp is neither loaded nor left behind: scan it onto the truck, or leave it behind with a reason.');
    await userEvent.click(screen.getByRole('button', { name: 'Leave behind: Brass lamp' }));
    const why = screen.getByRole('textbox', { name: 'Why Brass lamp stays behind' });
    // Typing the reason: the scan box does not take the focus back.
    await userEvent.type(why, 'Shade cracked, client informed');
    expect(document.activeElement).toBe(why);
    await userEvent.click(within(screen.getByRole('form', { name: 'Why Brass lamp stays behind' })).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(said()).toBe('Brass lamp stays behind; its delivery can go out without it.'));
    await waitFor(() => expect(screen.getAllByTestId('pick-line')[1]!.textContent).toContain('Left behind: Shade cracked, client informed'));
    expect(posted(fetchMock, `/api/delivery-runs/${RUN}/left-behind`)).toEqual([{ itemId: LAMP, reason: 'Shade cracked, client informed' }]);
    refuse = false;
    await userEvent.click(screen.getByRole('button', { name: 'Out for delivery: Lakeview Residence' }));
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    expect(posted(fetchMock, `/api/deliveries/${DELIVERY}/out`)).toHaveLength(2);
  });
});
