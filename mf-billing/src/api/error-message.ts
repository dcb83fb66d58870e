import { ApiError } from '@midway/ui';

/** The service's own message from an error body ({ message }), when it sent one. */
export function serverMessage(error: unknown): string | null {
  if (!(error instanceof ApiError) || !error.body) return null;
  try {
    const body = JSON.parse(error.body) as { message?: unknown };
    return typeof body.message === 'string' && body.message ? body.message : null;
  } catch {
    return null;
  }
}
