/**
 * The last four digits of the card that paid, as the processor's succeeded intent gives them: in the payment
 * method's or the charge's card details (Stripe puts them on the expanded payment method, the latest charge, or
 * the older `charges` list). Null when the event carries none: the receipt then says "card".
 */
export function cardLast4(intent: Record<string, unknown>): string | null {
  const at = (o: unknown, ...path: string[]): unknown => path.reduce<unknown>((v, k) => (v && typeof v === 'object' ? (v as Record<string, unknown>)[k] : undefined), o);
  const charges = at(intent, 'charges', 'data');
  const candidates = [
    at(intent, 'payment_method', 'card', 'last4'),
    at(intent, 'latest_charge', 'payment_method_details', 'card', 'last4'),
    Array.isArray(charges) ? at(charges[0], 'payment_method_details', 'card', 'last4') : undefined,
  ];
  const found = candidates.find((c): c is string => typeof c === 'string' && /^\d{4}$/.test(c));
  return found ?? null;
}
