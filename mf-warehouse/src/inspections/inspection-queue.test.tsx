import { getToasts, resetToasts } from '@midway/ui';
import { jsonResponse, mockFetch, renderWithProviders, textResponse, type FetchRoutes } from '@midway/ui/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { aQueueEntry, ITEM_ID, PROJECT_ID } from '../test-fixtures';
import { InspectionQueue } from './inspection-queue';

const HOUR = 3_600_000;
const inHours = (h: number) => new Date(Date.now() + h * HOUR).toISOString();
const SOFA = aQueueEntry({ itemId: '0a1b2c3d-4e5f-4a6b-8c7d-000000000001', itemName: 'Linen sofa', dueAt: inHours(-3), overdue: true });
const TABLE = aQueueEntry({ dueAt: inHours(30) });
const toastsNow = () => getToasts().map((t) => [t.title, t.description]);
const postsTo = (fetchMock: jest.Mock, path: string) =>
  fetchMock.mock.calls.filter(([url, init]) => init?.method === 'POST' && new URL(String(url), 'http://localhost').pathname === path).map(([, init]) => (init?.body ? JSON.parse(String(init.body)) : null));
const routes = (extra: FetchRoutes = {}): FetchRoutes => ({
  'GET /api/receiving/inspections?status=pending': () => jsonResponse([SOFA, TABLE]),
  'GET /api/receiving/inspections?status=overdue': () => jsonResponse([SOFA]),
  'GET /api/receiving/inspections?status=done': () => jsonResponse([aQueueEntry({ itemName: 'Oak bench', condition: 'damaged', inspectedAt: '2026-03-03T10:00:00.000Z' })]),
  ...extra,
});

describe('the inspection queue', () => {
  beforeEach(() => resetToasts());

  it('shows the time left per item, red once overdue, and the other lists by tab', async () => {
    mockFetch(routes());
    renderWithProviders(<InspectionQueue />);
    const rows = await screen.findAllByTestId('inspection-row');
    expect(rows.map((r) => within(r).getByText(/left|Overdue/).textContent)).toEqual([expect.stringMatching(/^Overdue by 3 h [0-9]+ min$/), expect.stringMatching(/^(29 h 59|30 h 0) min left$/)]);
    expect(rows.map((r) => within(r).getByText(/left|Overdue/).getAttribute('data-overdue'))).toEqual(['true', 'false']);
    expect(within(rows[0]!).getByRole('button', { name: 'Inspect Linen sofa' })).toBeTruthy();
    // Each piece's label is at hand as the item comes off the dock.
    const labels = within(rows[0]!).getByRole('link', { name: 'Labels of Linen sofa (PDF)' });
    expect([labels.getAttribute('href'), labels.getAttribute('target')]).toEqual([`/api/warehouse/items/${SOFA.itemId}/label.pdf`, '_blank']);
    await userEvent.click(screen.getByRole('tab', { name: 'Inspected' }));
    const done = await screen.findByTestId('inspection-row');
    expect(done.textContent).toContain('Oak bench');
    expect(done.textContent).toContain('Damaged inspected Mar 3, 2026');
    expect(within(done).queryByRole('button')).toBeNull();
  });

  it('asks for the condition first, then records a damage with notes and a camera photo through the upload path', async () => {
    const fetchMock = mockFetch(
      routes({
        'POST /api/objects/upload': () => jsonResponse({ uploadURL: '/api/objects/uploads/7f0e8d9c-1b2a-4c3d-8e4f-5a6b7c8d9e0f?sig=abc' }),
        'PUT /api/objects/uploads/7f0e8d9c-1b2a-4c3d-8e4f-5a6b7c8d9e0f?sig=abc': () => jsonResponse({ photoUrl: '/api/photos/7f0e8d9c-1b2a-4c3d-8e4f-5a6b7c8d9e0f', size: 3, contentType: 'image/jpeg' }),
        [`POST /api/receiving/inspections/${ITEM_ID}`]: (init) =>
          jsonResponse({ id: '1b2c3d4e-5f6a-4b7c-8d9e-0f1a2b3c4d5e', itemId: ITEM_ID, projectId: PROJECT_ID, notes: null, photoUrls: [], inspectedAt: new Date().toISOString(), damageReportId: null, ...JSON.parse(String(init!.body)) }, 201),
      }),
    );
    renderWithProviders(<InspectionQueue />);
    await userEvent.click(await screen.findByRole('button', { name: 'Inspect Walnut dining table' }));
    const dialog = await screen.findByRole('dialog', { name: 'Inspect Walnut dining table' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save inspection' }));
    expect(await within(dialog).findByText('Choose the condition: Good, Damaged or Missing parts')).toBeTruthy();
    expect(postsTo(fetchMock, `/api/receiving/inspections/${ITEM_ID}`)).toEqual([]);

    await userEvent.click(within(dialog).getByLabelText('Damaged'));
    await userEvent.type(within(dialog).getByLabelText(/Notes/), '  Corner split on the left leg ');
    const camera = within(dialog).getByLabelText('Take photos') as HTMLInputElement;
    expect(camera.getAttribute('accept')).toBe('image/*');
    expect(camera.getAttribute('capture')).toBe('environment');
    await userEvent.upload(camera, new File(['abc'], 'leg.jpg', { type: 'image/jpeg' }));
    expect(await within(dialog).findByRole('img', { name: 'Photo 1' })).toBeTruthy();
    const put = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT')!;
    expect(String(put[0])).toBe('/api/objects/uploads/7f0e8d9c-1b2a-4c3d-8e4f-5a6b7c8d9e0f?sig=abc');
    expect(put[1]!.body).toBeInstanceOf(File);
    expect(within(dialog).getByText(/the project's owner and members get an e-mail/)).toBeTruthy();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Save inspection' }));
    await waitFor(() =>
      expect(postsTo(fetchMock, `/api/receiving/inspections/${ITEM_ID}`)).toEqual([{ condition: 'damaged', notes: 'Corner split on the left leg', photoUrls: ['/api/photos/7f0e8d9c-1b2a-4c3d-8e4f-5a6b7c8d9e0f'] }]),
    );
    await waitFor(() => expect(toastsNow()).toContainEqual(['Damage reported', "Walnut dining table: Damaged. The project's owner and members are e-mailed the report with its photos."]));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('refuses a file that is not an image and keeps the form when saving fails, saying why', async () => {
    mockFetch(routes({ [`POST /api/receiving/inspections/${ITEM_ID}`]: () => textResponse(JSON.stringify({ error: 'conflict', message: 'Walnut dining table was already inspected.' }), 409) }));
    renderWithProviders(<InspectionQueue />);
    await userEvent.click(await screen.findByRole('button', { name: 'Inspect Walnut dining table' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.upload(within(dialog).getByLabelText('Take photos'), new File(['%PDF'], 'scan.pdf', { type: 'application/pdf' }), { applyAccept: false });
    expect(within(dialog).getByText('scan.pdf is not a JPEG, PNG, WebP or GIF image: take the photo again or pick another file.')).toBeTruthy();
    await userEvent.click(within(dialog).getByLabelText('Good'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save inspection' }));
    await waitFor(() => expect(toastsNow()).toContainEqual(['Could not record the inspection', 'Walnut dining table was already inspected.']));
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it('searches the queue by item, project or designer and sorts it by time left or newest arrival', async () => {
    const rug = aQueueEntry({ itemId: '0a1b2c3d-4e5f-4a6b-8c7d-000000000003', itemName: 'Wool rug', projectName: 'Cedar House', designerName: 'Ben Okafor', arrivedAt: inHours(-1), dueAt: inHours(47) });
    mockFetch(routes({ 'GET /api/receiving/inspections?status=pending': () => jsonResponse([SOFA, TABLE, rug]) }));
    renderWithProviders(<InspectionQueue />);
    const names = async () => (await screen.findAllByTestId('inspection-row')).map((r) => within(r).getAllByRole('paragraph')[0]!.textContent);
    expect(await names()).toEqual(['Linen sofa', 'Walnut dining table', 'Wool rug']);
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search the inspection queue' }), 'okafor');
    expect(await names()).toEqual(['Wool rug']);
    await userEvent.clear(screen.getByRole('searchbox', { name: 'Search the inspection queue' }));
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search the inspection queue' }), 'nothing like it');
    expect(await screen.findByText(/matches “nothing like it”. Clear the search to see all 3./)).toBeTruthy();
    await userEvent.clear(screen.getByRole('searchbox', { name: 'Search the inspection queue' }));
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Sort the queue' }), 'newest');
    expect(await names()).toEqual(['Wool rug', 'Linen sofa', 'Walnut dining table']);
  });
});
