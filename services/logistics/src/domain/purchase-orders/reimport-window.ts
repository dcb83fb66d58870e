import { IMPORT_KEY_RETENTION_DAYS } from '@midway/contracts';

const DAY_MS = 24 * 60 * 60_000;

/**
 * Importing a purchase order again answers the first import only while catalog remembers its import key; a day
 * before catalog forgets it, a repeat is refused instead, so it can never create the items a second time.
 */
export function reimportRefusal(importedAt: string | null, now = new Date()): string | null {
  if (!importedAt) return null;
  const at = new Date(importedAt);
  if (now.getTime() - at.getTime() < (IMPORT_KEY_RETENTION_DAYS - 1) * DAY_MS) return null;
  const day = at.toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
  return `This purchase order was imported on ${day}; its items are on the Items page.`;
}
