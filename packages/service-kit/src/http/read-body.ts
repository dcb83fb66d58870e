import { createHash } from 'node:crypto';
import type { Request } from 'express';
import { HttpError } from '../errors';
import { currentIdempotencyKey } from '../request-context';

/**
 * A body no parser reads (an upload: a PDF, a photo) as bytes, refused with 413 and `tooLarge` past `limit` without
 * reading the rest into memory. Under an Idempotency-Key, what was read becomes part of the key's fingerprint before
 * the handler goes on, so a retry with another file is refused (422) instead of getting this one's answer.
 */
export async function readBody(req: Request, limit: number, tooLarge: string): Promise<Buffer> {
  if (Number(req.headers['content-length'] ?? 0) > limit) throw new HttpError(413, 'payload_too_large', tooLarge);
  const held = currentIdempotencyKey();
  const hash = held?.bodyRead ? createHash('sha256') : null;
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit) throw new HttpError(413, 'payload_too_large', tooLarge);
    hash?.update(chunk);
    chunks.push(chunk);
  }
  if (hash) await held!.bodyRead!(hash.digest('hex'));
  return Buffer.concat(chunks);
}
