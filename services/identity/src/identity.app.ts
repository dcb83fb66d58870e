import path from 'node:path';
import type { Logger } from 'pino';
import { answerOwnerQueries, startServiceRuntime } from '@midway/service-kit';
import type { IdentityConfig } from './config';
import { createDb, SCHEMA } from './data/prisma-client';
import { UnitOfWork } from './data/unit-of-work';
import { ContactRepository } from './data/contact.repository';
import { SharedRateLimitStore } from './data/rate-limit.store';
import { AuthService } from './domain/auth.service';
import { ContactService } from './domain/contact.service';
import { ContactMailer } from './mail/contact-mailer';
import { authRoutes } from './routes/auth.routes';
import { passwordRoutes } from './routes/password.routes';
import { PasswordService } from './domain/password.service';
import { PasswordResetMailer } from './mail/password-reset.mailer';
import { contactRoutes } from './routes/contact.routes';
import { ProfileService } from './domain/profile.service';
import { profileRoutes } from './routes/profile.routes';
import { userFactsOf } from './domain/user-events';
import { signInModule } from './sign-in.module';
import { EmailVerificationService } from './domain/email-verification.service';
import { EmailVerificationMailer } from './mail/email-verification.mailer';
import { emailVerificationRoutes } from './routes/email-verification.routes';

export const PRISMA_DIR = path.resolve(__dirname, '..', 'prisma');

/** Composition root of the identity service: wires data, domain, mail, events and routes, then listens. */
export async function startIdentity(config: IdentityConfig, logger: Logger, port = config.IDENTITY_PORT) {
  const rt = await startServiceRuntime({
    name: SCHEMA,
    config,
    prismaDir: PRISMA_DIR,
    logger,
    createDb,
  });
  const contacts = new ContactRepository(rt.db);
  const mailer = new ContactMailer(config.SMTP_URL, { to: config.CONTACT_TO, from: config.MAIL_FROM, repo: contacts, logger });
  rt.onStop(() => mailer.stop());
  const keys = { privateKey: config.SESSION_PRIVATE_KEY, publicKey: config.SESSION_PUBLIC_KEY };
  const uow = new UnitOfWork(rt.db, () => rt.relay.nudge());
  // A session past its expiry can never be used again; nothing needs it after that.
  rt.housekeeping.add('expired sessions', 10 * 60_000, () => uow.run((r) => r.sessions.deleteExpired()));
  const verifyMailer = new EmailVerificationMailer(config.SMTP_URL, { from: config.MAIL_FROM, logger });
  rt.onStop(() => verifyMailer.stop());
  const verification = new EmailVerificationService(uow, verifyMailer, config.PUBLIC_URL);
  rt.housekeeping.add('expired verification links', 60 * 60_000, () => uow.run((r) => r.emailVerifications.deleteExpired()));
  const auth = new AuthService(uow, keys, verification, config.ADMIN_2FA);
  const resetMailer = new PasswordResetMailer(config.SMTP_URL, { from: config.MAIL_FROM, logger });
  rt.onStop(() => resetMailer.stop());
  const passwords = new PasswordService(uow, resetMailer, config.PUBLIC_URL);
  rt.housekeeping.add('expired password reset links', 60 * 60_000, () => uow.run((r) => r.passwordResets.deleteExpired()));
  const contact = new ContactService(contacts, () => mailer.nudge());

  if (config.ADMIN_EMAIL && config.ADMIN_PASSWORD) {
    const { created } = await auth.ensureAdmin(config.ADMIN_EMAIL, config.ADMIN_PASSWORD);
    logger.info({ email: config.ADMIN_EMAIL, created }, 'admin account ready');
  }

  // Rate-limit counts live in the database, so a limit holds across every identity replica.
  const counters = () => new SharedRateLimitStore(uow);
  rt.housekeeping.add('ended rate-limit windows', 10 * 60_000, () => uow.run((r) => r.rateLimits.deleteExpired()));
  const signIn = signInModule({ config, uow, auth, keys, counters, housekeeping: rt.housekeeping });
  rt.app.use(authRoutes(auth, { authPerMinute: config.RATE_LIMIT_AUTH_PER_MINUTE, counters }, signIn.wiring), ...signIn.routers);
  rt.app.use(emailVerificationRoutes(verification, { authPerMinute: config.RATE_LIMIT_AUTH_PER_MINUTE, counters }));
  rt.app.use(passwordRoutes(passwords, { authPerMinute: config.RATE_LIMIT_AUTH_PER_MINUTE, counters }));
  rt.app.use(profileRoutes(new ProfileService(uow)));
  rt.app.use(contactRoutes(contact, { contactPerMinute: config.RATE_LIMIT_CONTACT_PER_MINUTE, counters }));

  // A service addressing a project's e-mail asks about a user whose facts it never received.
  rt.onStop(answerOwnerQueries(rt.bus, logger, { 'identity.user': (id) => userFactsOf(uow.read.users, id) }).stop);

  mailer.start();
  const running = await rt.listen(port, config.HOST);
  return { ...running, db: rt.db, relay: rt.relay, housekeeping: rt.housekeeping, mailer, auth };
}
