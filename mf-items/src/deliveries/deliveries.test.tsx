import type { Delivery } from '@midway/contracts';
import { getToasts, resetToasts } from '@midway/ui';
import { jsonResponse, mockFetch, renderWithProviders } from '@midway/ui/testing';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { aProject, anItem, PROJECT_ID } from '../test-fixtures';
import DeliveriesDialog from './deliveries-dialog';
import { firstBookableDay } from '@midway/ui/delivery';
import RequestDeliveryDialog from './request-delivery-dialog';

const TABLE = anItem({ name: 'Walnut dining table', status: 'stored' });
const LAMP = anItem({ name: 'Arc lamp', status: 'received' });
const DAY = firstBookableDay();
const aDelivery = (overrides: Partial<Delivery> = {}): Delivery => ({
  id: '8a1b2c3d-dddd-4eee-8fff-0123456789ab', projectId: PROJECT_ID, projectName: 'Lakeview Residence', date: DAY, window: 'any', address: '12 Harbour St, Toronto', notes: null, status: 'requested',
  items: [{ itemId: TABLE.id, name: TABLE.name, installAssembly: false, lastMileDelivery: true, exception: null }], runId: null, runStop: null, earlyReason: null, receivedBy: null, photoUrls: [], signatureUrl: null, completedAt: null, createdAt: '2026-03-02T15:04:05.000Z', ...overrides,
});
const bodiesOf = (fetchMock: jest.Mock, path: string) =>
  fetchMock.mock.calls.filter(([url, init]) => init?.method === 'POST' && new URL(String(url), 'http://localhost').pathname === path).map(([, init]) => JSON.parse(String(init!.body)));

describe('requesting a delivery', () => {
  beforeEach(() => resetToasts());

  it('books the chosen stored items for the first business day at the project’s location, refusing a weekend day first', async () => {
    const fetchMock = mockFetch({ [`POST /api/projects/${PROJECT_ID}/deliveries`]: (init) => jsonResponse(aDelivery({ ...JSON.parse(String(init!.body)) }), 201) });
    const onRequested = jest.fn();
    renderWithProviders(<RequestDeliveryDialog items={[TABLE, LAMP]} project={aProject()} onClose={() => undefined} onRequested={onRequested} />);
    const dialog = await screen.findByRole('dialog', { name: 'Request delivery' });
    const date = within(dialog).getByLabelText('Date') as HTMLInputElement;
    expect([date.value, date.min]).toEqual([DAY, DAY]);
    expect((within(dialog).getByLabelText('Address') as HTMLInputElement).value).toBe('12 Harbour St, Toronto');
    fireEvent.change(date, { target: { value: '2030-01-05' } });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Request delivery' }));
    expect(await within(dialog).findByText('Deliveries go out Monday to Friday: choose a weekday.')).toBeTruthy();
    expect(bodiesOf(fetchMock, `/api/projects/${PROJECT_ID}/deliveries`)).toEqual([]);

    fireEvent.change(date, { target: { value: DAY } });
    await userEvent.selectOptions(within(dialog).getByLabelText('Window'), 'morning');
    await userEvent.type(within(dialog).getByLabelText(/Notes/), 'Gate code 4411');
    // The fees are shown and chosen here: delivery (offered ticked) and installation item by item.
    const delivery = within(dialog).getByRole('checkbox', { name: /Last-Mile Delivery — \$50\.00 per delivery day/ }) as HTMLInputElement;
    expect(delivery.checked).toBe(true);
    expect(within(dialog).getByTestId('chosen-fees').textContent).toMatch(/^Fees chosen: \$50\.00\./);
    await userEvent.click(within(dialog).getByRole('checkbox', { name: `Install and assemble ${TABLE.name}` }));
    expect(within(dialog).getByText(/Installation & Assembly — \$75\.00 per item/)).toBeTruthy();
    expect(within(dialog).getByTestId('chosen-fees').textContent).toMatch(/^Fees chosen: \$125\.00\./);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Request delivery' }));
    await waitFor(() => expect(onRequested).toHaveBeenCalled());
    expect(bodiesOf(fetchMock, `/api/projects/${PROJECT_ID}/deliveries`)).toEqual([
      { date: DAY, window: 'morning', address: '12 Harbour St, Toronto', itemIds: [TABLE.id, LAMP.id], notes: 'Gate code 4411', lastMileDelivery: true, installAssemblyItemIds: [TABLE.id] },
    ]);
    expect(getToasts().map((t) => t.title)).toContain('Delivery requested');
  });

  it('a delivery fee unticked is not chosen: the booking says so and only the installation chosen counts', async () => {
    const fetchMock = mockFetch({ [`POST /api/projects/${PROJECT_ID}/deliveries`]: (init) => jsonResponse(aDelivery({ ...JSON.parse(String(init!.body)) }), 201) });
    const onRequested = jest.fn();
    renderWithProviders(<RequestDeliveryDialog items={[TABLE, LAMP]} project={aProject()} onClose={() => undefined} onRequested={onRequested} />);
    const dialog = await screen.findByRole('dialog', { name: 'Request delivery' });
    await userEvent.click(within(dialog).getByRole('checkbox', { name: /Last-Mile Delivery/ }));
    await userEvent.click(within(dialog).getByRole('checkbox', { name: `Install and assemble ${LAMP.name}` }));
    expect(within(dialog).getByTestId('chosen-fees').textContent).toMatch(/^Fees chosen: \$75\.00\./);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Request delivery' }));
    await waitFor(() => expect(onRequested).toHaveBeenCalled());
    expect(bodiesOf(fetchMock, `/api/projects/${PROJECT_ID}/deliveries`)).toEqual([expect.objectContaining({ lastMileDelivery: false, installAssemblyItemIds: [LAMP.id] })]);
  });

  it('says which chosen items are not at the warehouse yet, and books nothing', async () => {
    const fetchMock = mockFetch({});
    renderWithProviders(<RequestDeliveryDialog items={[TABLE, anItem({ name: 'Linen sofa', status: 'ordered' })]} project={aProject()} onClose={() => undefined} onRequested={() => undefined} />);
    const dialog = await screen.findByRole('dialog', { name: 'Request delivery' });
    expect(within(dialog).getByRole('alert').textContent).toBe('Only items at the warehouse (received or stored) can be delivered: Linen sofa (ordered).');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Request delivery' }));
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('the deliveries list', () => {
  beforeEach(() => resetToasts());

  it('lists the deliveries with their status and cancels one still requested', async () => {
    const fetchMock = mockFetch({
      'GET /api/deliveries': () => jsonResponse([aDelivery(), aDelivery({ id: '8a1b2c3d-dddd-4eee-8fff-000000000002', status: 'completed', items: [{ itemId: LAMP.id, name: 'Arc lamp', installAssembly: false, lastMileDelivery: true, exception: 'Shade cracked' }] })]),
      [`POST /api/deliveries/${aDelivery().id}/cancel`]: () => jsonResponse(aDelivery({ status: 'cancelled' })),
    });
    renderWithProviders(<DeliveriesDialog onClose={() => undefined} />);
    const rows = await screen.findAllByTestId('delivery-row');
    expect(rows.map((r) => within(r).getByText(/Requested|Delivered/).textContent)).toEqual(['Requested', 'Delivered']);
    expect(rows[1]!.textContent).toContain('Arc lamp (not delivered: Shade cracked)');
    expect(within(rows[1]!).queryByRole('button')).toBeNull();
    // Its accessible name contains its visible text (issue 38: it was "Cancel the delivery of …" for "Cancel delivery").
    const cancel = within(rows[0]!).getByRole('button', { name: /^Cancel delivery of \w{3}, \w{3} \d{1,2}$/ });
    expect(cancel.getAttribute('aria-label')).toContain(cancel.textContent!.trim());
    await userEvent.click(cancel);
    await waitFor(() => expect(getToasts().map((t) => t.title)).toContain('Delivery cancelled'));
    expect(bodiesOf(fetchMock, `/api/deliveries/${aDelivery().id}/cancel`)).toEqual([{}]);
  });
});
