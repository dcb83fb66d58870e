import { badRequest } from '@midway/service-kit';
import type { ServiceCursor } from '../data/service.repository';
import { isUuid } from '@midway/contracts';

const AT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;

/** The position after a page, opaque to callers (X-Next-Cursor). */
export const encodeCursor = (c: ServiceCursor) => Buffer.from(`${c.at}|${c.itemId}|${c.rank}`).toString('base64url');

/** A tampered cursor is a 400, never a database error: every part is checked before it reaches SQL. */
export function decodeCursor(cursor: string): ServiceCursor {
  const [at = '', itemId = '', rank = ''] = Buffer.from(cursor, 'base64url').toString().split('|');
  const ms = at.slice(0, 23) + 'Z';
  const realInstant = AT.test(at) && !Number.isNaN(Date.parse(ms)) && new Date(ms).toISOString() === ms;
  if (!realInstant || !isUuid(itemId) || !/^[0-4]$/.test(rank)) throw badRequest('cursor is not valid: start again without it');
  return { at, itemId, rank: Number(rank) };
}
