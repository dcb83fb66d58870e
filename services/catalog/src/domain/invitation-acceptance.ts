/**
 * Who may answer an invitation (accept or decline it). An invitation belongs to whoever reads its mailbox, so
 * either the caller holds the e-mailed link (its token proves the mailbox, whatever address they signed up
 * with), or the caller's own address is the invitation's and identity says they verified it. Someone who merely
 * registered the invited address first, without reading its mail, is told to open the link instead.
 */
export type InvitationAnswer = 'allowed' | 'not-found' | 'expired' | 'open-the-link';

export interface InvitationToAnswer {
  email: string;
  tokenHash: string;
  expiresAt: Date;
}

export function mayAnswerInvitation(
  i: InvitationToAnswer,
  caller: { email: string; emailVerified: boolean },
  /** The SHA-256 of the link's token the caller sent, if any. */
  linkTokenHash: string | undefined,
  now: Date,
): InvitationAnswer {
  const byLink = linkTokenHash !== undefined;
  // A wrong link, or someone else's invitation: to them it does not exist.
  if (byLink ? linkTokenHash !== i.tokenHash : i.email !== caller.email.toLowerCase()) return 'not-found';
  if (i.expiresAt <= now) return 'expired';
  if (!byLink && !caller.emailVerified) return 'open-the-link';
  return 'allowed';
}
