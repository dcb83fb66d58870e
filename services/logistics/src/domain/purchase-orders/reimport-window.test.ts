import { alreadyImportedMessage } from './reimport-window';

describe('importing a purchase order again', () => {
  test('says that nothing new was imported, and on which day the first import was (UTC)', () => {
    expect(alreadyImportedMessage('2026-11-02T10:00:00.000Z')).toBe('Already imported on Nov 2, 2026: nothing new was imported. Its items are on the Items page.');
    expect(alreadyImportedMessage(new Date('2026-12-31T23:59:59.000Z'))).toBe('Already imported on Dec 31, 2026: nothing new was imported. Its items are on the Items page.');
  });
});
