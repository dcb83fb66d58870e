import { z } from 'zod';
import { NO_NUL } from '../text';

/** Field rules shared by the catalog's request bodies (not exported from the package). */

export const REQUIRED_PROJECT_FIELDS = 'Please fill in all required fields';

export const text = (max: number, field: string) =>
  z.string().trim().max(max, { error: `${field} must be at most ${max} characters` }).regex(NO_NUL, { error: `${field} must not contain NUL characters` });

export const requiredProjectText = (field: string) =>
  z
    .string({ error: REQUIRED_PROJECT_FIELDS })
    .trim()
    .min(1, { error: REQUIRED_PROJECT_FIELDS })
    .max(255, { error: `${field} must be at most 255 characters` })
    .regex(NO_NUL, { error: `${field} must not contain NUL characters` });

/**
 * Empty strings from forms mean "not given". The outer `.optional()` lets an absent key skip the preprocess
 * altogether: an import row leaves most of its ~20 optional fields out, and running each of them cost a
 * third of the row's validation. The JSON schema (OpenAPI) is the same.
 */
export const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v === null ? undefined : v), schema.optional()).optional();

/** As `optional`, with an empty value clearing the field (null). */
export const nullable = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? null : v), schema.nullable().optional()).optional();

/**
 * A calendar date a project can be installed on. The ISO format alone lets `0000-01-01` through, which is no
 * date Postgres knows (there is no year 0): the year must be 1900 to 9999.
 */
export const isoDate = z.iso
  .date({ error: 'installDate must be a date (YYYY-MM-DD)' })
  .refine((d) => Number(d.slice(0, 4)) >= 1900, { error: 'installDate must be in the year 1900 or later' });
