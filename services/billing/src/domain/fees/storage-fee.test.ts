import { storageDays, storageFees } from './storage-fee';

describe('storageDays: each day in storage, from the day it entered up to the day before it left', () => {
  it('counts from the day it was received through the day recorded to while it is still there', () => {
    expect(storageDays([{ status: 'received', day: '2026-01-03' }], null, '2026-01-05')).toEqual(['2026-01-03', '2026-01-04', '2026-01-05']);
  });

  it('stops the day before it was delivered (the delivery day is not charged)', () => {
    expect(storageDays([{ status: 'stored', day: '2026-01-03' }, { status: 'delivered', day: '2026-01-05' }], null, '2026-01-09')).toEqual(['2026-01-03', '2026-01-04']);
  });

  it('charges a day that received and stored share once, and nothing for time outside storage', () => {
    const history = [
      { status: 'ordered', day: '2026-01-01' },
      { status: 'received', day: '2026-01-03' },
      { status: 'stored', day: '2026-01-03' },
      { status: 'ordered', day: '2026-01-05' },
      { status: 'stored', day: '2026-01-08' },
    ];
    expect(storageDays(history, null, '2026-01-09')).toEqual(['2026-01-03', '2026-01-04', '2026-01-08', '2026-01-09']);
  });

  it('starts the day after the last day recorded, filling in days a run missed, and adds nothing when recorded through', () => {
    const history = [{ status: 'stored', day: '2026-01-01' }];
    expect(storageDays(history, '2026-01-02', '2026-01-05')).toEqual(['2026-01-03', '2026-01-04', '2026-01-05']);
    expect(storageDays(history, '2026-01-05', '2026-01-05')).toEqual([]);
  });

  it('counts nothing for an item not yet in storage on the day recorded to', () => {
    expect(storageDays([{ status: 'received', day: '2026-01-07' }], null, '2026-01-05')).toEqual([]);
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
