import { fitsProjectTotal, projectTotalCents, PROJECT_TOTAL_MAX_CENTS } from './project-total';

describe('a project total: exact cents that must fit the documents’ money column', () => {
  it('sums price × quantity and the costs in exact cents', () => {
    expect(projectTotalCents([{ price: '0.10', quantity: 3 }, { price: null, quantity: 9 }, { price: '0.20', quantity: 1 }], [{ amount: '1005.35' }])).toBe(100585n);
  });

  it('holds a total up to 9,999,999,999.99 and refuses a cent more', () => {
    expect(fitsProjectTotal(PROJECT_TOTAL_MAX_CENTS)).toBe(true);
    expect(fitsProjectTotal(PROJECT_TOTAL_MAX_CENTS + 1n)).toBe(false);
    // The largest price times the largest quantity is far past it: exact, not a float that rounds.
    expect(fitsProjectTotal(projectTotalCents([{ price: '99999999.99', quantity: 100_000 }], []))).toBe(false);
    expect(projectTotalCents([{ price: '99999999.99', quantity: 100_000 }], [])).toBe(999_999_999_900_000n);
  });
});
