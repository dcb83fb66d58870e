import { UnitOfWork as KitUnitOfWork, type Outbox } from '@midway/service-kit';
import { SessionRepository } from './session.repository';
import { UserRepository } from './user.repository';
import { PasswordResetRepository } from './password-reset.repository';
import { RateLimitRepository } from './rate-limit.repository';
import { EmailVerificationRepository } from './email-verification.repository';
import { OidcRepository } from './oidc.repository';
import { TotpRepository } from './totp.repository';
import { SCHEMA, type Client, type Db, type Tx } from './prisma-client';

export interface Repos {
  users: UserRepository;
  sessions: SessionRepository;
  passwordResets: PasswordResetRepository;
  rateLimits: RateLimitRepository;
  emailVerifications: EmailVerificationRepository;
  oidc: OidcRepository;
  totp: TotpRepository;
  /** Events written with the change, published by the relay after commit. */
  outbox: Outbox;
}

/** Identity's repositories bound to the kit's unit of work: a change and its events commit together. */
export class UnitOfWork extends KitUnitOfWork<Tx, Omit<Repos, 'outbox'>> {
  constructor(db: Db, afterCommit: () => void = () => undefined) {
    super({
      db,
      schema: SCHEMA,
      repos: (client) => ({
        users: new UserRepository(client as Client),
        sessions: new SessionRepository(client as Client),
        passwordResets: new PasswordResetRepository(client as Client),
        rateLimits: new RateLimitRepository(client as Client),
        emailVerifications: new EmailVerificationRepository(client as Client),
        oidc: new OidcRepository(client as Client),
        totp: new TotpRepository(client as Client),
      }),
      afterCommit,
    });
  }
}
