import { fromCents, toCents } from '@midway/contracts/money';

/**
 * A project's total — Σ price × quantity of its items plus Σ its costs — must fit the money column of the
 * documents it ends up on (numeric(12,2)): a change that would take it past that is refused, never truncated.
 */
export const PROJECT_TOTAL_MAX_CENTS = 999_999_999_999n;

export const PROJECT_TOTAL_TOO_LARGE = `This change would make the project's total more than ${fromCents(PROJECT_TOTAL_MAX_CENTS)}. Check the price and quantity.`;

/** The rule in exact cents (the project detail's totalCost); the repository's projectTotalCents is the same sum in SQL. */
export function projectTotalCents(items: readonly { price: string | null; quantity: number }[], costs: readonly { amount: string }[]): bigint {
  let cents = 0n;
  for (const i of items) if (i.price) cents += toCents(i.price) * BigInt(i.quantity);
  for (const c of costs) cents += toCents(c.amount);
  return cents;
}

export const fitsProjectTotal = (cents: bigint): boolean => cents <= PROJECT_TOTAL_MAX_CENTS;
