import { formatMoney, isUnauthorizedError, StatusBadge, toast, serverMessage } from '@midway/ui';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@midway/ui/dialog';
import { usePublicConfig } from '@midway/ui/query';
import { useQuery } from '@tanstack/react-query';
import { Loader2 } from 'lucide-react';
import { lazy, Suspense, useEffect } from 'react';
import styled from 'styled-components';
import { billingApi } from '../api/billing-api';
import { useInvoice } from '../api/billing-queries';
import TestCardForm from './test-card-form';

// Stripe.js and Elements load only when a payment opens with a publishable key configured.
const StripeCardForm = lazy(() => import('./stripe-card-form'));

export const INITIALIZING = 'Initializing payment...';
export const INITIALIZE_FAILED = 'Failed to initialize payment. Please try again.';
export const NOT_SET_UP = 'Card payments are not set up in this browser (no Stripe publishable key). Ask an administrator to set STRIPE_PUBLISHABLE_KEY on the gateway.';

const Summary = styled.dl`
  display: grid;
  grid-template-columns: auto 1fr;
  gap: 6px 16px;
  margin-bottom: 20px;
  padding: 12px 16px;
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surfaceMuted};
  font-variant-numeric: tabular-nums;
  dt { color: ${({ theme }) => theme.colors.textMuted}; }
  dd { text-align: right; overflow-wrap: anywhere; }
  dt:last-of-type, dd:last-of-type { font-weight: 700; }
`;

const Loading = styled.p`
  display: flex;
  align-items: center;
  gap: 8px;
  padding: 16px 0;
  color: ${({ theme }) => theme.colors.textMuted};
  svg { width: 18px; height: 18px; animation: spin 1s linear infinite; }
  @keyframes spin { to { transform: rotate(360deg); } }
`;

export interface PaymentDialogProps {
  invoiceId: string;
  onClose(): void;
  /** The processor accepted the card: back to /billing, where the list waits for the webhook. */
  onConfirmed(invoiceId: string): void;
}

/**
 * Payment for Invoice {number}: asks billing for a payment intent on opening, then shows
 * Stripe Elements (a publishable key is configured and billing is not in test mode) or the labelled test-mode form.
 */
export default function PaymentDialog({ invoiceId, onClose, onConfirmed }: PaymentDialogProps) {
  const invoice = useInvoice(invoiceId);
  const config = usePublicConfig();
  // One intent per invoice and amount on the server, so asking again (a reopened dialog) returns the same one.
  const intent = useQuery({ queryKey: ['/api/create-payment-intent', invoiceId], queryFn: () => billingApi.createPaymentIntent(invoiceId), gcTime: 0, staleTime: 0 });
  // A live processor without a publishable key (or without the configuration) cannot take a card in this browser.
  const notSetUp = Boolean(intent.data && !intent.data.testMode && (config.isError || (config.data && !config.data.stripePublishableKey)));
  const failure = intent.error ?? invoice.error;

  useEffect(() => {
    if (!failure && !notSetUp) return;
    if (!failure || !isUnauthorizedError(failure)) {
      toast({ title: 'Failed to initialize payment', description: notSetUp ? NOT_SET_UP : (serverMessage(failure) ?? INITIALIZE_FAILED), variant: 'destructive' });
    }
    onClose();
  }, [failure, notSetUp, onClose]);

  const ready = invoice.data && intent.data && !notSetUp && (intent.data.testMode || config.data);
  const publishableKey = intent.data?.testMode ? null : (config.data?.stripePublishableKey ?? null);
  const confirmed = () => {
    toast({ title: 'Payment Successful', description: 'Payment has been processed successfully', variant: 'success' });
    onConfirmed(invoiceId);
  };
  const formProps = ready ? { invoiceId, clientSecret: intent.data!.clientSecret, totalLabel: formatMoney(invoice.data!.total), onConfirmed: confirmed, onCancel: onClose } : null;

  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent width="520px" aria-describedby="payment-description">
        <DialogTitle>{invoice.data ? `Payment for Invoice ${invoice.data.invoiceNumber}` : 'Payment'}</DialogTitle>
        <DialogDescription id="payment-description">Pay this invoice by card.</DialogDescription>
        {invoice.data ? (
          <Summary aria-label="Invoice summary">
            <dt>Client</dt>
            <dd>{invoice.data.clientName}</dd>
            <dt>Project</dt>
            <dd>{invoice.data.project.name ?? 'Unknown Project'}</dd>
            <dt>Status</dt>
            <dd>
              <StatusBadge status={invoice.data.status} />
            </dd>
            <dt>Subtotal</dt>
            <dd>{formatMoney(invoice.data.subtotal)}</dd>
            <dt>Tax</dt>
            <dd>{formatMoney(invoice.data.tax)}</dd>
            <dt>Total</dt>
            <dd>{formatMoney(invoice.data.total)}</dd>
          </Summary>
        ) : null}
        {!formProps ? (
          <Loading role="status">
            <Loader2 aria-hidden />
            {INITIALIZING}
          </Loading>
        ) : publishableKey ? (
          <Suspense
            fallback={
              <Loading role="status">
                <Loader2 aria-hidden />
                {INITIALIZING}
              </Loading>
            }
          >
            <StripeCardForm {...formProps} publishableKey={publishableKey} />
          </Suspense>
        ) : (
          <TestCardForm {...formProps} />
        )}
      </DialogContent>
    </Dialog>
  );
}
