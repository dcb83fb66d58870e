import { randomBytes, randomUUID } from 'node:crypto';
import { invoiceOfToken, payLinkToken, payLinkUrl } from './pay-link';

describe('pay links', () => {
  const secret = randomBytes(32);
  const id = randomUUID();

  it('open the invoice they were made for', () => {
    expect(invoiceOfToken(secret, payLinkToken(secret, id))).toBe(id);
    expect(payLinkUrl('https://midway.example.com/', secret, id)).toBe(`https://midway.example.com/pay/${payLinkToken(secret, id)}`);
  });

  it('open nothing when altered, made with another secret, or not a token', () => {
    const token = payLinkToken(secret, id);
    const other = randomUUID();
    expect(invoiceOfToken(secret, `${other}${token.slice(id.length)}`)).toBeNull();
    expect(invoiceOfToken(secret, `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`)).toBeNull();
    expect(invoiceOfToken(randomBytes(32), token)).toBeNull();
    for (const bad of ['', id, `${id}.`, 'x.y', undefined, 42, `${token}x`]) expect(invoiceOfToken(secret, bad)).toBeNull();
  });
});
