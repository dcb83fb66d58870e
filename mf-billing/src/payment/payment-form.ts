/** What both payment forms (Stripe Elements, and the offline test form) are given by the Payment dialog. */
export interface PaymentFormProps {
  invoiceId: string;
  clientSecret: string;
  /** The invoice's total, e.g. '$150.00', on the Pay button. */
  totalLabel: string;
  onConfirmed(): void;
  onCancel(): void;
  /** Where a confirmation that needs a redirect comes back to; the Billing page (returnUrl) unless given. */
  returnTo?: string;
}

/** Where the card processor sends the browser back after a confirmation that needs a redirect (3-D Secure). */
export function returnUrl(invoiceId: string): string {
  return `${window.location.origin}/billing?paid=${encodeURIComponent(invoiceId)}`;
}
