import { storageDays, storageFees } from './storage-fee';

describe('storageDays: each day of the warehouse’s custody, from the arrival up to the day before it left', () => {
  it('counts from the arrival day through the day recorded to while the warehouse still holds it', () => {
    expect(storageDays({ sinceDay: '2026-01-03', endDay: null }, null, '2026-01-05')).toEqual(['2026-01-03', '2026-01-04', '2026-01-05']);
  });

  it('stops the day before the delivery’s completion or the release (the day it left is not charged)', () => {
    expect(storageDays({ sinceDay: '2026-01-03', endDay: '2026-01-05' }, null, '2026-01-09')).toEqual(['2026-01-03', '2026-01-04']);
  });

  it('charges nothing for an item that arrived and left the same day', () => {
    expect(storageDays({ sinceDay: '2026-01-03', endDay: '2026-01-03' }, null, '2026-01-09')).toEqual([]);
  });

  it('starts the day after the last day recorded, filling in days a run missed, and adds nothing when recorded through', () => {
    const custody = { sinceDay: '2026-01-01', endDay: null };
    expect(storageDays(custody, '2026-01-02', '2026-01-05')).toEqual(['2026-01-03', '2026-01-04', '2026-01-05']);
    expect(storageDays(custody, '2026-01-05', '2026-01-05')).toEqual([]);
  });

  it('counts nothing for custody that begins after the day recorded to', () => {
    expect(storageDays({ sinceDay: '2026-01-07', endDay: null }, null, '2026-01-05')).toEqual([]);
  });

  it('records a custody that ended after the day recorded to only through that day (the rest comes with the next run)', () => {
    expect(storageDays({ sinceDay: '2026-01-03', endDay: '2026-01-09' }, null, '2026-01-05')).toEqual(['2026-01-03', '2026-01-04', '2026-01-05']);
    expect(storageDays({ sinceDay: '2026-01-03', endDay: '2026-01-09' }, '2026-01-05', '2026-01-12')).toEqual(['2026-01-06', '2026-01-07', '2026-01-08']);
  });
});

describe('storageFees: one unit per item per day, whatever the quantity; nothing for a deleted item', () => {
  const item = { id: 'i1', projectId: 'p1', name: 'Lamp', deleted: false };
  it('one event per day, keyed by item and day, at the day’s rate', () => {
    const fees = storageFees(item, ['2026-01-03', '2026-01-04'], (day) => (day < '2026-01-04' ? '2.00' : '2.50'));
    expect(fees.map((f) => [f.key, f.quantity, f.amount, f.description])).toEqual([
      ['storage:i1:2026-01-03', 1, '2.00', 'Storage & Warehousing — Lamp'],
      ['storage:i1:2026-01-04', 1, '2.50', 'Storage & Warehousing — Lamp'],
    ]);
  });

  it('charges a deleted item nothing', () => {
    expect(storageFees({ ...item, deleted: true }, ['2026-01-03'], () => '2.00')).toEqual([]);
  });
});
