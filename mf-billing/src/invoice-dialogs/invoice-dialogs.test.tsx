import { getToasts, resetToasts } from '@midway/ui';
import { jsonResponse, mockFetch, renderWithProviders } from '@midway/ui/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ADMIN, aDetail, aLine, anInvoice, DESIGNER } from '../test-fixtures';
import { lineAmount } from './add-invoice-item-dialog';
import InvoiceDetailDialog from './invoice-detail-dialog';

const bodyOf = (fetchMock: jest.Mock, method: string, path: string) => {
  const call = fetchMock.mock.calls.find(([url, init]) => (init?.method ?? 'GET') === method && new URL(String(url), 'http://localhost').pathname === path);
  return call ? (call[1]!.body === undefined ? null : JSON.parse(String(call[1]!.body))) : undefined;
};

function renderDetail(invoiceId: string, onPay = jest.fn()) {
  renderWithProviders(<InvoiceDetailDialog invoiceId={invoiceId} onClose={jest.fn()} onPay={onPay} />);
  return { onPay };
}

describe('Invoice detail', () => {
  beforeEach(() => resetToasts());

  it('shows Bill To, dates, status, the lines (Description, Type, Qty, Rate, Amount) and subtotal, tax and total', async () => {
    const invoice = anInvoice({ subtotal: '54.00', tax: '2.70', total: '56.70', dueDate: '2026-04-01', notes: 'Thank you' });
    const lines = [aLine({ description: 'Receiving: Walnut sideboard', quantity: 2, rate: '25.00', amount: '50.00' }), aLine({ description: 'Storage', type: 'storage', quantity: 2, rate: '2.00', amount: '4.00' })];
    mockFetch({ 'GET /api/auth/user': () => jsonResponse(DESIGNER), [`GET /api/invoices/${invoice.id}`]: () => jsonResponse(aDetail(invoice, lines)) });
    const { onPay } = renderDetail(invoice.id);
    const dialog = await screen.findByRole('dialog', { name: `Invoice ${invoice.invoiceNumber}` });
    await within(dialog).findByText('Receiving: Walnut sideboard');
    expect(within(dialog).getByText('Jordan Ellis')).toBeTruthy();
    expect(within(dialog).getByText('jordan@example.com')).toBeTruthy();
    expect(within(dialog).getByText('Mar 2, 2026')).toBeTruthy();
    expect(within(dialog).getByText('Apr 1, 2026')).toBeTruthy();
    expect(within(dialog).getByText('Sent')).toBeTruthy();
    for (const header of ['Description', 'Type', 'Qty', 'Rate', 'Amount']) expect(within(dialog).getByRole('columnheader', { name: header })).toBeTruthy();
    expect(within(dialog).getAllByTestId('invoice-line')).toHaveLength(2);
    expect(within(dialog).getByLabelText('Totals').textContent).toBe('Subtotal$54.00Tax$2.70Total$56.70');
    expect(within(dialog).getByText('Thank you')).toBeTruthy();
    // A designer pays and downloads; sending, voiding and adding lines are the admin's.
    expect(within(dialog).queryByRole('button', { name: 'Send' })).toBeNull();
    expect(within(dialog).queryByRole('button', { name: 'Void' })).toBeNull();
    expect(within(dialog).queryByRole('button', { name: 'Add Item' })).toBeNull();
    expect(within(dialog).getByRole('link', { name: 'Download PDF' }).getAttribute('href')).toBe(`/api/invoices/${invoice.id}/pdf`);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Pay $56.70' }));
    expect(onPay).toHaveBeenCalledWith(invoice.id);
  });

  it('admins send a draft, and void an unpaid invoice after confirming', async () => {
    const invoice = anInvoice({ status: 'draft', clientEmail: 'client@example.com' });
    let status: 'draft' | 'sent' | 'void' = 'draft';
    const fetchMock = mockFetch({
      'GET /api/auth/user': () => jsonResponse(ADMIN),
      [`GET /api/invoices/${invoice.id}`]: () => jsonResponse(aDetail({ ...invoice, status })),
      [`POST /api/invoices/${invoice.id}/send`]: () => jsonResponse(aDetail({ ...invoice, status: (status = 'sent') })),
      [`POST /api/invoices/${invoice.id}/void`]: () => jsonResponse(aDetail({ ...invoice, status: (status = 'void') })),
    });
    renderDetail(invoice.id);
    const dialog = await screen.findByRole('dialog', { name: `Invoice ${invoice.invoiceNumber}` });
    expect(await within(dialog).findByRole('button', { name: 'Add Item' })).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: /^Pay / })).toBeNull();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(getToasts().map((t) => [t.title, t.description])).toContainEqual(['Invoice sent', `Invoice ${invoice.invoiceNumber} was e-mailed to client@example.com with its PDF`]));
    await waitFor(() => expect(within(dialog).queryByRole('button', { name: 'Send' })).toBeNull());

    await userEvent.click(within(dialog).getByRole('button', { name: 'Void' }));
    // Sent, it is final: voiding is how its bill changes, through a replacement.
    expect(within(dialog).getByText(`Void invoice ${invoice.invoiceNumber}? It can no longer be paid, and this cannot be undone. To change what it bills, void it and issue a replacement.`)).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Keep Invoice' }));
    expect(bodyOf(fetchMock, 'POST', `/api/invoices/${invoice.id}/void`)).toBeUndefined();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Void' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Void Invoice' }));
    await waitFor(() => expect(getToasts().map((t) => t.title)).toContain('Invoice voided'));
    await waitFor(() => expect(within(dialog).getByText('Void')).toBeTruthy());
    expect(within(dialog).queryByRole('button', { name: 'Add Item' })).toBeNull();
  });

  it("a send the mail server refuses shows billing's message (what to do next)", async () => {
    const invoice = anInvoice({ status: 'draft' });
    const message = `Invoice ${invoice.invoiceNumber} is marked sent, but the e-mail could not be delivered. Download the PDF and send it to jordan@example.com, or try again later.`;
    mockFetch({
      'GET /api/auth/user': () => jsonResponse(ADMIN),
      [`GET /api/invoices/${invoice.id}`]: () => jsonResponse(aDetail(invoice)),
      [`POST /api/invoices/${invoice.id}/send`]: () => jsonResponse({ error: 'mail_unavailable', message }, 502),
    });
    renderDetail(invoice.id);
    await userEvent.click(await screen.findByRole('button', { name: 'Send' }));
    await waitFor(() => expect(getToasts().map((t) => t.description)).toContain(`Failed to send invoice: ${message}`));
  });

  it('Add Invoice Item: defaults, checks, amount = rate × quantity in cents, and the server refusing it', async () => {
    const invoice = anInvoice({ status: 'draft' });
    let refuse = true;
    const fetchMock = mockFetch({
      'GET /api/auth/user': () => jsonResponse(ADMIN),
      [`GET /api/invoices/${invoice.id}`]: () => jsonResponse(aDetail(invoice)),
      [`POST /api/invoices/${invoice.id}/items`]: () =>
        refuse ? jsonResponse({ error: 'conflict', message: `Invoice ${invoice.invoiceNumber} is paid; items can only be added to unpaid invoices` }, 409) : jsonResponse(aLine({ description: 'Crating' }), 201),
    });
    renderDetail(invoice.id);
    await userEvent.click(await screen.findByRole('button', { name: 'Add Item' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Invoice Item' });
    expect((within(dialog).getByLabelText('Quantity') as HTMLInputElement).value).toBe('1');
    expect((within(dialog).getByLabelText('Rate ($)') as HTMLInputElement).value).toBe('0');
    expect(within(dialog).getByRole('combobox', { name: 'Type' }).textContent).toContain('Storage');
    await userEvent.clear(within(dialog).getByLabelText('Quantity'));
    await userEvent.type(within(dialog).getByLabelText('Quantity'), '0');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add Item' }));
    expect(within(dialog).getByText('Description is required')).toBeTruthy();
    expect(within(dialog).getByText('Quantity must be a whole number of at least 1')).toBeTruthy();
    expect(bodyOf(fetchMock, 'POST', `/api/invoices/${invoice.id}/items`)).toBeUndefined();

    await userEvent.type(within(dialog).getByLabelText('Description'), 'Crating');
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Type' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Handling' }));
    await userEvent.clear(within(dialog).getByLabelText('Quantity'));
    await userEvent.type(within(dialog).getByLabelText('Quantity'), '3');
    await userEvent.clear(within(dialog).getByLabelText('Rate ($)'));
    await userEvent.type(within(dialog).getByLabelText('Rate ($)'), '0.1');
    expect(within(dialog).getByText('Amount: $0.30')).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add Item' }));
    await waitFor(() => expect(getToasts().map((t) => t.description)).toContain(`Failed to add invoice item: Invoice ${invoice.invoiceNumber} is paid; items can only be added to unpaid invoices`));
    expect(within(dialog).getByRole('alert').textContent).toContain('items can only be added to unpaid invoices');
    expect(bodyOf(fetchMock, 'POST', `/api/invoices/${invoice.id}/items`)).toEqual({ description: 'Crating', type: 'handling', quantity: 3, rate: '0.10', amount: '0.30' });

    refuse = false;
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add Item' }));
    await waitFor(() => expect(getToasts().map((t) => t.description)).toContain('Invoice item added successfully'));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add Invoice Item' })).toBeNull());
  });

  it('computes line amounts without float error', () => {
    expect(lineAmount('0.1', '3')).toBe('0.30');
    expect(lineAmount('19.99', '7')).toBe('139.93');
    expect(lineAmount('1.005', '1')).toBeNull();
    expect(lineAmount('2', '1.5')).toBeNull();
    expect(lineAmount('-1', '1')).toBeNull();
    expect(lineAmount('abc', '1')).toBeNull();
  });
});
