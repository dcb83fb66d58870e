import { z } from 'zod';

/** A decimal string with exactly 2 places, as the server answers money (numeric(12,2)); never a float. */
export const moneySchema = z.string().regex(/^-?\d+\.\d{2}$/);

const MONEY_TEXT = /^\d{1,10}(\.\d{1,2})?$/;
/**
 * Money as a client sends it: a number or a decimal string with at most 2 places, 0 or more, below
 * 10,000,000,000. Carried on as the decimal string (a JSON number like 19.99 prints back as "19.99"), so no
 * float arithmetic ever touches it.
 */
export const moneyInputSchema = (name: string) =>
  z
    .union([z.number(), z.string().trim()], { error: `${name} must be an amount such as 12.50` })
    .transform((v) => (typeof v === 'number' ? String(v) : v))
    .refine((v) => MONEY_TEXT.test(v), { error: `${name} must be an amount of at least 0 with at most 2 decimals, such as 12.50` });
