import type { PaymentAnomaly } from '@midway/contracts';
import { Button, Card, CardContent, CardDescription, CardHeader, CardTitle, Field, FieldError, Input, Label } from '@midway/ui';
import { AlertTriangle, Check, Loader2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { useHandleAnomaly, usePaymentAnomalies } from '../api/billing-queries';
import { formatDate } from '../shared/format';

export const ANOMALIES_TITLE = 'Payments that need a person';

const Warning = styled(Card)`
  border-color: ${({ theme }) => theme.colors.danger};
`;

// minmax(0, 1fr): a processor id without a break point wraps instead of widening the page (501 px on a phone).
const List = styled.ul`
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  gap: 12px;
  list-style: none;
  padding: 0;
  margin: 0;
`;

const Item = styled.li`
  padding: 12px;
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.dangerSoft};
  overflow-wrap: anywhere;
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

const NoteForm = styled.form`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-end;
  gap: 8px;
  margin-top: 10px;
  > div { flex: 1 1 220px; min-width: 0; }
`;

const Handled = styled.details`
  margin-top: 12px;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  summary { cursor: pointer; font-weight: 600; }
  ul { margin-top: 8px; }
  li { background: ${({ theme }) => theme.colors.surfaceMuted}; }
`;

/** One anomaly that still needs a person: what to do, and Mark handled with a note of what was done. */
function OpenAnomaly({ a }: { a: PaymentAnomaly }) {
  const handle = useHandleAnomaly();
  const [noting, setNoting] = useState(false);
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!note.trim()) return setError('Say what was done, e.g. "Refunded in Stripe"');
    setError(null);
    handle.mutate({ id: a.id, note: note.trim() });
  };
  const field = `anomaly-note-${a.id}`;
  return (
    <Item data-testid="payment-anomaly">
      <Action>{a.action}</Action>
      <p>{a.message}</p>
      <When>{formatDate(a.createdAt) ?? a.createdAt}</When>
      {noting ? (
        <NoteForm onSubmit={submit} noValidate aria-label="Mark handled">
          <Field>
            <Label htmlFor={field}>What was done</Label>
            <Input id={field} value={note} maxLength={1000} placeholder="Refunded in Stripe" onChange={(e) => setNote(e.target.value)} aria-invalid={error ? true : undefined} aria-describedby={error ? `${field}-error` : undefined} disabled={handle.isPending} />
            {error ? <FieldError id={`${field}-error`}>{error}</FieldError> : null}
          </Field>
          <Button type="submit" $size="sm" disabled={handle.isPending}>
            {handle.isPending ? <Loader2 aria-hidden /> : <Check aria-hidden />}
            Save
          </Button>
        </NoteForm>
      ) : (
        <Button $variant="outline" $size="sm" style={{ marginTop: 10 }} onClick={() => setNoting(true)}>
          <Check aria-hidden />
          Mark handled
        </Button>
      )}
    </Item>
  );
}

/**
 * The admin's list of payment events that moved no money (a payment for a void or draft invoice, a second payment,
 * a wrong amount or currency, an unknown intent): money may have been taken from a card, so each says what a person
 * must do, e.g. "Refund $50.00 USD in Stripe", until someone marks it handled with a note. Handled ones fold away
 * under one line, so they stop pushing the invoices down; the card shows only while there are any.
 */
export function PaymentAnomaliesCard() {
  const { data } = usePaymentAnomalies();
  if (!data || data.length === 0) return null;
  const open = data.filter((a) => !a.handledAt);
  const handled = data.filter((a) => a.handledAt);
  if (open.length === 0) {
    return (
      <Card role="region" aria-labelledby="payment-anomalies">
        <CardContent style={{ paddingTop: 16, paddingBottom: 16 }}>
          <h2 id="payment-anomalies" className="visually-hidden">
            {ANOMALIES_TITLE}
          </h2>
          <HandledList handled={handled} />
        </CardContent>
      </Card>
    );
  }
  return (
    <Warning role="region" aria-labelledby="payment-anomalies">
      <CardHeader>
        <CardTitle as="h2" id="payment-anomalies">
          <AlertTriangle aria-hidden /> {ANOMALIES_TITLE}
        </CardTitle>
        <CardDescription>These payments reached the card processor but paid no invoice. Nothing was changed here; each needs the step shown.</CardDescription>
      </CardHeader>
      <CardContent>
        <List>
          {open.map((a) => (
            <OpenAnomaly key={a.id} a={a} />
          ))}
        </List>
        {handled.length > 0 ? <HandledList handled={handled} /> : null}
      </CardContent>
    </Warning>
  );
}

function HandledList({ handled }: { handled: PaymentAnomaly[] }) {
  return (
    <Handled>
      <summary>
        {handled.length} payment {handled.length === 1 ? 'problem' : 'problems'} handled
      </summary>
      <List>
        {handled.map((a) => (
          <Item key={a.id} data-testid="handled-anomaly">
            <p>{a.message}</p>
            <p>
              Handled {formatDate(a.handledAt) ?? ''} by {a.handledBy}: {a.handledNote}
            </p>
          </Item>
        ))}
      </List>
    </Handled>
  );
}
