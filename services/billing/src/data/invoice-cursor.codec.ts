/**
 * The invoice list's cursor: the last row's created_at (microseconds since the epoch) and seq, opaque to callers.
 * Both are whole numbers, so a tampered cursor is refused here (a 400) and never reaches SQL as a bad value.
 */
export const encodeInvoiceCursor = (r: { atMicros: string; seq: number | string }) => Buffer.from(`${r.atMicros}.${r.seq}`).toString('base64url');

const CURSOR_TEXT = /^(\d{1,16})\.(\d{1,10})$/;

export function decodeInvoiceCursor(cursor: string): { atMicros: string; seq: number } | null {
  const m = CURSOR_TEXT.exec(Buffer.from(cursor, 'base64url').toString());
  if (!m) return null;
  const seq = Number(m[2]);
  // seq is a Postgres integer: a larger one would make the comparison fail in SQL instead of here.
  return seq <= 2_147_483_647 ? { atMicros: m[1]!, seq } : null;
}
