import { mayAnswerInvitation } from './invitation-acceptance';

describe('who may answer an invitation', () => {
  const now = new Date('2026-12-07T12:00:00Z');
  const invitation = { email: 'new@studio.test', tokenHash: 'a'.repeat(64), expiresAt: new Date('2026-12-10T12:00:00Z') };
  const verified = { email: 'new@studio.test', emailVerified: true };
  const unverified = { email: 'new@studio.test', emailVerified: false };

  it('the invitee whose address is verified, by the invitation alone (address compared case-insensitively)', () => {
    expect(mayAnswerInvitation(invitation, verified, undefined, now)).toBe('allowed');
    expect(mayAnswerInvitation(invitation, { ...verified, email: 'New@Studio.test' }, undefined, now)).toBe('allowed');
  });

  it('not someone who only registered the invited address: they are told to open the e-mailed link', () => {
    expect(mayAnswerInvitation(invitation, unverified, undefined, now)).toBe('open-the-link');
  });

  it('whoever holds the e-mailed link, verified or not, whatever their own address', () => {
    expect(mayAnswerInvitation(invitation, unverified, invitation.tokenHash, now)).toBe('allowed');
    expect(mayAnswerInvitation(invitation, { email: 'other@elsewhere.test', emailVerified: false }, invitation.tokenHash, now)).toBe('allowed');
  });

  it('a wrong link, or another address’s invitation, does not exist for the caller', () => {
    expect(mayAnswerInvitation(invitation, verified, 'b'.repeat(64), now)).toBe('not-found');
    expect(mayAnswerInvitation(invitation, { email: 'other@elsewhere.test', emailVerified: true }, undefined, now)).toBe('not-found');
  });

  it('an expired invitation cannot be answered, by link or by address', () => {
    const old = { ...invitation, expiresAt: now };
    expect(mayAnswerInvitation(old, verified, undefined, now)).toBe('expired');
    expect(mayAnswerInvitation(old, unverified, old.tokenHash, now)).toBe('expired');
  });
});
