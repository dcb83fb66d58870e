import { likeContaining } from './like.sql';

describe('likeContaining', () => {
  it('finds the text anywhere', () => {
    expect(likeContaining('oak')).toBe('%oak%');
  });

  it('makes the user’s wildcards and escape character match themselves', () => {
    expect(likeContaining('50%')).toBe('%50\\%%');
    expect(likeContaining('a_b')).toBe('%a\\_b%');
    expect(likeContaining('c:\\x')).toBe('%c:\\\\x%');
  });
});
