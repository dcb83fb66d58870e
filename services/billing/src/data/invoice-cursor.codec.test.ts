import { decodeInvoiceCursor, encodeInvoiceCursor } from './invoice-cursor.codec';

describe('the invoice list cursor', () => {
  it('decodes what it encoded', () => {
    expect(decodeInvoiceCursor(encodeInvoiceCursor({ atMicros: '1795000000123456', seq: 42 }))).toEqual({ atMicros: '1795000000123456', seq: 42 });
  });

  it.each([
    ['not base64 of anything', '!!!'],
    ['text', Buffer.from('yesterday.1').toString('base64url')],
    ['a missing seq', Buffer.from('1795000000123456').toString('base64url')],
    ['a negative time', Buffer.from('-1.1').toString('base64url')],
    ['a seq past the column', Buffer.from('1.99999999999').toString('base64url')],
    ['SQL', Buffer.from("1.1' OR 1=1").toString('base64url')],
  ])('refuses %s', (_, cursor) => {
    expect(decodeInvoiceCursor(cursor)).toBeNull();
  });
});
