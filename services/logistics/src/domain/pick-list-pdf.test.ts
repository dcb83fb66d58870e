import { randomUUID } from 'node:crypto';
import type { PickList } from '@midway/contracts';
import { startPickListPrinter } from './pick-list-pdf.pool';
import { loadedCell } from './pick-list-pdf.worker';

const entry = (n: number): PickList['items'][number] => ({
  itemId: randomUUID(),
  itemName: `Walnut sideboard ${n}`,
  deliveryId: randomUUID(),
  projectName: 'Harbour Loft',
  clientName: 'Jordan Park',
  designerName: 'Ada Lovelace',
  location: { id: randomUUID(), code: `B-${String(n).padStart(2, '0')}`, name: `Bay B ${n}`, kind: 'bin' },
  piecesExpected: 2,
  piecesReceived: 2,
  loadedPieces: n % 2 ? [1] : [],
  leftBehindReason: null,
});

describe('pick list PDF', () => {
  const printer = startPickListPrinter();
  afterAll(() => printer.close());

  it('is rendered off the event loop: a PDF of every item, pages added as the list grows', async () => {
    const one = await printer.render({ runId: randomUUID(), date: '2026-06-05', items: [entry(1)] });
    expect(one.subarray(0, 5).toString()).toBe('%PDF-');
    const pages = (pdf: Buffer) => (pdf.toString('latin1').match(/\/Type \/Page\b/g) ?? []).length;
    expect(pages(one)).toBe(1);
    const hundred = await printer.render({ runId: randomUUID(), date: '2026-06-05', items: Array.from({ length: 100 }, (_, i) => entry(i)) });
    expect(pages(hundred)).toBeGreaterThan(3);
  });

  it('answers 503 when more lists wait than the queue holds, instead of holding them all', async () => {
    const busy = startPickListPrinter();
    try {
      const list = { runId: randomUUID(), date: '2026-06-05', items: Array.from({ length: 100 }, (_, i) => entry(i)) };
      const answers = await Promise.allSettled(Array.from({ length: 24 }, () => busy.render(list)));
      const refused = answers.filter((a) => a.status === 'rejected').map((a) => (a as PromiseRejectedResult).reason as { status: number; message: string });
      expect(refused.length).toBeGreaterThan(0);
      for (const r of refused) expect([r.status, r.message]).toEqual([503, expect.stringMatching(/try again in a few seconds/)]);
      expect(answers.filter((a) => a.status === 'fulfilled').length).toBeGreaterThanOrEqual(16);
    } finally {
      await busy.close();
    }
  });

  it('says what is loaded, or that the item stays behind', () => {
    expect(loadedCell(entry(1))).toBe('1/2');
    expect(loadedCell({ ...entry(2), leftBehindReason: 'damaged' })).toBe('left');
  });
});
