import { readCookie } from './session-token';

describe('readCookie', () => {
  it('reads and decodes the named cookie among others', () => {
    expect(readCookie('a=1; midway_session=abc%2Edef; b=2', 'midway_session')).toBe('abc.def');
    expect(readCookie(undefined, 'midway_session')).toBeUndefined();
    expect(readCookie('a=1', 'midway_session')).toBeUndefined();
  });

  it('treats a value that does not URI-decode as no cookie instead of throwing', () => {
    for (const header of ['midway_session=%', 'midway_session=%E0%A4%A', 'x=1; midway_session=%zz']) {
      expect(() => readCookie(header, 'midway_session')).not.toThrow();
      expect(readCookie(header, 'midway_session')).toBeUndefined();
    }
    // A malformed neighbour does not hide a good one.
    expect(readCookie('other=%; midway_session=ok', 'midway_session')).toBe('ok');
  });
});
