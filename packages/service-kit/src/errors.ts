import type { ZodError } from 'zod';

/** An error with an HTTP status that is safe to show to the caller. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details?: { path: string; message: string }[],
  ) {
    super(message);
  }
}

export const badRequest = (message: string, details?: { path: string; message: string }[]) =>
  new HttpError(400, 'bad_request', message, details);
export const unauthorized = (message = 'Sign in required') => new HttpError(401, 'unauthorized', message);
export const forbidden = (message = 'Forbidden') => new HttpError(403, 'forbidden', message);
export const notFound = (message = 'Not found') => new HttpError(404, 'not_found', message);
export const conflict = (message: string) => new HttpError(409, 'conflict', message);
export const tooManyRequests = (message = 'Too many requests, please try again in a minute') =>
  new HttpError(429, 'rate_limited', message);

export function fromZodError(error: ZodError): HttpError {
  const details = error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
  // The first message alone is what a form shows; details carry the rest.
  return badRequest(details[0]?.message ?? 'Invalid request', details);
}
