import { awaitsPieces, piecesAfterArrival } from './custody-pieces';

describe('pieces arriving', () => {
  it('adds what a scan brought until all expected have come', () => {
    expect(piecesAfterArrival({ received: 0, expected: 3 }, 2)).toEqual({ received: 2, added: 2 });
    expect(piecesAfterArrival({ received: 2, expected: 3 }, 1)).toEqual({ received: 3, added: 1 });
  });

  it('never counts more than expected, and a scan once all came adds nothing', () => {
    expect(piecesAfterArrival({ received: 2, expected: 3 }, 5)).toEqual({ received: 3, added: 1 });
    expect(piecesAfterArrival({ received: 3, expected: 3 }, 1)).toEqual({ received: 3, added: 0 });
    expect(awaitsPieces({ received: 3, expected: 3 })).toBe(false);
    expect(awaitsPieces({ received: 1, expected: 3 })).toBe(true);
  });

  it('keeps what came when the expected count was lowered after', () => {
    expect(piecesAfterArrival({ received: 3, expected: 2 }, 1)).toEqual({ received: 3, added: 0 });
  });
});
