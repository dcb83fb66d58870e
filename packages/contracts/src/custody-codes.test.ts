import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { itemCodeOf, normalizeLocationCode, parseItemCode, piecesFlag } from './custody-codes';
import { countScanBodySchema, createLocationBodySchema, loadBodySchema, moveBodySchema, scanTargetOf } from './logistics/custody';

const ID = '3f2c1a9e-8b7d-4c6e-9f01-23456789abcd';

describe('custody codes', () => {
  it('import no zod, so the screens read codes as the services do without it', () => {
    const source = readFileSync(join(__dirname, 'custody-codes.ts'), 'utf8');
    expect(source).not.toMatch(/from\s+['"]zod['"]/);
  });

  it('read a piece label, a bare item id, and what scanners do to them (case, spaces)', () => {
    expect(parseItemCode(`${ID}/2`)).toEqual({ itemId: ID, piece: 2 });
    expect(parseItemCode(ID)).toEqual({ itemId: ID });
    expect(parseItemCode(` ${ID.toUpperCase()}/10 \n`)).toEqual({ itemId: ID, piece: 10 });
    expect(parseItemCode(itemCodeOf(ID, 3))).toEqual({ itemId: ID, piece: 3 });
  });

  it('refuse what is not an item label: a location code, a tracking number, piece 0, a broken id', () => {
    for (const code of ['B-12', '1Z999AA10123456784', `${ID}/0`, `${ID}/`, `${ID}/1/2`, `${ID.slice(1)}x`, `${ID}/abc`, '', `x${ID}`]) expect(parseItemCode(code)).toBeNull();
  });

  it('normalise a location code as its label prints it, refusing anything else', () => {
    expect(normalizeLocationCode(' b-12 ')).toBe('B-12');
    expect(normalizeLocationCode('B 12')).toBeNull();
    expect(normalizeLocationCode('A'.repeat(33))).toBeNull();
  });

  it('flag fewer pieces than expected only', () => {
    expect(piecesFlag(2, 3)).toBe('2 of 3 pieces');
    expect(piecesFlag(3, 3)).toBeNull();
    expect(piecesFlag(1, 1)).toBeNull();
  });
});

describe('custody bodies', () => {
  it('take exactly one of itemId and code, and name the piece a label carries', () => {
    expect(scanTargetOf(moveBodySchema.parse({ code: `${ID}/2`, locationCode: 'b-12' }))).toEqual({ itemId: ID, piece: 2 });
    expect(moveBodySchema.parse({ itemId: ID, locationCode: ' b-12' }).locationCode).toBe('B-12');
    expect(scanTargetOf(loadBodySchema.parse({ itemId: ID, piece: 3 }))).toEqual({ itemId: ID, piece: 3 });
    expect(scanTargetOf(countScanBodySchema.parse({ code: ID }))).toEqual({ itemId: ID });
    for (const body of [{ locationCode: 'B-12' }, { itemId: ID, code: ID, locationCode: 'B-12' }, { code: 'B-12', locationCode: 'B-12' }, { itemId: ID, locationCode: 'B 12' }])
      expect(moveBodySchema.safeParse(body).success).toBe(false);
    const both = moveBodySchema.safeParse({ itemId: ID, code: ID, locationCode: 'B-12' });
    expect(both.error?.issues[0]?.message).toMatch(/exactly one of itemId/);
  });

  it('refuse a location kind outside the list, naming the list', () => {
    const r = createLocationBodySchema.safeParse({ code: 'B-12', name: 'Bay B', kind: 'shelf' });
    expect(r.error?.issues[0]?.message).toBe('kind must be one of dock, bin, floor, staging');
  });
});
