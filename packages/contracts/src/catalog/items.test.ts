import { createItemBodySchema, PHOTO_URL_RULE, updateItemBodySchema } from './items';
import { photoKeyOf, photoPath } from '../vocab';

const KEY = '5a0c1f1e-aaaa-4bbb-8ccc-0123456789ab';

describe('item photoUrl: only an uploaded photo’s served path', () => {
  it.each(['https://images.example.com/sofa.jpg', 'http://cdn.test/a.png', `/api/photos/${KEY}/x`, `/api/photos/${KEY}?sig=1`, '/api/photos/abc', 'javascript:alert(1)', `/api/objects/uploads/${KEY}`])(
    '%s is refused with the rule',
    (photoUrl) => {
      for (const schema of [createItemBodySchema, updateItemBodySchema]) {
        const r = schema.safeParse({ name: 'Lamp', photoUrl });
        expect(r.success).toBe(false);
        expect(r.error?.issues[0]?.message).toBe(PHOTO_URL_RULE);
      }
    },
  );

  it('takes /api/photos/{uuid}; an empty value leaves a new item without one and clears an existing one', () => {
    expect(createItemBodySchema.parse({ name: 'Lamp', photoUrl: photoPath(KEY) }).photoUrl).toBe(`/api/photos/${KEY}`);
    expect(createItemBodySchema.parse({ name: 'Lamp', photoUrl: ' ' }).photoUrl).toBeUndefined();
    expect(updateItemBodySchema.parse({ photoUrl: '' }).photoUrl).toBeNull();
    expect(updateItemBodySchema.parse({ photoUrl: null }).photoUrl).toBeNull();
  });

  it('photoKeyOf reads the key back (lower case) and nothing from another address', () => {
    expect(photoKeyOf(`/api/photos/${KEY.toUpperCase()}`)).toBe(KEY);
    expect(photoKeyOf(`https://x.test/api/photos/${KEY}`)).toBeNull();
  });
});

describe('item prices: exact cents, never rounded or truncated', () => {
  const price = (v: unknown) => createItemBodySchema.safeParse({ name: 'Lamp', price: v });
  const message = (v: unknown) => price(v).error?.issues[0]?.message;

  it.each([
    [12, '12.00'],
    ['12.5', '12.50'],
    [0.29, '0.29'],
    ['1.500', '1.50'],
    [99_999_999.99, '99999999.99'],
    ['99999999.99', '99999999.99'],
    ['0', '0.00'],
  ])('takes %p as %p', (v, out) => {
    expect(price(v).data?.price).toBe(out);
  });

  it.each([1.005, '1.005', '0.001', 1e-7])('refuses %p: more than 2 decimals', (v) => {
    expect(message(v)).toBe('price must have at most 2 decimal places (cents)');
  });

  it.each([100_000_000, '100000000.00', '99999999.991', 1e21])('refuses %p: more than its column holds', (v) => {
    expect(message(v)).toMatch(/too large|at most 2 decimal/);
    expect(price(v).success).toBe(false);
  });

  it.each([-1, '-0.01'])('refuses %p: below 0', (v) => {
    expect(message(v)).toBe('price must be 0 or more');
  });

  it('refuses what is not a number', () => {
    expect(message('12,50')).toBe('price must be a number');
    expect(message(true)).toBe('price must be a number');
  });
});
