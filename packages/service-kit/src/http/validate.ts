import type { z } from 'zod';
import { fromZodError } from '../errors';

/** Parses input against a contract schema, throwing a 400 HttpError with every issue on failure. */
export function parse<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const result = schema.safeParse(input);
  if (!result.success) throw fromZodError(result.error);
  return result.data;
}
