/** Who a provider's account signs in as: the rule of linking by a verified address. */
export interface ProviderAccount {
  subject: string;
  email: string | null;
  /** The provider says the address is the account holder's (`email_verified: true`); anything else is no. */
  emailVerified: boolean;
}

export type LinkDecision =
  | { kind: 'linked'; userId: string }
  | { kind: 'link'; userId: string; email: string }
  | { kind: 'create'; email: string }
  | { kind: 'refuse'; message: string };

/**
 * An account linked before signs in as its user. Otherwise the provider's address must be one it marks verified:
 * then it links to the Midway account with that address, or makes a new (verified) one. An unverified or missing
 * address never links (whoever controls a provider account could otherwise claim anyone's address) nor creates.
 */
export function decideLink(account: ProviderAccount, linkedUserId: string | null, userIdByEmail: string | null, providerLabel: string): LinkDecision {
  if (linkedUserId) return { kind: 'linked', userId: linkedUserId };
  if (!account.email) return { kind: 'refuse', message: `${providerLabel} did not share your e-mail address with Midway. Allow it when ${providerLabel} asks, or sign in with your e-mail and password.` };
  if (!account.emailVerified) {
    return { kind: 'refuse', message: `${providerLabel} has not verified the address ${account.email}. Verify it with ${providerLabel} first, or sign in with your e-mail and password.` };
  }
  if (userIdByEmail) return { kind: 'link', userId: userIdByEmail, email: account.email };
  return { kind: 'create', email: account.email };
}
