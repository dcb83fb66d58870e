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
