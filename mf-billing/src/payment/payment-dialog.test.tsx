import { getToasts, resetToasts } from '@midway/ui';
import { jsonResponse, mockFetch, renderWithProviders } from '@midway/ui/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { aDetail, anInvoice } from '../test-fixtures';
import PaymentDialog, { NOT_SET_UP } from './payment-dialog';

// Stripe.js comes from js.stripe.com in the browser; here Elements and the Stripe object are stand-ins that record the calls.
const confirmPayment = jest.fn();
const loadStripe = jest.fn((key: string) => Promise.resolve({ key }));
jest.mock('@stripe/stripe-js/pure', () => ({ loadStripe: (key: string) => loadStripe(key) }));
jest.mock('@stripe/react-stripe-js', () => ({
  Elements: ({ children, options }: { children: ReactNode; options: { clientSecret: string } }) => <div data-testid="stripe-elements" data-client-secret={options.clientSecret}>{children}</div>,
  PaymentElement: () => <div data-testid="stripe-payment-element" />,
  useStripe: () => ({ confirmPayment }),
  useElements: () => ({ elements: true }),
}));

const manifest = (stripePublishableKey: string | null) => ({ remotes: [], config: { productName: 'Midway', providerName: 'Harbourline Logistics Ltd.', supportPhone: '', supportEmail: '', supportAddress: '', stripePublishableKey } });

function setup(opts: { key: string | null; testMode: boolean }) {
  const invoice = anInvoice({ status: 'sent', total: '54.00' });
  const fetchMock = mockFetch({
    'GET /runtime-manifest.json': () => jsonResponse(manifest(opts.key)),
    [`GET /api/invoices/${invoice.id}`]: () => jsonResponse(aDetail(invoice)),
    'POST /api/create-payment-intent': () => jsonResponse({ clientSecret: 'pi_9_secret_xyz', testMode: opts.testMode }),
  });
  const onConfirmed = jest.fn();
  const onClose = jest.fn();
  renderWithProviders(<PaymentDialog invoiceId={invoice.id} onClose={onClose} onConfirmed={onConfirmed} />);
  return { invoice, fetchMock, onConfirmed, onClose };
}

describe('Payment dialog', () => {
  beforeEach(() => {
    resetToasts();
    confirmPayment.mockReset();
    loadStripe.mockClear();
  });

  it("says 'Initializing payment...' first, then shows Stripe Elements with the intent when a publishable key is set; confirming goes back to /billing", async () => {
    const { invoice, onConfirmed } = setup({ key: 'pk_test_123', testMode: false });
    expect(screen.getByText('Initializing payment...')).toBeTruthy();
    const dialog = await screen.findByRole('dialog', { name: `Payment for Invoice ${invoice.invoiceNumber}` });
    expect((await within(dialog).findByTestId('stripe-elements')).getAttribute('data-client-secret')).toBe('pi_9_secret_xyz');
    expect(loadStripe).toHaveBeenCalledWith('pk_test_123');
    expect(within(dialog).queryByText(/^Test mode/)).toBeNull();
    confirmPayment.mockResolvedValue({ paymentIntent: { status: 'succeeded' } });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Pay $54.00' }));
    await waitFor(() => expect(onConfirmed).toHaveBeenCalledWith(invoice.id));
    expect(confirmPayment).toHaveBeenCalledWith({ elements: { elements: true }, confirmParams: { return_url: `http://localhost/billing?paid=${invoice.id}` }, redirect: 'if_required' });
    expect(getToasts().map((t) => [t.title, t.description])).toContainEqual(['Payment Successful', 'Payment has been processed successfully']);
  });

  it("shows 'Payment Failed' with Stripe's message and stays open", async () => {
    const { invoice, onConfirmed } = setup({ key: 'pk_test_123', testMode: false });
    const dialog = await screen.findByRole('dialog', { name: `Payment for Invoice ${invoice.invoiceNumber}` });
    await within(dialog).findByTestId('stripe-elements');
    confirmPayment.mockResolvedValue({ error: { message: 'Your card has insufficient funds.' } });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Pay $54.00' }));
    await waitFor(() => expect(getToasts().map((t) => [t.title, t.description])).toContainEqual(['Payment Failed', 'Your card has insufficient funds.']));
    expect(onConfirmed).not.toHaveBeenCalled();
    expect(within(dialog).getByRole('button', { name: 'Pay $54.00' })).toBeTruthy();
  });

  it('uses the labelled test-mode form (and never loads Stripe.js) when billing runs its offline processor', async () => {
    const { invoice } = setup({ key: 'pk_test_123', testMode: true });
    const dialog = await screen.findByRole('dialog', { name: `Payment for Invoice ${invoice.invoiceNumber}` });
    expect(await within(dialog).findByText(/^Test mode: no card processor is configured/)).toBeTruthy();
    expect(within(dialog).queryByTestId('stripe-elements')).toBeNull();
    expect(loadStripe).not.toHaveBeenCalled();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
  });

  it('closes with what to do when billing uses a live processor but the gateway has no publishable key', async () => {
    const { onClose } = setup({ key: null, testMode: false });
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(getToasts().map((t) => [t.title, t.description])).toContainEqual(['Failed to initialize payment', NOT_SET_UP]);
    expect(screen.queryByLabelText('Card number')).toBeNull();
  });
});
