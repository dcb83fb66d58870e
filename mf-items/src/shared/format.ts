import { formatCount, formatUsd } from '@midway/ui';

// No Intl here: building the first Intl.NumberFormat on the page delays the first screen (see formatUsd).

/** US dollars, en-US, $ and two decimals; 'N/A' when there is no amount. Amounts arrive as decimal strings. */
export function formatMoney(amount: string | number | null | undefined): string {
  if (amount === null || amount === undefined || amount === '') return 'N/A';
  const n = typeof amount === 'number' ? amount : Number(amount);
  return Number.isFinite(n) ? formatUsd(n) : 'N/A';
}

/** 'N item(s)' of the spec, in words: '1 item', '12 items'. */
export const countLabel = (n: number, one: string, many: string) => `${formatCount(n)} ${n === 1 ? one : many}`;
