import { jsonResponse, mockFetch, renderWithProviders } from '@midway/ui/testing';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { aProject, anItem, aSummary, PROJECT_ID } from '../test-fixtures';
import ItemsPage from './items.page';

const OUT_AT = '2026-06-05T08:00:00.000Z';
const items = [
  anItem({ id: '00000000-0000-4000-8000-0000000000a1', name: 'Oak table', status: 'stored', outForDeliveryAt: OUT_AT }),
  anItem({ id: '00000000-0000-4000-8000-0000000000b2', name: 'Linen sofa', status: 'stored' }),
  // Delivered since: its delivery is over, whatever the stamp says.
  anItem({ id: '00000000-0000-4000-8000-0000000000c3', name: 'Arc lamp', status: 'delivered', outForDeliveryAt: OUT_AT }),
];

it('the Items page shows "Out for delivery" beside the status of an item whose delivery is out, in the list and in the grid', async () => {
  mockFetch({
    'GET /api/items': () => jsonResponse(items),
    'GET /api/items/summary': () => jsonResponse(aSummary({ total: 3, byProject: [{ projectId: PROJECT_ID, count: 3 }] })),
    'GET /api/projects': () => jsonResponse([aProject()]),
    'GET /api/carriers': () => jsonResponse([]),
  });
  renderWithProviders(<ItemsPage />);
  const shown = (containers: HTMLElement[]) => containers.map((c) => [c.getAttribute('aria-label'), within(c).queryByTestId('out-for-delivery')?.textContent ?? null]);
  await screen.findByRole('row', { name: 'Oak table' }, { timeout: 5000 });
  expect(shown(screen.getAllByTestId('item-row'))).toEqual([['Oak table', 'Out for delivery'], ['Linen sofa', null], ['Arc lamp', null]]);
  await userEvent.click(screen.getByRole('tab', { name: 'Grid View' }));
  expect(shown(await screen.findAllByTestId('item-card', {}, { timeout: 5000 }))).toEqual([['Oak table', 'Out for delivery'], ['Linen sofa', null], ['Arc lamp', null]]);
});
