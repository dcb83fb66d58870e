import { z } from 'zod';
import { toCents } from '../money';
import { LINE_AMOUNT_MAX } from '../vocab';

/** A decimal string with exactly 2 places, as the server answers money (numeric(12,2)); never a float. */
export const moneySchema = z.string().regex(/^-?\d+\.\d{2}$/);

const MONEY_TEXT = /^\d{1,20}(\.\d{1,2})?$/;
const LIMIT_TEXT = Number(LINE_AMOUNT_MAX).toLocaleString('en-US', { minimumFractionDigits: 2 });
/**
 * Money as a client sends it: a number or a decimal string with at most 2 places, from 0 to LINE_AMOUNT_MAX (what
 * a line's numeric(10,2) holds; more is refused with the limit named rather than failing in the database). Carried
 * on as the decimal string (a JSON number like 19.99 prints back as "19.99"), so no float arithmetic touches it.
 */
export const moneyInputSchema = (name: string) =>
  z
    .union([z.number(), z.string().trim()], { error: `${name} must be an amount such as 12.50` })
    .transform((v) => (typeof v === 'number' ? String(v) : v))
    .refine((v) => MONEY_TEXT.test(v), { error: `${name} must be an amount of at least 0 with at most 2 decimals, such as 12.50` })
    .refine((v) => !MONEY_TEXT.test(v) || toCents(v) <= toCents(LINE_AMOUNT_MAX), { error: `${name} must be at most ${LIMIT_TEXT}` });
