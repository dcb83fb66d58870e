import { createHash, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { HttpError, notFound } from '@midway/service-kit';
import type { UnitOfWork } from '../data/unit-of-work';
import { EmailTakenError, type UserRecord } from '../data/user.repository';
import type { OidcChecks, OidcProviders, ProviderProfile } from '../oidc/oidc-providers.client';
import type { SessionMeta } from './auth.service';
import { markEmailVerified } from './email-verification.service';
import { decideLink } from './oidc-account-link';
import type { SignInOutcome, SignInService } from './sign-in.service';
import { userEvents } from './user-events';

/** A sign-in started at a provider must come back within this. */
export const OIDC_LOGIN_TTL_MS = 10 * 60_000;

const random = () => randomBytes(32).toString('base64url');
const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
const sameText = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

const startAgain = (message: string) => new HttpError(400, 'oidc_sign_in_failed', `${message} Start again from the sign-in page.`);

/**
 * Sign-in through an OpenID Connect provider. `start` keeps the state's hash, the nonce and the PKCE verifier
 * server-side (the browser holds the state in a cookie); `finish` takes them once, so a callback that did not
 * start in this browser, or comes a second time, is refused before any code is exchanged.
 */
export class OidcSignInService {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly providers: OidcProviders,
    private readonly signIn: Pick<SignInService, 'afterFirstFactor'>,
    private readonly publicUrl: string,
  ) {}

  /** The buttons the sign-in pages show: none without configuration. */
  buttons(): { id: string; label: string }[] {
    return this.providers.list.map((p) => ({ id: p.id, label: p.label }));
  }

  private providerOf(id: string) {
    const p = this.providers.find(id);
    if (!p) throw notFound('There is no such sign-in provider. Sign in with your e-mail and password.');
    return p;
  }

  private redirectUri = (id: string) => new URL(`/api/login/oidc/${id}/callback`, this.publicUrl).toString();

  async start(providerId: string, returnTo: string): Promise<{ url: URL; state: string }> {
    const p = this.providerOf(providerId);
    const checks: OidcChecks = { state: random(), nonce: random(), codeVerifier: random() };
    let url: URL;
    try {
      url = await this.providers.authorizationUrl(p, this.redirectUri(p.id), checks);
    } catch {
      throw new HttpError(503, 'provider_unreachable', `${p.label} cannot be reached right now. Try again in a minute, or sign in with your e-mail and password.`);
    }
    const { state, ...rest } = checks;
    await this.uow.run((r) => r.oidc.startLogin({ ...rest, stateHash: sha256(state), provider: p.id, returnTo, expiresAt: new Date(Date.now() + OIDC_LOGIN_TTL_MS) }));
    return { url, state };
  }

  /** `callbackUrl`: the callback as the browser reached it (the redirect URI and its query); `browserState`: the cookie's. */
  async finish(providerId: string, callbackUrl: URL, browserState: string | undefined, meta: SessionMeta): Promise<SignInOutcome> {
    const p = this.providerOf(providerId);
    const q = callbackUrl.searchParams;
    if (q.get('error')) throw new HttpError(400, 'oidc_refused', `${p.label} did not sign you in (${q.get('error')!.slice(0, 60)}). Start again from the sign-in page, or sign in with your e-mail and password.`);
    const state = q.get('state');
    if (!state || !browserState || !sameText(state, browserState)) throw startAgain('This sign-in did not start in this browser, or it was already used.');
    const login = await this.uow.run((r) => r.oidc.consumeLogin(sha256(state)));
    if (!login || login.provider !== p.id) throw startAgain('This sign-in was already used or has expired.');
    let profile: ProviderProfile;
    try {
      profile = await this.providers.exchange(p, callbackUrl, { state, nonce: login.nonce, codeVerifier: login.codeVerifier });
    } catch {
      throw startAgain(`${p.label}'s answer could not be verified or has expired.`);
    }
    const user = await this.userFor(p.id, p.label, profile);
    return this.signIn.afterFirstFactor(user, meta, login.returnTo);
  }

  private async userFor(provider: string, label: string, profile: ProviderProfile, attempt = 0): Promise<UserRecord> {
    const read = this.uow.read;
    const [linked, byEmail] = await Promise.all([read.oidc.linkedUserId(provider, profile.subject), profile.email ? read.users.findByEmail(profile.email) : null]);
    const decision = decideLink(profile, linked, byEmail?.id ?? null, label);
    switch (decision.kind) {
      case 'refuse':
        throw new HttpError(403, 'email_not_verified', decision.message);
      case 'linked': {
        const user = await read.users.findById(decision.userId);
        if (!user) throw startAgain('This account no longer exists.');
        return user;
      }
      case 'link':
        // The provider vouches for the address: the same proof as the e-mailed link.
        return this.uow.run(async (r) => {
          await r.oidc.link({ provider, subject: profile.subject, userId: decision.userId, email: decision.email });
          return (await markEmailVerified(r, decision.userId)) ?? (await r.users.findById(decision.userId))!;
        });
      case 'create':
        try {
          return await this.uow.run(async (r) => {
            const now = new Date();
            const fields = { id: randomUUID(), email: decision.email, firstName: profile.firstName, lastName: profile.lastName, systemRole: 'designer' as const };
            const user = await r.users.create({ ...fields, passwordHash: null, emailVerifiedAt: now });
            await r.outbox.add(userEvents.created({ ...fields, emailVerified: true }, now));
            await r.oidc.link({ provider, subject: profile.subject, userId: user.id, email: decision.email });
            return user;
          });
        } catch (err) {
          // A parallel sign-in made the account first: link to it instead.
          if (err instanceof EmailTakenError && attempt === 0) return this.userFor(provider, label, profile, 1);
          throw err;
        }
    }
  }
}
