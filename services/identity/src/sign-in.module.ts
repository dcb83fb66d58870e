import type { Router } from 'express';
import type { Housekeeping } from '@midway/service-kit';
import { oidcProvidersOf, type IdentityConfig } from './config';
import type { UnitOfWork } from './data/unit-of-work';
import type { AuthService } from './domain/auth.service';
import { OidcSignInService } from './domain/oidc-sign-in.service';
import { SecondFactorService } from './domain/second-factor.service';
import { SignInService } from './domain/sign-in.service';
import { OidcProviders } from './oidc/oidc-providers.client';
import type { SignInWiring } from './routes/auth.routes';
import { oidcRoutes } from './routes/oidc.routes';
import type { RateLimitCounters } from './routes/rate-limits';
import { secondFactorRoutes } from './routes/second-factor.routes';

/**
 * Wiring of the ways in beyond the password (kept out of the composition root's 80 lines): the second step and
 * enrolment of an authenticator app, and the configured OpenID Connect providers (without any, their routes 404).
 */
export function signInModule(o: { config: IdentityConfig; uow: UnitOfWork; auth: AuthService; keys: { privateKey: string; publicKey: string }; counters: RateLimitCounters; housekeeping: Housekeeping }): { wiring: SignInWiring; routers: Router[] } {
  const signIn = new SignInService(o.uow, o.auth, o.keys);
  const oidc = new OidcSignInService(o.uow, new OidcProviders(oidcProvidersOf(o.config)), signIn, o.config.PUBLIC_URL);
  o.housekeeping.add('expired provider sign-ins', 60 * 60_000, () => o.uow.run((r) => r.oidc.deleteExpiredLogins()));
  const limits = { perMinute: o.config.RATE_LIMIT_SECOND_FACTOR_PER_MINUTE, counters: o.counters };
  return {
    wiring: { service: signIn, providers: () => oidc.buttons() },
    routers: [secondFactorRoutes(signIn, new SecondFactorService(o.uow, o.auth), limits), oidcRoutes(oidc, o.config.PUBLIC_URL)],
  };
}
