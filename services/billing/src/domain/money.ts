import { fromCents, toCents } from '@midway/contracts';

/** rate × quantity, exact (a rate has at most 2 decimals, so the product is whole cents). */
export const lineAmount = (rate: string, quantity: number): string => fromCents(toCents(rate) * BigInt(quantity));
