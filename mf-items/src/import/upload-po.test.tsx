import type { PurchaseOrder } from '@midway/contracts';
import { ApiError, getToasts, resetToasts } from '@midway/ui';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { aProject, PROJECT_ID } from '../test-fixtures';
import { jsonResponse, mockFetch, renderWithProviders } from '@midway/ui/testing';
import { purchaseOrdersApi } from '../api/purchase-orders-api';
import ImportItemsDialog from './import-items-dialog';

const pdf = () => new File(['%PDF-1.7 ...'], 'po.pdf', { type: 'application/pdf' });

function aPurchaseOrder(lines: number, overrides: Partial<PurchaseOrder> = {}): PurchaseOrder {
  return {
    id: '7d1c0f1e-aaaa-4bbb-8ccc-0123456789ab', projectId: PROJECT_ID, status: 'draft', vendor: 'Northwind Casegoods', number: 'NW-2026-0142', issueDate: '2026-11-02',
    currencyCode: 'USD', subtotalAmount: '12500.00', taxAmount: '750.00', shippingAmount: '450.00', totalAmount: '13700.00', warnings: [], shipments: [], linkedPurchaseOrderId: null, linkedPurchaseOrderImported: false,
    fileUrl: '/api/purchase-orders/7d1c0f1e-aaaa-4bbb-8ccc-0123456789ab/file', importedAt: null, createdAt: '2026-11-26T12:00:00.000Z',
    lines: Array.from({ length: lines }, (_, i) => ({ lineRef: String(i + 1), name: `Chair ${i + 1}`, sku: `NW-${i}`, quantity: 2, unitPrice: '1250.00', lineTotal: '2500.00' })),
    ...overrides,
  };
}

describe('Upload PO with a PDF', () => {
  beforeEach(() => resetToasts());
  afterEach(() => jest.restoreAllMocks());

  it('uploads the PDF with its progress, shows what was read (first 10 lines, warnings) and imports it', async () => {
    mockFetch({
      'GET /api/projects': () => jsonResponse([aProject()]),
      'POST /api/purchase-orders/7d1c0f1e-aaaa-4bbb-8ccc-0123456789ab/import': () => jsonResponse({ items: Array.from({ length: 14 }, (_, i) => ({ id: String(i) })), errors: 0, errorDetails: [] }),
    });
    let progress: ((sent: number, total: number) => void) | undefined;
    let answer: (po: PurchaseOrder) => void = () => undefined;
    const upload = jest.spyOn(purchaseOrdersApi, 'upload').mockImplementation((_project, _file, onProgress) => {
      progress = onProgress;
      return new Promise((resolve) => (answer = resolve));
    });
    const onOpenChange = jest.fn();
    renderWithProviders(<ImportItemsDialog open mode="po" onOpenChange={onOpenChange} projectId={PROJECT_ID} />);
    await userEvent.upload(screen.getByLabelText('File'), pdf());
    expect(upload).toHaveBeenCalledWith(PROJECT_ID, expect.any(File), expect.any(Function));
    act(() => progress!(40, 100));
    await waitFor(() => expect((screen.getByLabelText('Upload progress') as HTMLProgressElement).value).toBe(40));
    await act(async () => answer(aPurchaseOrder(14, { currencyCode: 'CAD', warnings: ['Prices are in CAD'] })));

    const facts = await screen.findByTestId('po-facts');
    expect(facts.textContent).toContain('Northwind Casegoods');
    expect(facts.textContent).toContain('NW-2026-0142');
    expect(facts.textContent).toContain('2026-11-02');
    expect(facts.textContent).toContain('13,700.00 CAD');
    const lines = screen.getByTestId('po-lines');
    expect(within(lines).getAllByRole('listitem')).toHaveLength(11);
    expect(within(lines).getByText('... and 4 more items')).toBeTruthy();
    expect(screen.getByTestId('po-warnings').textContent).toBe('Prices are in CAD');

    await userEvent.click(screen.getByRole('button', { name: 'Import 14 Items' }));
    await waitFor(() => expect(getToasts()[0]).toMatchObject({ description: 'Successfully imported 14 items' }));
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it('an order imported already (from the project page, another tab) says so in the server’s words, not as a success', async () => {
    const already = 'Already imported on Nov 26, 2026: nothing new was imported. Its items are on the Items page.';
    mockFetch({
      'GET /api/projects': () => jsonResponse([aProject()]),
      'POST /api/purchase-orders/7d1c0f1e-aaaa-4bbb-8ccc-0123456789ab/import': () => jsonResponse({ items: [], errors: 0, errorDetails: [], alreadyImportedAt: '2026-11-26T13:00:00.000Z', message: already }),
    });
    jest.spyOn(purchaseOrdersApi, 'upload').mockResolvedValue(aPurchaseOrder(4));
    const onOpenChange = jest.fn();
    renderWithProviders(<ImportItemsDialog open mode="po" onOpenChange={onOpenChange} projectId={PROJECT_ID} />);
    await userEvent.upload(screen.getByLabelText('File'), pdf());
    await userEvent.click(await screen.findByRole('button', { name: 'Import 4 Items' }));
    await waitFor(() => expect(getToasts()[0]).toMatchObject({ title: 'Nothing new imported', description: already }));
    expect(getToasts().some((t) => t.variant === 'success')).toBe(false);
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it('an acknowledgement of an order imported earlier says where its tracking numbers went, with its unmatched lines, and offers no Import', async () => {
    mockFetch({ 'GET /api/projects': () => jsonResponse([aProject()]) });
    const unmatched = 'Line 4 (Floor lamp, NW-LP-300) matches no line of purchase order NW-2026-0142; no item gets its tracking number.';
    jest.spyOn(purchaseOrdersApi, 'upload').mockResolvedValue(aPurchaseOrder(4, { linkedPurchaseOrderId: '8e2d1f0a-bbbb-4ccc-8ddd-0123456789ab', linkedPurchaseOrderImported: true, warnings: [unmatched] }));
    renderWithProviders(<ImportItemsDialog open mode="po" onOpenChange={jest.fn()} projectId={PROJECT_ID} />);
    await userEvent.upload(screen.getByLabelText('File'), pdf());
    expect((await screen.findByTestId('po-linked')).textContent).toContain('purchase order NW-2026-0142 imported earlier');
    expect(screen.getByTestId('po-warnings').textContent).toBe(unmatched);
    expect((screen.getByRole('button', { name: 'Import 4 Items' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('an acknowledgement of an order not imported yet says to import that order, and offers no Import', async () => {
    mockFetch({ 'GET /api/projects': () => jsonResponse([aProject()]) });
    jest.spyOn(purchaseOrdersApi, 'upload').mockResolvedValue(aPurchaseOrder(3, { linkedPurchaseOrderId: '8e2d1f0a-bbbb-4ccc-8ddd-0123456789ab', linkedPurchaseOrderImported: false }));
    renderWithProviders(<ImportItemsDialog open mode="po" onOpenChange={jest.fn()} projectId={PROJECT_ID} />);
    await userEvent.upload(screen.getByLabelText('File'), pdf());
    expect((await screen.findByTestId('po-linked')).textContent).toBe(
      'This acknowledges purchase order NW-2026-0142 uploaded earlier and not imported yet: import that order from the project page, and its items get these tracking numbers.',
    );
    expect((screen.getByRole('button', { name: 'Import 3 Items' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('an order whose lines have tracking numbers (its own, or an earlier acknowledgement’s) says its items get them on import', async () => {
    mockFetch({ 'GET /api/projects': () => jsonResponse([aProject()]) });
    const shipment = (trackingNumber: string, lineRefs: string[]) => ({ id: trackingNumber, trackingNumber, carrier: 'ups', trackingUrl: null, status: 'pending', lineRefs });
    jest.spyOn(purchaseOrdersApi, 'upload').mockResolvedValue(aPurchaseOrder(4, { shipments: [shipment('1Z5R89390357567127', ['2', '3']), shipment('1Z5R89390357567128', ['3'])] }));
    renderWithProviders(<ImportItemsDialog open mode="po" onOpenChange={jest.fn()} projectId={PROJECT_ID} />);
    await userEvent.upload(screen.getByLabelText('File'), pdf());
    expect((await screen.findByTestId('po-tracking')).textContent).toBe('2 lines have a tracking number: the items get them when imported.');
    expect((screen.getByRole('button', { name: 'Import 4 Items' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('says why a PDF could not be read, in the server’s words', async () => {
    mockFetch({ 'GET /api/projects': () => jsonResponse([aProject()]) });
    const scanned = "This PDF has no text to read (it looks scanned). Export it from the vendor's system as a PDF with text, or use CSV.";
    jest.spyOn(purchaseOrdersApi, 'upload').mockRejectedValue(new ApiError(422, JSON.stringify({ error: 'unprocessable_entity', message: scanned }), 'Unprocessable Entity'));
    renderWithProviders(<ImportItemsDialog open mode="po" onOpenChange={jest.fn()} projectId={PROJECT_ID} />);
    await userEvent.upload(screen.getByLabelText('File'), pdf());
    expect(await screen.findByText(scanned)).toBeTruthy();
    expect(screen.queryByTestId('po-facts')).toBeNull();
  });
});
