import { act, screen, waitFor, within } from '@testing-library/react';
import { aSharedProject } from '../test-fixtures';
import { jsonResponse, mockFetch } from '@midway/ui/testing';
import { clientTokenFromPath } from '../client-page/client-token';
import { bootstrap, mount, unmount } from './client-dashboard.lifecycles';

const CONFIG = { productName: 'Midway', providerName: 'Harbourline Logistics Ltd.', supportPhone: '(416) 555-0134', supportEmail: 'help@midway.test', supportAddress: '40 Dock Rd, Toronto', stripePublishableKey: null };
const item = (id: string, name: string, status: 'ordered' | 'in-transit' | 'received' | 'stored' | 'delivered', extra = {}) => ({
  id,
  name,
  supplier: 'Atelier North',
  photoUrl: null,
  status,
  receivedAt: null,
  deliveredAt: null,
  inspection: null,
  ...extra,
});

/** Mounts through the single-spa lifecycles, as the gateway's client page does. */
async function mountClientDashboard(token: string) {
  const domElement = document.createElement('div');
  document.body.appendChild(domElement);
  const props = { name: `client-${token}`, domElement, token };
  await bootstrap(props);
  // single-spa-react resolves mount after React commits; awaiting it inside act() would deadlock (TOOLCHAIN.md).
  let mounted!: Promise<unknown>;
  act(() => {
    mounted = mount(props);
  });
  await mounted;
  return { domElement, unmount: () => act(async () => void (await unmount(props))) };
}

describe('client dashboard (public, read-only)', () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });

  it('reads the token from /client/{token}', () => {
    expect(clientTokenFromPath('/client/abc123')).toBe('abc123');
    expect(clientTokenFromPath('/client/abc%20x/')).toBe('abc x');
    expect(clientTokenFromPath('/client/')).toBe('');
    expect(clientTokenFromPath('/projects/abc')).toBe('');
  });

  it("shows 'Project Not Found' when the link is unknown", async () => {
    mockFetch({ 'GET /runtime-manifest.json': () => jsonResponse({ remotes: [], config: CONFIG }) });
    const view = await mountClientDashboard('no-such-token');
    await screen.findByText('Project Not Found');
    expect(screen.getByText('The project link may be invalid or expired. Please contact your designer for a new link.')).toBeTruthy();
    await view.unmount();
  });

  it("shows 'Project Not Found' without a token, asking nothing of the server", async () => {
    const fetchMock = mockFetch({ 'GET /runtime-manifest.json': () => jsonResponse({ remotes: [], config: CONFIG }) });
    await mountClientDashboard('');
    await screen.findByText('Project Not Found');
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('/api/shared/'))).toBe(false);
  });

  it("shows progress, counts, 'Your Items', Project Details, 'Need Help?' and the latest 5 updates", async () => {
    const activities = Array.from({ length: 7 }, (_, i) => ({ id: `00000000-0000-4000-8000-00000000000${i}`, description: `Update ${i + 1}`, createdAt: new Date().toISOString() }));
    mockFetch({
      'GET /api/shared/projects/tok_1': () =>
        jsonResponse(
          aSharedProject({
            items: [
              item('a1', 'Walnut dining table', 'delivered', { deliveredAt: '2026-03-06T12:00:00.000Z', receivedAt: '2026-03-02T12:00:00.000Z', inspection: 'inspected' }),
              item('a2', 'Boucle chair', 'received', { receivedAt: '2026-03-02T12:00:00.000Z', inspection: 'damage-reported' }),
              item('a3', 'Floor lamp', 'in-transit'),
            ],
            activities,
            deliveries: [{ date: '2026-03-06', window: 'morning', status: 'completed', items: [{ name: 'Walnut dining table' }, { name: 'Boucle chair' }] }],
          }),
        ),
      'GET /runtime-manifest.json': () => jsonResponse({ remotes: [], config: CONFIG }),
    });
    await mountClientDashboard('tok_1');

    await screen.findByRole('heading', { name: 'Lakeview Residence' });
    expect(screen.getByText('Client Dashboard • Read-only View')).toBeTruthy();
    expect(screen.getByTestId('client-progress').textContent).toBe('67%');
    expect(within(screen.getByTestId('stat-Total Items')).getByText('3')).toBeTruthy();
    expect(within(screen.getByTestId('stat-In Transit')).getByText('1')).toBeTruthy();
    expect(within(screen.getByTestId('stat-Delivered')).getByText('1')).toBeTruthy();

    const items = screen.getAllByTestId('client-item');
    expect(items).toHaveLength(3);
    expect(within(items[0]).getByText('From Atelier North')).toBeTruthy();
    expect(within(items[0]).getByText('Delivered Mar 6, 2026')).toBeTruthy();
    expect(within(items[1]).getByText('Received Mar 2, 2026')).toBeTruthy();
    expect(within(items[2]).getByText('In Transit')).toBeTruthy();
    // The warehouse's inspection: its outcome only.
    expect(within(items[0]).getByText('Inspected')).toBeTruthy();
    expect(within(items[1]).getByText('Damage reported')).toBeTruthy();
    expect(within(items[2]).queryByText(/Inspected|Damage reported/)).toBeNull();

    expect(screen.getByText('May 14, 2026')).toBeTruthy();
    await waitFor(() => expect(screen.getByRole('link', { name: 'help@midway.test' }).getAttribute('href')).toBe('mailto:help@midway.test'));
    expect(screen.getByRole('link', { name: '(416) 555-0134' }).getAttribute('href')).toBe('tel:4165550134');
    expect(screen.getAllByTestId('client-update').map((li) => li.querySelector('p')?.textContent)).toEqual(['Update 1', 'Update 2', 'Update 3', 'Update 4', 'Update 5']);
    // The project's deliveries: day, window, status and item names.
    expect(screen.getAllByTestId('client-delivery').map((li) => li.textContent)).toEqual(['Mar 6, 2026 · MorningDeliveredWalnut dining table, Boucle chair']);
  });

  it("shows 'No items added yet' and 'No recent activity' for an empty project", async () => {
    mockFetch({
      'GET /api/shared/projects/tok_2': () => jsonResponse(aSharedProject()),
      'GET /runtime-manifest.json': () => jsonResponse({ remotes: [], config: CONFIG }),
    });
    await mountClientDashboard('tok_2');
    await screen.findByText('No items added yet');
    expect(screen.getByText('No recent activity')).toBeTruthy();
    expect(screen.queryByTestId('client-delivery')).toBeNull();
    expect(screen.getByTestId('client-progress').textContent).toBe('0%');
  });
});
