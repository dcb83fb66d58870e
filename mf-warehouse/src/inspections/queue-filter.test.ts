import { aQueueEntry } from '../test-fixtures';
import { filterQueue } from './queue-filter';

const sofa = aQueueEntry({ itemId: '00000000-0000-4000-8000-000000000001', itemName: 'Velvet sofa', projectName: 'Harbour Loft', designerName: 'Noor Haddad', arrivedAt: '2026-03-01T08:00:00.000Z', dueAt: '2026-03-03T08:00:00.000Z' });
const lamp = aQueueEntry({ itemId: '00000000-0000-4000-8000-000000000002', itemName: 'Arc lamp', projectName: 'Cedar House', designerName: 'Ben Okafor', arrivedAt: '2026-03-02T08:00:00.000Z', dueAt: '2026-03-04T08:00:00.000Z' });
const rug = aQueueEntry({ itemId: '00000000-0000-4000-8000-000000000003', itemName: 'Wool rug', projectName: 'Harbour Loft', designerName: 'Noor Haddad', arrivedAt: '2026-02-28T08:00:00.000Z', dueAt: '2026-03-02T08:00:00.000Z' });

describe('filterQueue: search by item, project or designer; sort by time left', () => {
  it('finds by any of item, project and designer, every word, any case', () => {
    expect(filterQueue([sofa, lamp, rug], 'harbour', 'timeLeft').map((e) => e.itemName)).toEqual(['Wool rug', 'Velvet sofa']);
    expect(filterQueue([sofa, lamp, rug], 'okafor', 'timeLeft').map((e) => e.itemName)).toEqual(['Arc lamp']);
    expect(filterQueue([sofa, lamp, rug], 'SOFA noor', 'timeLeft').map((e) => e.itemName)).toEqual(['Velvet sofa']);
    expect(filterQueue([sofa, lamp, rug], 'sofa cedar', 'timeLeft')).toEqual([]);
  });

  it('orders by least time left, or by the newest arrival', () => {
    expect(filterQueue([lamp, sofa, rug], '', 'timeLeft').map((e) => e.itemName)).toEqual(['Wool rug', 'Velvet sofa', 'Arc lamp']);
    expect(filterQueue([rug, sofa, lamp], ' ', 'newest').map((e) => e.itemName)).toEqual(['Arc lamp', 'Velvet sofa', 'Wool rug']);
  });
});
