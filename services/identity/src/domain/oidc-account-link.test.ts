import { decideLink } from './oidc-account-link';

const verified = { subject: 'sub-1', email: 'ada@studio.test', emailVerified: true };

describe('decideLink', () => {
  it('signs a linked account in as its user, whatever its address says now', () => {
    expect(decideLink({ ...verified, emailVerified: false }, 'u-linked', 'u-other', 'Google')).toEqual({ kind: 'linked', userId: 'u-linked' });
  });

  it('links to the account with a verified address, or creates one', () => {
    expect(decideLink(verified, null, 'u-1', 'Google')).toEqual({ kind: 'link', userId: 'u-1', email: 'ada@studio.test' });
    expect(decideLink(verified, null, null, 'Google')).toEqual({ kind: 'create', email: 'ada@studio.test' });
  });

  it('refuses an unverified or missing address, saying what to do', () => {
    const unverified = decideLink({ ...verified, emailVerified: false }, null, 'u-1', 'Google');
    expect(unverified).toEqual({ kind: 'refuse', message: expect.stringContaining('has not verified the address ada@studio.test') });
    expect(decideLink({ ...verified, emailVerified: false }, null, null, 'Google').kind).toBe('refuse');
    expect(decideLink({ ...verified, email: null }, null, null, 'Microsoft')).toEqual({ kind: 'refuse', message: expect.stringContaining('Microsoft did not share your e-mail') });
  });
});
