import { fromCents, toCents } from '@midway/contracts/money';

// A printed figure as vendors write it: '$1,250.00', 'CA$ 980', '1 250,00'-free US style, '12.50 ea', 'USD 40.00',
// '(15.00)' for a credit. Anything else is not a figure, so a SKU like '1042-A' never becomes a price.
const FIGURE = /^\(?\s*(?:(?:US|CA|C|A|NZ)?\$|USD|CAD|EUR|GBP|€|£)?\s*(-)?\s*(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{1,2}))?\s*(?:USD|CAD|EUR|GBP)?\s*\)?\s*(?:\/?\s*(?:ea\.?|each|pcs?|units?))?$/i;

/** The amount a printed figure states, as a decimal string with two decimals; undefined when it is not one. */
export function parseMoney(text: string): string | undefined {
  const t = text.trim();
  const m = FIGURE.exec(t);
  if (!m) return undefined;
  const credit = m[1] === '-' || (t.startsWith('(') && t.endsWith(')'));
  const cents = toCents(`${m[2]!.replace(/,/g, '')}.${(m[3] ?? '').padEnd(2, '0')}`);
  return fromCents(credit ? -cents : cents);
}

const QUANTITY = /^(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d+))?\s*(?:ea\.?|each|pcs?|units?|x)?$/i;

/** A printed quantity ('12', '1,000', '2 ea'); undefined when the text is not one. */
export function parseQuantity(text: string): number | undefined {
  const m = QUANTITY.exec(text.trim());
  if (!m) return undefined;
  return Number(`${m[1]!.replace(/,/g, '')}${m[2] ? `.${m[2]}` : ''}`);
}

/** quantity × unit price in exact cents (quantities of whole units or simple fractions), as a decimal string. */
export function extend(quantity: number, unitPrice: string): string {
  const scaled = BigInt(Math.round(quantity * 1000));
  const cents = (toCents(unitPrice) * scaled) / 1000n;
  return fromCents(cents);
}
