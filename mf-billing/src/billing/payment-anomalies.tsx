import type { PaymentAnomaly } from '@midway/contracts';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@midway/ui';
import { AlertTriangle } from 'lucide-react';
import styled from 'styled-components';
import { usePaymentAnomalies } from '../api/billing-queries';
import { formatDate } from '../shared/format';

export const ANOMALIES_TITLE = 'Payments that need a person';

const Warning = styled(Card)`
  border-color: ${({ theme }) => theme.colors.danger};
`;

const List = styled.ul`
  display: grid;
  gap: 12px;
  list-style: none;
  padding: 0;
  margin: 0;
`;

const Item = styled.li`
  padding: 12px;
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.dangerSoft};
  p + p { margin-top: 4px; }
`;

const Action = styled.p`
  font-weight: 650;
  color: ${({ theme }) => theme.colors.danger};
`;

const When = styled.p`
  font-size: ${({ theme }) => theme.fontSizes.xs};
  color: ${({ theme }) => theme.colors.textMuted};
`;

/**
 * The admin's list of payment events that moved no money (a payment for a void or draft invoice, a second payment,
 * a wrong amount or currency, an unknown intent): money may have been taken from a card, so each says what a person
 * must do, e.g. "Refund $50.00 USD in Stripe". Shown only while there is something to do.
 */
export function PaymentAnomaliesCard() {
  const { data } = usePaymentAnomalies();
  if (!data || data.length === 0) return null;
  return (
    <Warning role="region" aria-labelledby="payment-anomalies">
      <CardHeader>
        <CardTitle id="payment-anomalies">
          <AlertTriangle aria-hidden /> {ANOMALIES_TITLE}
        </CardTitle>
        <CardDescription>These payments reached the card processor but paid no invoice. Nothing was changed here; each needs the step shown.</CardDescription>
      </CardHeader>
      <CardContent>
        <List>
          {data.map((a: PaymentAnomaly) => (
            <Item key={a.id} data-testid="payment-anomaly">
              <Action>{a.action}</Action>
              <p>{a.message}</p>
              <When>{formatDate(a.createdAt) ?? a.createdAt}</When>
            </Item>
          ))}
        </List>
      </CardContent>
    </Warning>
  );
}
