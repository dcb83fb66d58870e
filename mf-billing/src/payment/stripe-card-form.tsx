import { Button } from '@midway/ui';
import { DialogFooter } from '@midway/ui/dialog';
import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import type { Stripe } from '@stripe/stripe-js';
import { loadStripe } from '@stripe/stripe-js/pure';
import { Loader2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { returnUrl, type PaymentFormProps } from './payment-form';
import { paymentFailed } from './test-card-form';

// One Stripe.js per key for the page's life: the script is fetched from js.stripe.com the first time a payment opens.
const stripes = new Map<string, Promise<Stripe | null>>();
function stripeFor(publishableKey: string): Promise<Stripe | null> {
  let stripe = stripes.get(publishableKey);
  if (!stripe) {
    stripe = loadStripe(publishableKey);
    stripes.set(publishableKey, stripe);
  }
  return stripe;
}

/** Stripe Elements' card form (a publishable key is configured): confirms with Stripe.js, back to /billing. */
export default function StripeCardForm(props: PaymentFormProps & { publishableKey: string }) {
  return (
    <Elements stripe={stripeFor(props.publishableKey)} options={{ clientSecret: props.clientSecret }}>
      <ElementsForm {...props} />
    </Elements>
  );
}

function ElementsForm({ invoiceId, totalLabel, onConfirmed, onCancel, returnTo }: PaymentFormProps) {
  const stripe = useStripe();
  const elements = useElements();
  const [paying, setPaying] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!stripe || !elements) return;
    setPaying(true);
    // Cards that need 3-D Secure leave the page and come back to return_url (/billing?paid=…, or the pay link's page), which awaits the webhook too.
    const { error } = await stripe.confirmPayment({ elements, confirmParams: { return_url: returnTo ?? returnUrl(invoiceId) }, redirect: 'if_required' });
    if (error) {
      paymentFailed(error.message ?? 'The card could not be charged. Please try again.');
      setPaying(false);
      return;
    }
    onConfirmed();
  };
  return (
    <form onSubmit={submit} aria-label="Card">
      <PaymentElement />
      <DialogFooter>
        <Button $variant="outline" onClick={onCancel} disabled={paying}>
          Cancel
        </Button>
        <Button type="submit" disabled={!stripe || paying}>
          {paying ? <Loader2 aria-hidden /> : null}
          {paying ? 'Processing...' : `Pay ${totalLabel}`}
        </Button>
      </DialogFooter>
    </form>
  );
}
