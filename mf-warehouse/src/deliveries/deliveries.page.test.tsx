import type { CurrentUser, Delivery, DeliveryDay } from '@midway/contracts';
import { getToasts, resetToasts } from '@midway/ui';
import { jsonResponse, mockFetch, renderWithProviders } from '@midway/ui/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ADMIN, ITEM_ID, PROJECT_ID } from '../test-fixtures';
import DeliveriesPage, { dayCounts, nextBusinessDay, todayOf } from './deliveries.page';

const DESIGNER: CurrentUser = { ...ADMIN, id: '7c0a3f5e-2a8f-4c1e-8b1a-0e5d2f9c6b33', email: 'noor@example.com', systemRole: 'designer' };
const TODAY = todayOf();
const DAY = nextBusinessDay();
const CHAIR = '0a1b2c3d-4e5f-4a6b-8c7d-000000000002';
const aDelivery = (overrides: Partial<Delivery> = {}): Delivery => ({
  id: '8a1b2c3d-dddd-4eee-8fff-0123456789ab', projectId: PROJECT_ID, projectName: 'Lakeview Residence', date: TODAY, window: 'morning', address: '12 Harbour St', notes: null, status: 'out-for-delivery',
  items: [{ itemId: ITEM_ID, name: 'Walnut dining table', installAssembly: false, lastMileDelivery: true, exception: null }, { itemId: CHAIR, name: 'Oak chair', installAssembly: false, lastMileDelivery: true, exception: null }],
  runId: '5b6c7d8e-aaaa-4bbb-8ccc-0123456789ab', runStop: 1, earlyReason: null, receivedBy: null, photoUrls: [], signatureUrl: null, completedAt: null, createdAt: '2026-03-02T15:04:05.000Z', ...overrides,
});
const STOPS = [
  { projectId: PROJECT_ID, projectName: 'Lakeview Residence', address: '12 Harbour St', window: 'morning', deliveryIds: ['1b2c3d4e-5f6a-4b7c-8d9e-000000000001', '1b2c3d4e-5f6a-4b7c-8d9e-000000000002'], itemCount: 3 },
  { projectId: '2f1e8e8a-5f4b-4d8e-9a53-000000000009', projectName: 'Cedar House', address: '40 Dock Rd', window: 'any', deliveryIds: ['1b2c3d4e-5f6a-4b7c-8d9e-000000000003'], itemCount: 1 },
];
const aDay = (date: string, o: Partial<DeliveryDay> = {}): DeliveryDay => ({ date, requested: 0, scheduled: 0, outForDelivery: 0, completed: 0, ...o });
const DAYS = `GET /api/delivery-runs/days?from=${TODAY}&days=14`;
const bodiesOf = (fetchMock: jest.Mock, method: string, path: string) =>
  fetchMock.mock.calls.filter(([url, init]) => init?.method === method && new URL(String(url), 'http://localhost').pathname === path).map(([, init]) => JSON.parse(String(init!.body)));
/** A day, as the page's routes answer it, with these proposed stops and deliveries. */
const dayRoutes = (date: string, stops: unknown[], deliveries: Delivery[]) => ({
  [`GET /api/delivery-runs?date=${date}`]: () => jsonResponse({ date, stops }),
  [`GET /api/deliveries?from=${date}&to=${date}`]: () => jsonResponse(deliveries),
});

describe('the deliveries page', () => {
  beforeEach(() => resetToasts());

  it('shows the coming days with their counts and opens the one chosen', async () => {
    const LATER = '2030-01-08';
    const fetchMock = mockFetch({
      'GET /api/auth/user': () => jsonResponse(ADMIN),
      [DAYS]: () => jsonResponse({ days: [aDay(TODAY), aDay(DAY, { requested: 2, scheduled: 1 }), aDay(LATER, { requested: 4 })] }),
      ...dayRoutes(DAY, [], []),
      ...dayRoutes(LATER, STOPS, []),
    });
    renderWithProviders(<DeliveriesPage />);
    const days = await screen.findAllByTestId('coming-day');
    expect(days.map((d) => d.textContent)).toEqual([expect.stringContaining('No deliveries'), expect.stringContaining('2 requested · 1 scheduled'), expect.stringContaining('4 requested')]);
    expect(days[1]!.getAttribute('aria-pressed')).toBe('true');
    await userEvent.click(days[2]!);
    expect(await screen.findAllByTestId('proposed-stop')).toHaveLength(2);
    expect((screen.getByLabelText('Day') as HTMLInputElement).value).toBe(LATER);
    expect(fetchMock.mock.calls.map(([url]) => String(url))).toContain(`/api/delivery-runs?date=${LATER}`);
  });

  it('fixes only the stops staff chose, in the proposal’s order, after a confirmation that lists them', async () => {
    const fetchMock = mockFetch({
      'GET /api/auth/user': () => jsonResponse(ADMIN),
      [DAYS]: () => jsonResponse({ days: [] }),
      ...dayRoutes(DAY, STOPS, []),
      'POST /api/delivery-runs': () => jsonResponse({ id: '5b6c7d8e-aaaa-4bbb-8ccc-0123456789ab', date: DAY, deliveries: [aDelivery({ status: 'scheduled' })] }, 201),
    });
    renderWithProviders(<DeliveriesPage />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Deliveries' })).toBeTruthy();
    expect((await screen.findAllByRole('heading', { level: 2 })).map((h) => h.textContent)).toEqual(expect.arrayContaining(['Runs']));
    const stops = await screen.findAllByTestId('proposed-stop');
    expect(stops.map((s) => s.textContent)).toEqual([expect.stringContaining('1. Lakeview Residence'), expect.stringContaining('2. Cedar House')]);
    expect(stops[0]!.textContent).toContain('3 items · 2 deliveries');
    // Staff leave Cedar House out; nothing is sent until they confirm what the run takes.
    await userEvent.click(screen.getByRole('checkbox', { name: 'Take stop 2: Cedar House' }));
    await userEvent.click(screen.getByRole('button', { name: 'Fix run… (2 deliveries)' }));
    const dialog = await screen.findByRole('dialog', { name: /Fix the run for/ });
    expect(within(dialog).getByRole('list', { name: 'Stops of the run' }).textContent).toBe('Lakeview Residence — 12 Harbour St (morning, 2 deliveries)');
    expect(within(dialog).getByText(/1 left out stay requested/)).toBeTruthy();
    expect(bodiesOf(fetchMock, 'POST', '/api/delivery-runs')).toEqual([]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Fix run (2 deliveries)' }));
    await waitFor(() => expect(getToasts().map((t) => t.title)).toContain('Run fixed'));
    expect(bodiesOf(fetchMock, 'POST', '/api/delivery-runs')).toEqual([{ date: DAY, deliveryIds: STOPS[0]!.deliveryIds }]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('lists the run by stop, and a completed delivery shows its proof: receiver, early reason, photos and signature', async () => {
    mockFetch({
      'GET /api/auth/user': () => jsonResponse(ADMIN),
      [DAYS]: () => jsonResponse({ days: [] }),
      ...dayRoutes(DAY, [], [
        aDelivery({ date: DAY, status: 'scheduled', runStop: 1, projectName: 'First stop' }),
        aDelivery({
          id: '8a1b2c3d-dddd-4eee-8fff-000000000002', date: DAY, status: 'completed', runStop: 2, projectName: 'Second stop', receivedBy: 'J. Ellis', completedAt: '2026-03-05T15:00:00.000Z', earlyReason: 'Client asked',
          photoUrls: ['/api/photos/5a0c1f1e-aaaa-4bbb-8ccc-0123456789ab'], signatureUrl: '/api/photos/5a0c1f1e-aaaa-4bbb-8ccc-0123456789ac',
        }),
      ]),
    });
    renderWithProviders(<DeliveriesPage />);
    const rows = await screen.findAllByTestId('run-delivery');
    expect(rows.map((r) => r.textContent)).toEqual([expect.stringMatching(/^Stop 1 · First stop/), expect.stringMatching(/^Stop 2 · Second stop/)]);
    const proof = within(rows[1]!).getByTestId('delivery-proof');
    expect(proof.textContent).toContain('Received by J. Ellis');
    expect(proof.textContent).toContain('Delivered before its booked date: Client asked');
    expect((within(proof).getByRole('img', { name: 'Proof photo 1 of 1' }) as HTMLImageElement).getAttribute('src')).toBe('/api/photos/5a0c1f1e-aaaa-4bbb-8ccc-0123456789ab');
    expect((within(proof).getByRole('img', { name: 'Signature of J. Ellis' }) as HTMLImageElement).getAttribute('src')).toBe('/api/photos/5a0c1f1e-aaaa-4bbb-8ccc-0123456789ac');
  });

  it('an item left behind at the load check is shown as not on the truck, with why, and not offered as delivered (logistics records it)', async () => {
    const d = aDelivery({ date: DAY });
    const fetchMock = mockFetch({
      'GET /api/auth/user': () => jsonResponse(ADMIN),
      [DAYS]: () => jsonResponse({ days: [] }),
      ...dayRoutes(DAY, [], [d]),
      [`GET /api/delivery-runs/${d.runId}/pick-list`]: () =>
        jsonResponse({ runId: d.runId, date: DAY, items: [
          { itemId: ITEM_ID, itemName: 'Walnut dining table', deliveryId: d.id, projectName: d.projectName, clientName: 'Jordan Ellis', designerName: 'Noor Haddad', location: null, piecesExpected: 1, piecesReceived: 1, loadedPieces: [1], leftBehindReason: null },
          { itemId: CHAIR, itemName: 'Oak chair', deliveryId: d.id, projectName: d.projectName, clientName: 'Jordan Ellis', designerName: 'Noor Haddad', location: null, piecesExpected: 1, piecesReceived: 1, loadedPieces: [], leftBehindReason: 'Leg cracked, client informed' },
        ] }),
      [`POST /api/deliveries/${d.id}/complete`]: () => jsonResponse(aDelivery({ status: 'completed', receivedBy: 'J. Ellis' })),
    });
    renderWithProviders(<DeliveriesPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Complete: Lakeview Residence' }));
    const dialog = await screen.findByRole('dialog', { name: 'Complete delivery' });
    expect((await within(dialog).findByTestId('left-behind')).textContent).toBe('Oak chair — not on the truck (left behind: Leg cracked, client informed)');
    expect(within(dialog).getAllByRole('checkbox').map((b) => b.getAttribute('aria-label'))).toEqual(['Walnut dining table: delivered']);
    await userEvent.type(within(dialog).getByLabelText('Received by'), 'J. Ellis');
    await userEvent.type(within(dialog).getByLabelText('Why is it delivered early?'), 'The client asked for it today');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Complete delivery' }));
    await waitFor(() => expect(bodiesOf(fetchMock, 'POST', `/api/deliveries/${d.id}/complete`)).toEqual([{ receivedBy: 'J. Ellis', photoUrls: [], exceptions: [], earlyReason: 'The client asked for it today' }]));
  });

  it('completes with the items listed as delivered: unticking one asks why, by that item; errors sit by their field', async () => {
    const fetchMock = mockFetch({
      'GET /api/auth/user': () => jsonResponse(ADMIN),
      [DAYS]: () => jsonResponse({ days: [] }),
      ...dayRoutes(DAY, [], [aDelivery({ date: DAY })]),
      [`POST /api/deliveries/${aDelivery().id}/complete`]: (init) => {
        const body = JSON.parse(String(init!.body));
        return jsonResponse(aDelivery({ status: 'completed', receivedBy: body.receivedBy, items: [aDelivery().items[0]!, { ...aDelivery().items[1]!, exception: 'Leg cracked' }] }));
      },
    });
    renderWithProviders(<DeliveriesPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Complete: Lakeview Residence' }));
    const dialog = await screen.findByRole('dialog', { name: 'Complete delivery' });
    expect(within(dialog).getByLabelText(/Signature/)).toBeTruthy();
    // Booked for a later day than today: staff must say why it is early.
    expect(within(dialog).getByLabelText('Why is it delivered early?')).toBeTruthy();
    const boxes = within(dialog).getAllByRole('checkbox') as HTMLInputElement[];
    expect(boxes.map((b) => [b.getAttribute('aria-label'), b.checked])).toEqual([
      ['Walnut dining table: delivered', true],
      ['Oak chair: delivered', true],
    ]);
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Oak chair: delivered' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Complete delivery' }));
    const receiver = within(dialog).getByLabelText('Received by');
    expect(document.getElementById(receiver.getAttribute('aria-describedby')!)!.textContent).toBe('Enter the name of the person who received the delivery.');
    const why = within(dialog).getByLabelText('Why Oak chair was not delivered');
    expect(document.getElementById(why.getAttribute('aria-describedby')!)!.textContent).toBe('Say why this item was not delivered.');
    const early = within(dialog).getByLabelText('Why is it delivered early?');
    expect(document.getElementById(early.getAttribute('aria-describedby')!)!.textContent).toMatch(/^Say why it is delivered before /);
    expect(bodiesOf(fetchMock, 'POST', `/api/deliveries/${aDelivery().id}/complete`)).toEqual([]);

    await userEvent.type(receiver, 'J. Ellis');
    await userEvent.type(why, 'Leg cracked');
    await userEvent.type(early, 'The client asked for it today');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Complete delivery' }));
    await waitFor(() => expect(getToasts().map((t) => [t.title, t.description])).toContainEqual(['Delivered', 'Lakeview Residence: 1 of 2 items delivered, received by J. Ellis.']));
    expect(bodiesOf(fetchMock, 'POST', `/api/deliveries/${aDelivery().id}/complete`)).toEqual([
      { receivedBy: 'J. Ellis', photoUrls: [], exceptions: [{ itemId: CHAIR, note: 'Leg cracked' }], earlyReason: 'The client asked for it today' },
    ]);
  });

  it('asks no early reason for a delivery of today', async () => {
    mockFetch({ 'GET /api/auth/user': () => jsonResponse(ADMIN), [DAYS]: () => jsonResponse({ days: [] }), ...dayRoutes(DAY, [], [aDelivery({ date: TODAY })]) });
    renderWithProviders(<DeliveriesPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Complete: Lakeview Residence' }));
    const dialog = await screen.findByRole('dialog', { name: 'Complete delivery' });
    expect(within(dialog).queryByLabelText('Why is it delivered early?')).toBeNull();
  });

  it('shows anyone else Access Denied and asks logistics nothing', async () => {
    const fetchMock = mockFetch({ 'GET /api/auth/user': () => jsonResponse(DESIGNER) });
    renderWithProviders(<DeliveriesPage />);
    expect(await screen.findByText('Access Denied: Only Midway administrators can plan delivery runs.')).toBeTruthy();
    expect(fetchMock.mock.calls.map(([url]) => String(url)).filter((u) => u.includes('deliver'))).toEqual([]);
  });

  it('proposes the next business day, skipping the weekend; says a day’s counts briefly', () => {
    expect(nextBusinessDay(new Date(2026, 2, 6, 12))).toBe('2026-03-09');
    expect(nextBusinessDay(new Date(2026, 2, 4, 12))).toBe('2026-03-05');
    expect(dayCounts(aDay('2026-03-09', { requested: 1, outForDelivery: 2, completed: 3 }))).toBe('1 requested · 2 out · 3 completed');
  });
});
