import { Button, Field, FieldError, FormRow, Input, Label, toast, serverMessage } from '@midway/ui';
import { DialogFooter } from '@midway/ui/dialog';
import { FlaskConical, Loader2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { billingApi } from '../api/billing-api';
import type { PaymentFormProps } from './payment-form';

/** The test cards this form knows, as Stripe's test mode names them. */
export const TEST_CARD = '4242 4242 4242 4242';
export const DECLINED_TEST_CARD = '4000 0000 0000 0002';
export const TEST_MODE_NOTICE = `Test mode: no card processor is configured and no real card is charged. Use ${TEST_CARD}, any future expiry date and any CVC.`;

const Notice = styled.p`
  display: flex;
  gap: 8px;
  align-items: flex-start;
  padding: 10px 12px;
  margin-bottom: 16px;
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.badge.yellow.bg};
  color: ${({ theme }) => theme.badge.yellow.fg};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  svg { width: 16px; height: 16px; flex-shrink: 0; margin-top: 2px; }
`;

const Fields = styled.div`
  display: grid;
  gap: 16px;
`;

interface Card {
  number: string;
  expiry: string;
  cvc: string;
}
type Errors = Partial<Record<keyof Card, string>>;

function luhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
    sum += d;
  }
  return sum % 10 === 0;
}

/** The checks Stripe's card form makes before it sends anything: a real-looking number, a future expiry, a CVC. */
export function validateCard(card: Card, now = new Date()): Errors {
  const errors: Errors = {};
  const digits = card.number.replace(/[\s-]/g, '');
  if (!/^\d{13,19}$/.test(digits) || !luhn(digits)) errors.number = 'Your card number is invalid.';
  const m = /^(\d{2})\s*\/\s*(\d{2})$/.exec(card.expiry.trim());
  const month = m ? Number(m[1]) : 0;
  const year = m ? 2000 + Number(m[2]) : 0;
  if (!m || month < 1 || month > 12) errors.expiry = 'Your card’s expiration date is incomplete (MM / YY).';
  else if (year < now.getFullYear() || (year === now.getFullYear() && month < now.getMonth() + 1)) errors.expiry = 'Your card’s expiration date is in the past.';
  if (!/^\d{3,4}$/.test(card.cvc.trim())) errors.cvc = 'Your card’s security code is incomplete.';
  return errors;
}

/**
 * The expiry as the person types it, the way Stripe's card form shows it: digits only, `1229` → `12 / 29`; a first
 * digit that can only be a one-digit month (2–9) becomes `0N`. The separator appears with the year's first digit, so
 * deleting back over it never gets stuck.
 */
export function formatExpiry(typed: string): string {
  let digits = typed.replace(/\D/g, '').slice(0, 4);
  if (/^[2-9]/.test(digits)) digits = `0${digits}`.slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)} / ${digits.slice(2)}` : digits;
}

/** 'Payment Failed' with what the processor (here: the test processor) said. */
export function paymentFailed(message: string) {
  toast({ title: 'Payment Failed', description: message, variant: 'destructive' });
}

/**
 * Offline mode's card form (no STRIPE_SECRET_KEY): clearly labelled as test mode, it confirms the payment intent
 * through billing's test processor, which then sends the same signed webhook Stripe would.
 */
export default function TestCardForm({ clientSecret, totalLabel, onConfirmed, onCancel }: PaymentFormProps) {
  const [card, setCard] = useState<Card>({ number: '', expiry: '', cvc: '' });
  const [errors, setErrors] = useState<Errors>({});
  const [paying, setPaying] = useState(false);
  const set = (name: keyof Card) => (value: string) => setCard((c) => ({ ...c, [name]: value }));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const found = validateCard(card);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    if (card.number.replace(/[\s-]/g, '') === DECLINED_TEST_CARD.replace(/\s/g, '')) {
      paymentFailed('Your card was declined. Try another card.');
      return;
    }
    setPaying(true);
    try {
      await billingApi.confirmTestPayment(clientSecret);
      onConfirmed();
    } catch (error) {
      paymentFailed(serverMessage(error) ?? 'The payment could not be confirmed. Please try again.');
      setPaying(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Test card">
      <Notice role="note">
        <FlaskConical aria-hidden />
        <span>{TEST_MODE_NOTICE}</span>
      </Notice>
      <Fields>
        <Field>
          <Label htmlFor="card-number">Card number</Label>
          <Input id="card-number" inputMode="numeric" autoComplete="cc-number" placeholder="1234 1234 1234 1234" value={card.number} onChange={(e) => set('number')(e.target.value)} aria-invalid={Boolean(errors.number)} disabled={paying} />
          {errors.number ? <FieldError>{errors.number}</FieldError> : null}
        </Field>
        <FormRow>
          <Field>
            <Label htmlFor="card-expiry">Expiry (MM / YY)</Label>
            <Input id="card-expiry" inputMode="numeric" autoComplete="cc-exp" placeholder="MM / YY" value={card.expiry} onChange={(e) => set('expiry')(formatExpiry(e.target.value))} aria-invalid={Boolean(errors.expiry)} disabled={paying} />
            {errors.expiry ? <FieldError>{errors.expiry}</FieldError> : null}
          </Field>
          <Field>
            <Label htmlFor="card-cvc">CVC</Label>
            <Input id="card-cvc" inputMode="numeric" autoComplete="cc-csc" placeholder="CVC" value={card.cvc} onChange={(e) => set('cvc')(e.target.value)} aria-invalid={Boolean(errors.cvc)} disabled={paying} />
            {errors.cvc ? <FieldError>{errors.cvc}</FieldError> : null}
          </Field>
        </FormRow>
      </Fields>
      <DialogFooter>
        <Button $variant="outline" onClick={onCancel} disabled={paying}>
          Cancel
        </Button>
        <Button type="submit" disabled={paying}>
          {paying ? <Loader2 aria-hidden /> : null}
          {paying ? 'Processing...' : `Pay ${totalLabel}`}
        </Button>
      </DialogFooter>
    </form>
  );
}
