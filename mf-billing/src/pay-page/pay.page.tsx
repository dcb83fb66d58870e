import type { PublicInvoice } from '@midway/contracts';
import { ApiError, Button, formatMoney, serverMessage, StatusBadge, usePageTitle } from '@midway/ui';
import { usePublicConfig } from '@midway/ui/query';
import { useMutation, useQuery } from '@tanstack/react-query';
import { CheckCircle2, Loader2 } from 'lucide-react';
import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import styled from 'styled-components';
import TestCardForm from '../payment/test-card-form';
import { formatDate } from '../shared/format';
import { payApi } from './pay-api';

// Stripe.js and Elements load only when a payment starts with a publishable key configured.
const StripeCardForm = lazy(() => import('../payment/stripe-card-form'));

/** How long the page waits for the processor's webhook to mark the invoice paid, as the Billing page's ?paid= does. */
export const PAID_WAIT_MS = 60_000;
const POLL_MS = 2_000;

export const NOT_FOUND = 'This payment link is not valid. Use the link in your invoice e-mail, or ask the sender for a new one.';
export const THANK_YOU = 'Thank you — your payment was received.';
export const STILL_CONFIRMING = 'Your card was accepted. The invoice shows as paid once the card processor confirms it, usually within a minute; a receipt is e-mailed to you then.';
export const VOIDED = 'This invoice was voided. There is nothing to pay.';
export const NOT_SET_UP = 'Card payments are not available right now. Please try again later or contact the sender of this invoice.';
export const paidOn = (invoice: Pick<PublicInvoice, 'paidAt'>) => `This invoice was paid on ${formatDate(invoice.paidAt) ?? 'an earlier date'}.`;

const Page = styled.main`
  max-width: 640px;
  margin: 0 auto;
  padding: 24px 16px 48px;
  color: ${({ theme }) => theme.colors.text};
`;
const Panel = styled.section`
  padding: 20px 16px;
  margin-top: 16px;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.lg};
  background: ${({ theme }) => theme.colors.surface};
`;
/** Who bills (the provider's name from configuration) and how to reach them, above the invoice. */
const From = styled.section`
  font-size: ${({ theme }) => theme.fontSizes.sm};
  color: ${({ theme }) => theme.colors.textMuted};
  overflow-wrap: anywhere;
  strong { display: block; font-size: ${({ theme }) => theme.fontSizes.md}; color: ${({ theme }) => theme.colors.text}; }
`;

const Heading = styled.h1`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 8px 12px;
  font-size: ${({ theme }) => theme.fontSizes.xl};
  font-weight: 700;
`;
const Facts = styled.dl`
  display: grid;
  grid-template-columns: auto 1fr;
  gap: 4px 16px;
  margin-top: 12px;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  dt { color: ${({ theme }) => theme.colors.textMuted}; }
  dd { overflow-wrap: anywhere; }
`;
const Lines = styled.table`
  width: 100%;
  border-collapse: collapse;
  font-variant-numeric: tabular-nums;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  th, td { padding: 8px 4px; text-align: right; vertical-align: top; }
  th:first-child, td:first-child { text-align: left; overflow-wrap: anywhere; }
  thead th { color: ${({ theme }) => theme.colors.textMuted}; font-weight: 500; border-bottom: 1px solid ${({ theme }) => theme.colors.border}; }
  tfoot th { font-weight: 500; text-align: right; }
  tfoot tr:last-child th, tfoot tr:last-child td { font-weight: 700; border-top: 1px solid ${({ theme }) => theme.colors.border}; }
`;
const Message = styled.p<{ $tone?: 'good' | 'muted' }>`
  display: flex;
  gap: 8px;
  align-items: flex-start;
  color: ${({ theme, $tone }) => ($tone === 'good' ? theme.badge.green.fg : theme.colors.text)};
  svg { width: 20px; height: 20px; flex-shrink: 0; }
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

function Spinner({ children }: { children: string }) {
  return (
    <Loading role="status">
      <Loader2 aria-hidden />
      {children}
    </Loading>
  );
}

/**
 * The pay link's page: the invoice, its lines and totals, and the card form through the same processor as the
 * Billing page (Stripe Elements, or the labelled test form offline). After the card is accepted it polls until the
 * webhook marked the invoice paid (at most a minute). A paid or voided invoice says so and takes no payment.
 */
export default function PayPage({ token }: { token: string }) {
  // Back from a redirect confirmation (3-D Secure): the payment is under way, wait for the webhook.
  const [waitingSince, setWaitingSince] = useState<number | null>(() => (new URLSearchParams(window.location.search).has('paid') ? Date.now() : null));
  const [waitOver, setWaitOver] = useState(false);
  const invoice = useQuery({
    queryKey: ['/api/pay', token],
    queryFn: () => payApi.invoice(token),
    enabled: Boolean(token),
    retry: (n, error) => !(error instanceof ApiError && error.status === 404) && n < 2,
    refetchInterval: (q) => (waitingSince !== null && !waitOver && q.state.data?.status !== 'paid' ? POLL_MS : false),
  });
  const start = useMutation({ mutationFn: () => payApi.createPaymentIntent(token) });
  const config = usePublicConfig();
  usePageTitle(invoice.data ? `Invoice ${invoice.data.invoiceNumber}` : 'Pay an invoice');

  useEffect(() => {
    if (waitingSince === null) return;
    const timer = setTimeout(() => setWaitOver(true), Math.max(0, waitingSince + PAID_WAIT_MS - Date.now()));
    return () => clearTimeout(timer);
  }, [waitingSince]);

  if (!token || (invoice.error instanceof ApiError && invoice.error.status === 404)) {
    return (
      <Page>
        <Panel>
          <Heading>Payment link not found</Heading>
          <Message>{NOT_FOUND}</Message>
        </Panel>
      </Page>
    );
  }
  if (invoice.error) {
    return (
      <Page>
        <Panel>
          <Message role="alert">{serverMessage(invoice.error) ?? 'The invoice could not be loaded. Please try again in a minute.'}</Message>
          <Button onClick={() => void invoice.refetch()}>Try again</Button>
        </Panel>
      </Page>
    );
  }
  if (!invoice.data) {
    return (
      <Page>
        <Spinner>Loading invoice...</Spinner>
      </Page>
    );
  }
  const inv = invoice.data;
  const payable = inv.status === 'sent' || inv.status === 'overdue';
  const publishableKey = start.data && !start.data.testMode ? (config.data?.stripePublishableKey ?? null) : null;
  const notSetUp = Boolean(start.data && !start.data.testMode && (config.isError || (config.data && !config.data.stripePublishableKey)));
  const formProps = start.data
    ? {
        invoiceId: '',
        clientSecret: start.data.clientSecret,
        totalLabel: formatMoney(inv.total),
        returnTo: `${window.location.origin}/pay/${encodeURIComponent(token)}?paid=1`,
        onConfirmed: () => setWaitingSince(Date.now()),
        onCancel: () => start.reset(),
      }
    : null;

  let payment: ReactNode;
  if (inv.status === 'paid') {
    payment = (
      <Message $tone="good" role="status">
        <CheckCircle2 aria-hidden />
        <span>
          {waitingSince !== null ? `${THANK_YOU} ` : ''}
          {paidOn(inv)}
        </span>
      </Message>
    );
  } else if (inv.status === 'void') {
    payment = <Message role="status">{VOIDED}</Message>;
  } else if (waitingSince !== null) {
    payment = waitOver ? <Message role="status">{STILL_CONFIRMING}</Message> : <Spinner>Confirming your payment...</Spinner>;
  } else if (!payable) {
    payment = <Message role="status">This invoice is not ready to be paid yet.</Message>;
  } else if (!formProps) {
    payment = (
      <>
        {start.error ? <Message role="alert">{serverMessage(start.error) ?? 'The payment could not be started. Please try again.'}</Message> : null}
        <Button onClick={() => start.mutate()} disabled={start.isPending}>
          {start.isPending ? <Loader2 aria-hidden /> : null}
          {start.isPending ? 'Starting payment...' : `Pay ${formatMoney(inv.total)} by card`}
        </Button>
      </>
    );
  } else if (notSetUp) {
    payment = <Message role="alert">{NOT_SET_UP}</Message>;
  } else if (start.data!.testMode) {
    payment = <TestCardForm {...formProps} />;
  } else if (publishableKey) {
    payment = (
      <Suspense fallback={<Spinner>Initializing payment...</Spinner>}>
        <StripeCardForm {...formProps} publishableKey={publishableKey} />
      </Suspense>
    );
  } else {
    payment = <Spinner>Initializing payment...</Spinner>;
  }

  return (
    <Page>
      {config.data ? (
        <From aria-label="Billed by">
          Billed by <strong data-testid="provider-name">{config.data.providerName}</strong>
          {[config.data.supportAddress, config.data.supportEmail, config.data.supportPhone].filter(Boolean).join(' · ')}
        </From>
      ) : null}
      <Panel aria-label="Invoice">
        <Heading>
          Invoice {inv.invoiceNumber} <StatusBadge status={inv.status} />
        </Heading>
        <Facts>
          <dt>Bill to</dt>
          <dd>
            {inv.clientName}
            {inv.clientEmail ? ` <${inv.clientEmail}>` : ''}
          </dd>
          {inv.projectName ? (
            <>
              <dt>Project</dt>
              <dd>{inv.projectName}</dd>
            </>
          ) : null}
          {inv.billingPeriodStart && inv.billingPeriodEnd ? (
            <>
              <dt>Period</dt>
              <dd>
                {formatDate(inv.billingPeriodStart)} – {formatDate(inv.billingPeriodEnd)}
              </dd>
            </>
          ) : null}
          {inv.dueDate && payable ? (
            <>
              <dt>Due</dt>
              <dd>{formatDate(inv.dueDate)}</dd>
            </>
          ) : null}
        </Facts>
      </Panel>
      <Panel aria-label="Lines">
        <Lines>
          <thead>
            <tr>
              <th scope="col">Description</th>
              <th scope="col">Qty</th>
              <th scope="col">Rate</th>
              <th scope="col">Amount</th>
            </tr>
          </thead>
          <tbody>
            {inv.lines.map((l, n) => (
              <tr key={n}>
                <td>{l.description}</td>
                <td>{l.quantity}</td>
                <td>{formatMoney(l.rate)}</td>
                <td>{formatMoney(l.amount)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row" colSpan={3}>
                Subtotal
              </th>
              <td>{formatMoney(inv.subtotal)}</td>
            </tr>
            {inv.taxes.length === 0 ? (
              <tr>
                <th scope="row" colSpan={3}>
                  Tax
                </th>
                <td>{formatMoney(inv.tax)}</td>
              </tr>
            ) : (
              inv.taxes.map((t) => (
                <tr key={t.name}>
                  <th scope="row" colSpan={3}>
                    {t.name} ({t.percent}%)
                  </th>
                  <td>{formatMoney(t.amount)}</td>
                </tr>
              ))
            )}
            <tr>
              <th scope="row" colSpan={3}>
                Total
              </th>
              <td>{formatMoney(inv.total)}</td>
            </tr>
          </tfoot>
        </Lines>
      </Panel>
      <Panel aria-label="Payment">{payment}</Panel>
    </Page>
  );
}
