import { privateCacheControl } from './private-answers';

describe('privateCacheControl', () => {
  it('keeps a signed-in answer in the caller’s browser only, revalidated on every reuse', () => {
    expect(privateCacheControl(undefined)).toBe('private, no-cache');
    expect(privateCacheControl('public, max-age=3600')).toBe('private, no-cache');
  });
  it('keeps the service’s no-store', () => {
    expect(privateCacheControl('no-store')).toBe('private, no-store');
    expect(privateCacheControl(['No-Store, max-age=0'])).toBe('private, no-store');
  });
});
