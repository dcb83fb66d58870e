import { getToasts, resetToasts } from '@midway/ui';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { aProject, anItem, PROJECT_ID } from '../test-fixtures';
import { jsonResponse, mockFetch, renderWithProviders } from '@midway/ui/testing';
import ImportItemsDialog from './import-items-dialog';

const csvFile = (text: string, name = 'items.csv') => new File([text], name, { type: 'text/csv' });

function rows(n: number) {
  return ['Item,Vendor,Qty,Amount,Cost', ...Array.from({ length: n }, (_, i) => `Piece ${i + 1},Acme,${i + 1},1,$1${i}.00`)].join('\n');
}

describe('Import Items from File', () => {
  beforeEach(() => resetToasts());

  it("previews the first 10 parsed items with '... and N more items' and imports them all in one call", async () => {
    const fetchMock = mockFetch({
      'GET /api/projects': () => jsonResponse([aProject()]),
      [`POST /api/projects/${PROJECT_ID}/items/bulk`]: () => jsonResponse({ items: Array.from({ length: 25 }, () => anItem()), errors: 0, errorDetails: [] }),
    });
    const onOpenChange = jest.fn();
    renderWithProviders(<ImportItemsDialog open onOpenChange={onOpenChange} projectId={PROJECT_ID} />);
    await userEvent.upload(screen.getByLabelText('File'), csvFile(rows(25)));
    const preview = await screen.findByTestId('import-preview');
    expect(within(preview).getAllByRole('listitem')).toHaveLength(11);
    expect(within(preview).getByText('... and 15 more items')).toBeTruthy();
    // The preview scrolls: a keyboard user must be able to reach it (axe: scrollable-region-focusable).
    expect(preview.tabIndex).toBe(0);
    expect(getToasts()[0]).toMatchObject({ description: 'Parsed 25 items from items.csv' });
    await userEvent.click(screen.getByRole('button', { name: 'Import 25 Items' }));
    await waitFor(() => expect(getToasts()[0]).toMatchObject({ description: 'Successfully imported 25 items' }));
    const call = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST')!;
    const sent = JSON.parse(String(call[1]!.body)).items;
    expect(sent).toHaveLength(25);
    // Amount is the quantity here (the file has a Cost column for the price); Qty wins over it.
    expect(sent[0]).toEqual({ name: 'Piece 1', supplier: 'Acme', quantity: 1, price: '10.00' });
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it('shows each row the server refused, and the Import Error message', async () => {
    mockFetch({
      'GET /api/projects': () => jsonResponse([aProject()]),
      [`POST /api/projects/${PROJECT_ID}/items/bulk`]: () =>
        jsonResponse({ items: [anItem()], errors: 1, errorDetails: [{ row: 2, item: { name: 'Piece 2' }, error: 'productUrl must be a URL' }] }),
    });
    renderWithProviders(<ImportItemsDialog open onOpenChange={jest.fn()} projectId={PROJECT_ID} />);
    await userEvent.upload(screen.getByLabelText('File'), csvFile(rows(2)));
    await userEvent.click(await screen.findByRole('button', { name: 'Import 2 Items' }));
    const refused = await screen.findByTestId('import-row-errors');
    // The server numbers the rows it was sent; the dialog names the file's row (the header is row 1).
    expect(refused.textContent).toBe('Row 3 (Piece 2): productUrl must be a URL');
    expect(refused.tabIndex).toBe(0);
    expect(getToasts().map((t) => t.title)).toContain('Success');
    // What was sent is not sent again.
    await userEvent.click(screen.getByRole('button', { name: 'Import Items' }));
    expect(await screen.findByText('No items to import')).toBeTruthy();
  });

  it('says before Import which rows it skips and which values it cannot keep, and shows prices as money', async () => {
    const fetchMock = mockFetch({ 'GET /api/projects': () => jsonResponse([aProject()]) });
    renderWithProviders(<ImportItemsDialog open onOpenChange={jest.fn()} projectId={PROJECT_ID} />);
    const csv = ['name,quantity,price', 'Sofa,2,1249.5', ',3,10', 'Lamp,0,-5', '', 'Rug,1,"$12,000"', ',,', ',1,'].join('\n');
    await userEvent.upload(screen.getByLabelText('File'), csvFile(csv));
    const preview = await screen.findByTestId('import-preview');
    expect(within(preview).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Sofa · Qty 2 · $1,249.50', 'Lamp', 'Rug · Qty 1 · $12,000.00']);
    const changes = screen.getByTestId('import-changes');
    expect(changes.textContent).toContain('2 rows without a name will be skipped: rows 3, 8');
    expect(within(changes).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Row 4 (Lamp): quantity "0" is not a whole number of at least 1, so the item gets quantity 1',
      'Row 4 (Lamp): price "-5" is not an amount of 0 or more, so the item gets no price',
    ]);
    // Said before anything is sent.
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
    expect(screen.getByRole('button', { name: 'Import 3 Items' })).toBeTruthy();
  });

  it('names the problem with the file: no name column, a header only', async () => {
    mockFetch({ 'GET /api/projects': () => jsonResponse([aProject()]) });
    renderWithProviders(<ImportItemsDialog open mode="po" onOpenChange={jest.fn()} projectId={PROJECT_ID} />);
    expect(screen.getByRole('dialog', { name: 'Upload Purchase Order' })).toBeTruthy();
    const input = screen.getByLabelText('File');
    await userEvent.upload(input, csvFile('supplier\nAcme'));
    expect(await screen.findByText("CSV must contain a 'name' or 'item' column")).toBeTruthy();
    await userEvent.upload(input, csvFile('name\n'));
    expect(await screen.findByText('CSV must have at least a header row and one data row')).toBeTruthy();
  });

  it("needs a project: 'Please select a project'", async () => {
    mockFetch({ 'GET /api/projects': () => jsonResponse([aProject()]) });
    renderWithProviders(<ImportItemsDialog open onOpenChange={jest.fn()} />);
    await userEvent.upload(screen.getByLabelText('File'), csvFile(rows(1)));
    await userEvent.click(await screen.findByRole('button', { name: 'Import 1 Items' }));
    expect(await screen.findByText('Please select a project')).toBeTruthy();
  });
});
