import { IMPORT_KEY_RETENTION_DAYS } from '@midway/contracts';
import { reimportRefusal } from './reimport-window';

const DAY = 24 * 60 * 60_000;

describe('importing a purchase order again', () => {
  const importedAt = '2026-11-02T10:00:00.000Z';
  const after = (days: number) => new Date(Date.parse(importedAt) + days * DAY);

  test('is allowed before the first import and while catalog remembers the import key', () => {
    expect(reimportRefusal(null)).toBeNull();
    expect(reimportRefusal(importedAt, after(0))).toBeNull();
    expect(reimportRefusal(importedAt, new Date(after(IMPORT_KEY_RETENTION_DAYS - 1).getTime() - 1))).toBeNull();
  });

  test('is refused from a day before catalog forgets the key, naming the first import', () => {
    expect(reimportRefusal(importedAt, after(IMPORT_KEY_RETENTION_DAYS - 1))).toBe('This purchase order was imported on Nov 2, 2026; its items are on the Items page.');
    expect(reimportRefusal(importedAt, after(IMPORT_KEY_RETENTION_DAYS * 3))).not.toBeNull();
  });
});
