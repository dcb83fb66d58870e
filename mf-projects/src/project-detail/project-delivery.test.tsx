import { getToasts, resetToasts } from '@midway/ui';
import { firstBookableDay } from '@midway/ui/delivery';
import { jsonResponse, mockFetch, renderWithProviders } from '@midway/ui/testing';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { aProjectDetail, anItem } from '../test-fixtures';
import ProjectDetailPage from './project-detail.page';

const ID = '2f1e8e8a-5f4b-4d8e-9a53-6a4c1e0b7a11';
const TABLE = anItem({ id: '00000000-0000-4000-8000-0000000000a1', name: 'Walnut dining table', status: 'stored', projectId: ID });
const LAMP = anItem({ id: '00000000-0000-4000-8000-0000000000b2', name: 'Arc lamp', status: 'received', projectId: ID });
const SOFA = anItem({ id: '00000000-0000-4000-8000-0000000000c3', name: 'Linen sofa', status: 'ordered', projectId: ID });
const renderPage = () => renderWithProviders(<ProjectDetailPage />, { path: `/projects/${ID}`, pattern: '/projects/:id' });
const posts = (fetchMock: jest.Mock) =>
  fetchMock.mock.calls.filter(([url, init]) => init?.method === 'POST' && new URL(String(url), 'http://localhost').pathname === `/api/projects/${ID}/deliveries`).map(([, init]) => JSON.parse(String(init!.body)));

describe('Request delivery on the project page', () => {
  beforeEach(() => resetToasts());

  it('books the chosen stored and received items for the first business day at the project’s location', async () => {
    const user = userEvent.setup();
    const fetchMock = mockFetch({
      [`GET /api/projects/${ID}`]: () => jsonResponse(aProjectDetail({ id: ID, location: '12 Harbour St, Toronto', items: [TABLE, LAMP, SOFA] })),
      [`GET /api/projects/${ID}/members`]: () => jsonResponse([]),
      [`POST /api/projects/${ID}/deliveries`]: (init) => {
        const body = JSON.parse(String(init!.body));
        return jsonResponse({ id: '8a1b2c3d-dddd-4eee-8fff-0123456789ab', projectId: ID, status: 'requested', ...body, notes: body.notes ?? null, items: body.itemIds.map((itemId: string) => ({ itemId, name: 'x', installAssembly: false })) }, 201);
      },
    });
    renderPage();
    const rows = await screen.findAllByTestId('project-item');
    // Only items at the warehouse can be chosen; nothing is chosen yet, so the action waits.
    expect(rows.map((r) => within(r).queryByRole('checkbox') !== null)).toEqual([true, true, false]);
    const action = screen.getByRole('button', { name: 'Request delivery' });
    expect((action as HTMLButtonElement).disabled).toBe(true);

    await user.click(within(rows[0]!).getByRole('checkbox', { name: 'Select Walnut dining table for delivery' }));
    await user.click(within(rows[1]!).getByRole('checkbox', { name: 'Select Arc lamp for delivery' }));
    await user.click(screen.getByRole('button', { name: 'Request delivery (2)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Request delivery' });
    expect(within(dialog).getByText(/2 items of Lakeview Residence: Walnut dining table, Arc lamp/)).toBeTruthy();
    const date = within(dialog).getByLabelText('Date') as HTMLInputElement;
    expect([date.value, date.min]).toEqual([firstBookableDay(), firstBookableDay()]);
    expect((within(dialog).getByLabelText('Address') as HTMLInputElement).value).toBe('12 Harbour St, Toronto');

    // A weekend day is refused before anything is sent.
    fireEvent.change(date, { target: { value: '2030-01-05' } });
    await user.click(within(dialog).getByRole('button', { name: 'Request delivery' }));
    expect(await within(dialog).findByText('Deliveries go out Monday to Friday: choose a weekday.')).toBeTruthy();
    expect(posts(fetchMock)).toEqual([]);

    fireEvent.change(date, { target: { value: firstBookableDay() } });
    await user.selectOptions(within(dialog).getByLabelText('Window'), 'afternoon');
    await user.type(within(dialog).getByLabelText(/Notes/), 'Gate code 4411');
    await user.click(within(dialog).getByRole('button', { name: 'Request delivery' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Request delivery' })).toBeNull());
    expect(posts(fetchMock)).toEqual([
      { date: firstBookableDay(), window: 'afternoon', address: '12 Harbour St, Toronto', itemIds: [TABLE.id, LAMP.id], notes: 'Gate code 4411', lastMileDelivery: true, installAssemblyItemIds: [] },
    ]);
    expect(getToasts().map((t) => t.title)).toContain('Delivery requested');
    // The selection is cleared for the next booking.
    expect(screen.getAllByRole('checkbox').map((c) => (c as HTMLInputElement).checked)).toEqual([false, false]);
  });

  it('keeps the dialog open with what was entered when logistics refuses the booking', async () => {
    const user = userEvent.setup();
    mockFetch({
      [`GET /api/projects/${ID}`]: () => jsonResponse(aProjectDetail({ id: ID, items: [TABLE] })),
      [`GET /api/projects/${ID}/members`]: () => jsonResponse([]),
      [`POST /api/projects/${ID}/deliveries`]: () => jsonResponse({ error: 'bad_request', message: 'These items cannot be booked: “Walnut dining table” is already on another open delivery.' }, 400),
    });
    renderPage();
    await user.click(await screen.findByRole('checkbox', { name: 'Select Walnut dining table for delivery' }));
    await user.click(screen.getByRole('button', { name: 'Request delivery (1)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Request delivery' });
    await user.clear(within(dialog).getByLabelText('Address'));
    await user.type(within(dialog).getByLabelText('Address'), '40 Dock Rd');
    await user.click(within(dialog).getByRole('button', { name: 'Request delivery' }));
    await waitFor(() => expect(getToasts().map((t) => t.description)).toContain('These items cannot be booked: “Walnut dining table” is already on another open delivery.'));
    expect((within(screen.getByRole('dialog', { name: 'Request delivery' })).getByLabelText('Address') as HTMLInputElement).value).toBe('40 Dock Rd');
  });

  it('gives a viewer no way to book: no checkboxes, no Request delivery', async () => {
    mockFetch({ [`GET /api/projects/${ID}`]: () => jsonResponse(aProjectDetail({ id: ID, access: 'viewer', items: [TABLE, LAMP] })) });
    renderPage();
    await screen.findAllByTestId('project-item');
    expect(screen.queryByRole('checkbox')).toBeNull();
    expect(screen.queryByRole('button', { name: /Request delivery/ })).toBeNull();
  });

  it('shows "Out for delivery" on an item whose delivery is out (not to be chosen again), and not once it is delivered', async () => {
    mockFetch({
      [`GET /api/projects/${ID}`]: () =>
        jsonResponse(aProjectDetail({ id: ID, items: [{ ...TABLE, outForDeliveryAt: '2026-06-05T08:00:00.000Z' }, LAMP, { ...SOFA, status: 'delivered', outForDeliveryAt: '2026-06-05T08:00:00.000Z' }] })),
      [`GET /api/projects/${ID}/members`]: () => jsonResponse([]),
    });
    renderPage();
    const rows = await screen.findAllByTestId('project-item');
    expect(rows.map((r) => within(r).queryByText('Out for delivery') !== null)).toEqual([true, false, false]);
    // It is on a delivery already: it cannot be chosen for another one.
    expect(rows.map((r) => within(r).queryByRole('checkbox') !== null)).toEqual([false, true, false]);
  });

  it('lists the project’s deliveries: the items booked for each date and, once delivered, the proof with photos and signature', async () => {
    const base = { projectId: ID, projectName: 'Lakeview Residence', window: 'morning', address: '12 Harbour St', notes: null, runId: null, runStop: null, earlyReason: null, createdAt: '2026-06-01T08:00:00.000Z' };
    mockFetch({
      [`GET /api/projects/${ID}`]: () => jsonResponse(aProjectDetail({ id: ID, items: [TABLE, LAMP] })),
      [`GET /api/projects/${ID}/members`]: () => jsonResponse([]),
      [`GET /api/deliveries?projectId=${ID}`]: () =>
        jsonResponse([
          { ...base, id: '8a1b2c3d-dddd-4eee-8fff-000000000001', date: '2026-06-05', status: 'completed', items: [{ itemId: TABLE.id, name: TABLE.name, installAssembly: true, lastMileDelivery: true, exception: null }],
            receivedBy: 'J. Ellis', photoUrls: ['/api/photos/5a0c1f1e-aaaa-4bbb-8ccc-0123456789ab'], signatureUrl: '/api/photos/5a0c1f1e-aaaa-4bbb-8ccc-0123456789ac', completedAt: '2026-06-05T15:00:00.000Z' },
          { ...base, id: '8a1b2c3d-dddd-4eee-8fff-000000000002', date: '2026-06-09', status: 'requested', items: [{ itemId: LAMP.id, name: LAMP.name, installAssembly: false, lastMileDelivery: true, exception: null }],
            receivedBy: null, photoUrls: [], signatureUrl: null, completedAt: null },
          { ...base, id: '8a1b2c3d-dddd-4eee-8fff-000000000003', date: '2026-06-10', status: 'cancelled', items: [], receivedBy: null, photoUrls: [], signatureUrl: null, completedAt: null },
        ]),
    });
    renderPage();
    const region = await screen.findByRole('region', { name: 'Deliveries' });
    const entries = within(region).getAllByTestId('project-delivery');
    expect(entries).toHaveLength(2);
    expect(within(entries[0]!).getByRole('list', { name: 'Items for Fri, Jun 5, 2026' }).textContent).toBe('Walnut dining table (installation) — delivered');
    expect(within(entries[1]!).getByRole('list', { name: 'Items for Tue, Jun 9, 2026' }).textContent).toBe('Arc lamp');
    const proof = within(entries[0]!).getByTestId('delivery-proof');
    expect(proof.textContent).toContain('Received by J. Ellis');
    expect(within(proof).getByRole('img', { name: 'Proof photo 1 of 1' }).getAttribute('src')).toBe('/api/photos/5a0c1f1e-aaaa-4bbb-8ccc-0123456789ab');
    expect(within(proof).getByRole('img', { name: 'Signature of J. Ellis' }).getAttribute('src')).toBe('/api/photos/5a0c1f1e-aaaa-4bbb-8ccc-0123456789ac');
    expect(within(entries[1]!).queryByTestId('delivery-proof')).toBeNull();
  });
});
