import { safeReturnPath } from './return-path';

describe('safeReturnPath', () => {
  it('keeps a path on this site, with its query', () => {
    expect(safeReturnPath('/invitations/abc_DEF-123')).toBe('/invitations/abc_DEF-123');
    expect(safeReturnPath('/invitations/abc?join=1')).toBe('/invitations/abc?join=1');
  });

  it.each([
    ['another site', 'https://evil.example/'],
    ['a protocol-relative URL', '//evil.example/x'],
    ['a backslash a browser reads as a slash', '/\\evil.example'],
    ['a relative path', 'invitations/abc'],
    ['a javascript: URL', 'javascript:alert(1)'],
    ['a tab browsers strip', '/\t/evil.example'],
    ['a newline', '/a\nb'],
    ['a space', '/a b'],
    ['something not a string', ['/a']],
    ['nothing', undefined],
    ['a very long path', `/${'a'.repeat(600)}`],
  ])('sends %s to the dashboard instead', (_what, value) => {
    expect(safeReturnPath(value)).toBe('/');
  });
});
