import { fullyLoaded, leftBehindNote, loadRefusal, notReady, pieceToLoad, type LoadState } from './load-check';

const item = (over: Partial<LoadState> = {}): LoadState => ({
  itemId: 'i1',
  name: 'Oak table',
  pieces: 1,
  piecesReceived: 1,
  inCustody: true,
  loadedPieces: [],
  leftBehind: null,
  ...over,
});

describe('load check', () => {
  it('an item is fully loaded when every one of its pieces is on the truck', () => {
    expect(fullyLoaded(item({ loadedPieces: [1] }))).toBe(true);
    expect(fullyLoaded(item({ pieces: 3, piecesReceived: 3, loadedPieces: [1, 3] }))).toBe(false);
    expect(fullyLoaded(item({ pieces: 3, piecesReceived: 3, loadedPieces: [3, 1, 2] }))).toBe(true);
    // More pieces arrived than the designer said: each one that came must go.
    expect(fullyLoaded(item({ pieces: 1, piecesReceived: 2, loadedPieces: [1] }))).toBe(false);
  });

  it('refuses naming each item neither loaded nor left behind, and says what to do', () => {
    const items = [
      item({ itemId: 'a', name: 'Oak table', loadedPieces: [1] }),
      item({ itemId: 'b', name: 'Sofa', pieces: 3, piecesReceived: 3, loadedPieces: [1, 2] }),
      item({ itemId: 'c', name: 'Lamp' }),
      item({ itemId: 'd', name: 'Rug', leftBehind: 'no room on the truck' }),
    ];
    expect(notReady(items).map((i) => i.itemId)).toEqual(['b', 'c']);
    const message = loadRefusal(items, 'run-1');
    expect(message).toBe(
      'These items are not on the truck: “Sofa” (2 of 3 pieces loaded); “Lamp” (not loaded). Scan each piece onto the truck (POST /api/delivery-runs/run-1/load) or mark the item left behind with a reason.',
    );
    expect(message).not.toContain('Oak table');
    expect(message).not.toContain('Rug');
    expect(loadRefusal([items[0]!, items[3]!], 'run-1')).toBeNull();
  });

  it('a delivery whose every item is left behind does not go out', () => {
    const rug = item({ itemId: 'd', name: 'Rug', leftBehind: 'no room on the truck' });
    expect(loadRefusal([rug], 'run-1')).toMatch(/^Every item of this delivery is left behind: nothing of it is on the truck\. Load an item, or cancel/);
    expect(loadRefusal([rug, item({ loadedPieces: [1] })], 'run-1')).toBeNull();
  });

  it('a scan names a piece that can be on the truck', () => {
    expect(pieceToLoad(item(), undefined)).toEqual({ piece: 1 });
    expect(pieceToLoad(item({ pieces: 2, piecesReceived: 2 }), 2)).toEqual({ piece: 2 });
    expect(pieceToLoad(item({ pieces: 2, piecesReceived: 2 }), undefined)).toEqual({ refusal: expect.stringMatching(/comes in 2 pieces: scan the label/) });
    expect(pieceToLoad(item({ pieces: 2, piecesReceived: 2 }), 3)).toEqual({ refusal: '“Oak table” has 2 pieces: there is no piece 3' });
    expect(pieceToLoad(item({ pieces: 3, piecesReceived: 2 }), 3)).toEqual({ refusal: expect.stringMatching(/^piece 3 of “Oak table” has not arrived \(2 of 3 pieces received\)/) });
    expect(pieceToLoad(item({ inCustody: false, piecesReceived: 0 }), 1)).toEqual({ refusal: expect.stringMatching(/not in the warehouse's custody: record its arrival/) });
  });

  it('a left-behind item is excepted with the reason', () => {
    expect(leftBehindNote('cracked leg')).toBe('left behind: cracked leg');
  });
});
