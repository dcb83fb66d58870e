import { z } from 'zod';

/** PostgreSQL text cannot hold NUL; refuse it at the edge instead of letting the database fail. */
export const NO_NUL = /^[^\u0000]*$/;

/** A string that can be stored as text: no NUL characters. */
export const storableString = (message = 'text must not contain NUL characters') => z.string().regex(NO_NUL, { error: message });
