import type { PublicInvoice } from '@midway/contracts';
import { jsonResponse, mockFetch, renderWithProviders } from '@midway/ui/testing';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import PayPage, { NOT_FOUND, THANK_YOU, VOIDED } from './pay.page';
import { payTokenFromPath } from './pay-token';

const TOKEN = '0b8f3c2e-1111-4a4a-9b9b-123456789abc.sig';
const anInvoice = (o: Partial<PublicInvoice> = {}): PublicInvoice => ({
  invoiceNumber: 'INV-2026-0042', kind: 'standard', status: 'sent', clientName: 'Jordan Park', clientEmail: 'jordan@example.com', projectName: 'Cedar House',
  billingPeriodStart: null, billingPeriodEnd: null, dueDate: '2026-12-26', paidAt: null,
  lines: [{ description: 'Receiving', quantity: 2, rate: '25.00', amount: '50.00' }],
  subtotal: '50.00', taxes: [{ name: 'GST', percent: '5', taxable: '50.00', amount: '2.50' }], tax: '2.50', total: '52.50', testMode: true, ...o,
});
const manifest = { remotes: [], config: { productName: 'Midway', providerName: 'Harbourline Logistics Ltd.', supportPhone: '', supportEmail: 'billing@harbourline.test', supportAddress: '12 Pier Rd, Vancouver', stripePublishableKey: null } };

describe('the pay link’s page', () => {
  it('shows the invoice, its lines and totals, pays with the test card and thanks once the webhook marked it paid', async () => {
    let invoice = anInvoice();
    const confirm = jest.fn();
    const fetchMock = mockFetch({
      'GET /runtime-manifest.json': () => jsonResponse(manifest),
      [`GET /api/pay/${encodeURIComponent(TOKEN)}`]: () => jsonResponse(invoice),
      [`POST /api/pay/${encodeURIComponent(TOKEN)}/payment-intent`]: () => jsonResponse({ clientSecret: 'pi_9_secret_xyz', testMode: true }),
      'POST /api/billing/test-processor/confirm': (init) => {
        confirm(JSON.parse(String(init?.body)));
        // The webhook lands a moment later: the page's next poll sees it paid.
        invoice = anInvoice({ status: 'paid', paidAt: '2026-11-26T13:00:00.000Z' });
        return jsonResponse({ id: 'pi_9', status: 'succeeded' });
      },
    });
    renderWithProviders(<PayPage token={TOKEN} />);

    expect(await screen.findByRole('heading', { name: /Invoice INV-2026-0042/ })).toBeTruthy();
    const lines = screen.getByRole('table');
    expect(within(lines).getByText('Receiving')).toBeTruthy();
    expect(within(lines).getByText('GST (5%)')).toBeTruthy();
    expect(within(lines).getByText('$52.50')).toBeTruthy();
    expect(screen.getByText('Cedar House')).toBeTruthy();
    // It says who is billing: the provider's name from configuration (issue 38), with how to reach them.
    const from = await screen.findByRole('region', { name: 'Billed by' });
    expect(within(from).getByTestId('provider-name').textContent).toBe('Harbourline Logistics Ltd.');
    expect(from.textContent).toContain('12 Pier Rd, Vancouver · billing@harbourline.test');

    await userEvent.click(screen.getByRole('button', { name: 'Pay $52.50 by card' }));
    expect(await screen.findByText(/Test mode: no card processor is configured/)).toBeTruthy();
    await userEvent.type(screen.getByLabelText('Card number'), '4242 4242 4242 4242');
    await userEvent.type(screen.getByLabelText('Expiry (MM / YY)'), '1299');
    expect((screen.getByLabelText('Expiry (MM / YY)') as HTMLInputElement).value).toBe('12 / 99');
    await userEvent.type(screen.getByLabelText('CVC'), '123');
    await userEvent.click(screen.getByRole('button', { name: 'Pay $52.50' }));

    expect(confirm).toHaveBeenCalledWith({ clientSecret: 'pi_9_secret_xyz' });
    expect(await screen.findByText(new RegExp(THANK_YOU), undefined, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByText(/This invoice was paid on Nov 26, 2026\./)).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Pay/ })).toBeNull();
    // Never the signed-in calls.
    expect(fetchMock.mock.calls.map(([u]) => String(u)).filter((u) => u.includes('/api/invoices') || u.includes('create-payment-intent'))).toEqual([]);
  }, 15000);

  it('says a paid invoice was paid, and on which day, without a card form', async () => {
    mockFetch({ [`GET /api/pay/${encodeURIComponent(TOKEN)}`]: () => jsonResponse(anInvoice({ status: 'paid', paidAt: '2026-11-20T10:00:00.000Z' })) });
    renderWithProviders(<PayPage token={TOKEN} />);
    expect(await screen.findByText('This invoice was paid on Nov 20, 2026.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Pay/ })).toBeNull();
  });

  it('says a voided invoice was voided, and an unknown link is not valid', async () => {
    mockFetch({ [`GET /api/pay/${encodeURIComponent(TOKEN)}`]: () => jsonResponse(anInvoice({ status: 'void' })) });
    const { unmount } = renderWithProviders(<PayPage token={TOKEN} />);
    expect(await screen.findByText(VOIDED)).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Pay/ })).toBeNull();
    unmount();
    mockFetch({});
    renderWithProviders(<PayPage token="tampered" />);
    expect(await screen.findByText(NOT_FOUND)).toBeTruthy();
  });

  it('reads its token from /pay/{token} only', () => {
    expect(payTokenFromPath(`/pay/${TOKEN}`)).toBe(TOKEN);
    expect(payTokenFromPath('/pay/')).toBe('');
    expect(payTokenFromPath('/billing')).toBe('');
  });
});
