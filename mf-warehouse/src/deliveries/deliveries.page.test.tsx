import type { CurrentUser, Delivery } from '@midway/contracts';
import { getToasts, resetToasts } from '@midway/ui';
import { jsonResponse, mockFetch, renderWithProviders } from '@midway/ui/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ADMIN, ITEM_ID, PROJECT_ID } from '../test-fixtures';
import DeliveriesPage, { nextBusinessDay } from './deliveries.page';

const DESIGNER: CurrentUser = { ...ADMIN, id: '7c0a3f5e-2a8f-4c1e-8b1a-0e5d2f9c6b33', email: 'noor@example.com', systemRole: 'designer' };
const DAY = nextBusinessDay();
const CHAIR = '0a1b2c3d-4e5f-4a6b-8c7d-000000000002';
const aDelivery = (overrides: Partial<Delivery> = {}): Delivery => ({
  id: '8a1b2c3d-dddd-4eee-8fff-0123456789ab', projectId: PROJECT_ID, projectName: 'Lakeview Residence', date: DAY, window: 'morning', address: '12 Harbour St', notes: null, status: 'out-for-delivery',
  items: [{ itemId: ITEM_ID, name: 'Walnut dining table', installAssembly: false, exception: null }, { itemId: CHAIR, name: 'Oak chair', installAssembly: false, exception: null }],
  runId: '5b6c7d8e-aaaa-4bbb-8ccc-0123456789ab', receivedBy: null, photoUrls: [], signatureUrl: null, completedAt: null, createdAt: '2026-03-02T15:04:05.000Z', ...overrides,
});
const STOPS = [
  { projectId: PROJECT_ID, projectName: 'Lakeview Residence', address: '12 Harbour St', window: 'morning', deliveryIds: ['1b2c3d4e-5f6a-4b7c-8d9e-000000000001', '1b2c3d4e-5f6a-4b7c-8d9e-000000000002'], itemCount: 3 },
  { projectId: '2f1e8e8a-5f4b-4d8e-9a53-000000000009', projectName: 'Cedar House', address: '40 Dock Rd', window: 'any', deliveryIds: ['1b2c3d4e-5f6a-4b7c-8d9e-000000000003'], itemCount: 1 },
];
const bodiesOf = (fetchMock: jest.Mock, method: string, path: string) =>
  fetchMock.mock.calls.filter(([url, init]) => init?.method === method && new URL(String(url), 'http://localhost').pathname === path).map(([, init]) => JSON.parse(String(init!.body)));

describe('the deliveries page', () => {
  beforeEach(() => resetToasts());

  it('proposes the day’s stops in order and fixes them as one run', async () => {
    const fetchMock = mockFetch({
      'GET /api/auth/user': () => jsonResponse(ADMIN),
      [`GET /api/delivery-runs?date=${DAY}`]: () => jsonResponse({ date: DAY, stops: STOPS }),
      [`GET /api/deliveries?from=${DAY}&to=${DAY}`]: () => jsonResponse([]),
      'POST /api/delivery-runs': () => jsonResponse({ id: '5b6c7d8e-aaaa-4bbb-8ccc-0123456789ab', date: DAY, deliveries: [aDelivery({ status: 'scheduled' })] }, 201),
    });
    renderWithProviders(<DeliveriesPage />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Deliveries' })).toBeTruthy();
    // Its sections are the page's second level (headings in order for screen readers).
    expect((await screen.findAllByRole('heading', { level: 2 })).map((h) => h.textContent)).toEqual(expect.arrayContaining(['Runs']));
    const stops = await screen.findAllByTestId('proposed-stop');
    expect(stops.map((s) => s.textContent)).toEqual([expect.stringContaining('1. Lakeview Residence'), expect.stringContaining('2. Cedar House')]);
    expect(stops[0]!.textContent).toContain('3 items · 2 deliveries');
    await userEvent.click(screen.getByRole('button', { name: 'Fix run (3 deliveries)' }));
    await waitFor(() => expect(getToasts().map((t) => t.title)).toContain('Run fixed'));
    expect(bodiesOf(fetchMock, 'POST', '/api/delivery-runs')).toEqual([{ date: DAY, deliveryIds: [...STOPS[0]!.deliveryIds, ...STOPS[1]!.deliveryIds] }]);
  });

  it('completes a delivery with the receiver’s name and one item not delivered, saying why', async () => {
    const fetchMock = mockFetch({
      'GET /api/auth/user': () => jsonResponse(ADMIN),
      [`GET /api/delivery-runs?date=${DAY}`]: () => jsonResponse({ date: DAY, stops: [] }),
      [`GET /api/deliveries?from=${DAY}&to=${DAY}`]: () => jsonResponse([aDelivery()]),
      [`POST /api/deliveries/${aDelivery().id}/complete`]: (init) => {
        const body = JSON.parse(String(init!.body));
        return jsonResponse(aDelivery({ status: 'completed', receivedBy: body.receivedBy, items: [aDelivery().items[0]!, { ...aDelivery().items[1]!, exception: 'Leg cracked' }] }));
      },
    });
    renderWithProviders(<DeliveriesPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Complete: Lakeview Residence' }));
    const dialog = await screen.findByRole('dialog', { name: 'Complete delivery' });
    expect(within(dialog).getByLabelText(/Signature/)).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Complete delivery' }));
    expect(await within(dialog).findByText('Enter the name of the person who received the delivery.')).toBeTruthy();
    await userEvent.type(within(dialog).getByLabelText('Received by'), 'J. Ellis');
    await userEvent.click(within(dialog).getByLabelText('Oak chair: not delivered'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Complete delivery' }));
    expect(await within(dialog).findByText(/Say why each item/)).toBeTruthy();
    await userEvent.type(within(dialog).getByLabelText('Why Oak chair was not delivered'), 'Leg cracked');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Complete delivery' }));
    await waitFor(() => expect(getToasts().map((t) => [t.title, t.description])).toContainEqual(['Delivered', 'Lakeview Residence: 1 of 2 items delivered, received by J. Ellis.']));
    expect(bodiesOf(fetchMock, 'POST', `/api/deliveries/${aDelivery().id}/complete`)).toEqual([{ receivedBy: 'J. Ellis', photoUrls: [], exceptions: [{ itemId: CHAIR, note: 'Leg cracked' }] }]);
  });

  it('shows anyone else Access Denied and asks logistics nothing', async () => {
    const fetchMock = mockFetch({ 'GET /api/auth/user': () => jsonResponse(DESIGNER) });
    renderWithProviders(<DeliveriesPage />);
    expect(await screen.findByText('Access Denied: Only Midway administrators can plan delivery runs.')).toBeTruthy();
    expect(fetchMock.mock.calls.map(([url]) => String(url)).filter((u) => u.includes('deliver'))).toEqual([]);
  });

  it('proposes the next business day, skipping the weekend', () => {
    expect(nextBusinessDay(new Date(2026, 2, 6, 12))).toBe('2026-03-09');
    expect(nextBusinessDay(new Date(2026, 2, 4, 12))).toBe('2026-03-05');
  });
});
