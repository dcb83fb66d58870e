import { isUuid } from '@midway/contracts';

/** A cursor that does not decode: the caller answers 400, never a database error. */
export class InvalidCursorError extends Error {}

/** Cursor = the last row's (created_at as Postgres's text, id), opaque to callers. */
export const encodeCursor = (r: { id: string; createdAt: string }) => Buffer.from(`${r.createdAt}|${r.id}`).toString('base64url');

const TIMESTAMP_TEXT = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})(?:\.\d{1,6})?[+-](\d{2})(?::(\d{2}))?$/;

/** Checked before it reaches SQL: a tampered cursor is null (a 400), never a database error. */
export function decodeCursor(cursor: string): { createdAt: string; id: string } | null {
  const [at, id] = Buffer.from(cursor, 'base64url').toString().split('|');
  return at && id && isRealInstant(at) && isUuid(id) ? { createdAt: at, id } : null;
}

/**
 * The fields name an instant Postgres can cast: a real calendar day from year 1 (no 30 February, no year
 * 0000), a real clock time (no 25:00), and a zone offset within Postgres's ±15:59 (not +99).
 */
function isRealInstant(at: string): boolean {
  const m = TIMESTAMP_TEXT.exec(at);
  if (!m) return false;
  const [y, mo, d, h, mi, sec, offH, offM = 0] = m.slice(1).map((v) => (v === undefined ? undefined : Number(v))) as number[];
  const day = new Date(0);
  day.setUTCFullYear(y!, mo! - 1, d!);
  const realDay = y! >= 1 && day.getUTCFullYear() === y && day.getUTCMonth() === mo! - 1 && day.getUTCDate() === d;
  return realDay && h! < 24 && mi! < 60 && sec! < 60 && offH! <= 15 && offM < 60;
}
