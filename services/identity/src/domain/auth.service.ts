import { randomUUID } from 'node:crypto';
import { isAdmin, type CurrentUser, type LoginBody, type RegisterBody, type SystemRole } from '@midway/contracts';
import { conflict, SESSION_TTL_SECONDS, signSessionToken, unauthorized, verifySessionToken } from '@midway/service-kit';
import { EmailTakenError, type UserRecord } from '../data/user.repository';
import type { UnitOfWork } from '../data/unit-of-work';
import { hashPassword, timingDummyHash, verifyPassword } from './password';
import { signedInUser } from './session-access';
import { sessionRevokedEvent } from './session-events';
import { userEvents } from './user-events';
import { secondFactorState, type AdminSecondFactorPolicy } from './admin-second-factor';
import { markEmailVerified, type EmailVerificationService } from './email-verification.service';

export interface SessionMeta {
  ip?: string;
  userAgent?: string;
}

export interface SignedIn {
  user: CurrentUser;
  token: string;
  expiresAt: Date;
}

export const toCurrentUser = (u: UserRecord): CurrentUser => ({
  id: u.id,
  email: u.email,
  firstName: u.firstName,
  lastName: u.lastName,
  company: u.company,
  phone: u.phone,
  systemRole: u.systemRole,
  emailVerified: u.emailVerifiedAt !== null,
});

export class AuthService {
  constructor(
    /** Writes go through the unit of work, so each change commits with its event. */
    private readonly uow: UnitOfWork,
    private readonly keys: { privateKey: string; publicKey: string },
    /** E-mails a new person the link that verifies their address. */
    private readonly verification?: Pick<EmailVerificationService, 'sendFirst'>,
    /** `required`: an admin's session without a second factor reaches only its enrolment (ADMIN_2FA). */
    private readonly secondFactorPolicy: AdminSecondFactorPolicy = 'optional',
  ) {}

  /**
   * Sign-up always makes a designer (admins come from the CLI or the seed) and signs them in at once; their
   * address stays unverified until they open the link e-mailed to it.
   */
  async register(body: RegisterBody, meta: SessionMeta): Promise<SignedIn> {
    const user = await this.createUser({ ...body, systemRole: 'designer' });
    await this.verification?.sendFirst(user);
    return this.openSession(user, meta);
  }

  /** `emailVerified`: the address is known to be the user's already (an admin made by the CLI or the seed). */
  async createUser(input: { email: string; password: string; firstName: string | null; lastName: string | null; systemRole: SystemRole; emailVerified?: boolean }) {
    const id = randomUUID();
    const now = new Date();
    const fields = { id, email: input.email.toLowerCase(), firstName: input.firstName, lastName: input.lastName, systemRole: input.systemRole };
    const emailVerifiedAt = input.emailVerified ? now : null;
    try {
      const passwordHash = await hashPassword(input.password);
      return await this.uow.run(async (r) => {
        const user = await r.users.create({ ...fields, passwordHash, emailVerifiedAt });
        await r.outbox.add(userEvents.created({ ...fields, emailVerified: emailVerifiedAt !== null }, now));
        return user;
      });
    } catch (err) {
      if (err instanceof EmailTakenError) throw conflict('An account with this e-mail already exists. Sign in instead.');
      throw err;
    }
  }

  /** Creates an admin, or promotes and re-passwords an existing account with that e-mail. */
  async ensureAdmin(email: string, password: string, again = true): Promise<{ user: UserRecord; created: boolean }> {
    const existing = await this.uow.read.users.findByEmail(email);
    if (!existing) {
      try {
        const user = await this.createUser({ email, password, firstName: null, lastName: null, systemRole: 'midway_admin', emailVerified: true });
        return { user, created: true };
      } catch (err) {
        // Two replicas starting together both seed the admin: the one that lost the race finds the account made.
        if (again && (err as { status?: number }).status === 409) return this.ensureAdmin(email, password, false);
        throw err;
      }
    }
    const passwordOk = existing.passwordHash ? await verifyPassword(existing.passwordHash, password) : false;
    // Whoever runs the CLI or sets the seed's address vouches for it: an admin's address counts as verified.
    if (isAdmin(existing) && passwordOk) {
      const verified = await this.uow.run((r) => markEmailVerified(r, existing.id));
      return { user: verified ?? existing, created: false };
    }
    const passwordHash = await hashPassword(password);
    const user = await this.uow.run(async (r) => {
      const u = await r.users.update(existing.id, { systemRole: 'midway_admin', passwordHash });
      const verified = await markEmailVerified(r, existing.id);
      if (!verified) await r.outbox.add(userEvents.updated(u));
      return verified ?? u;
    });
    return { user, created: false };
  }

  /** The sign-in's first step: the account whose password this is. SignInService decides what comes next. */
  async checkPassword(body: LoginBody): Promise<UserRecord> {
    const user = await this.uow.read.users.findByEmail(body.email);
    const ok = user?.passwordHash ? await verifyPassword(user.passwordHash, body.password) : await verifyPassword(await timingDummyHash(), body.password);
    if (!user || !ok) throw unauthorized('Incorrect e-mail or password.');
    return user;
  }

  /** Revokes the session the token names. Unknown, invalid or already revoked tokens are a no-op. */
  async logout(token: string | undefined): Promise<void> {
    const claims = token ? verifySessionToken(token, this.keys.publicKey) : null;
    if (!claims) return;
    await this.uow.run(async (r) => {
      const s = await r.sessions.revoke(claims.sid);
      if (!s) return;
      await r.outbox.add(sessionRevokedEvent(s));
    });
  }

  async currentUser(userId: string, sessionId: string): Promise<CurrentUser> {
    // One round trip: the app's state is read beside the session check (the gateway's signed-in frame waits on this).
    const [user, hasApp] = await Promise.all([signedInUser(this.uow.read, { userId, sessionId }), this.uow.read.totp.isOn(userId)]);
    return { ...toCurrentUser(user), secondFactor: secondFactorState(user, hasApp, this.secondFactorPolicy) };
  }

  private async secondFactorOf(user: UserRecord) {
    return secondFactorState(user, await this.uow.read.totp.isOn(user.id), this.secondFactorPolicy);
  }

  /** A new session. Only SignInService calls this for a sign-in, after the second step when the account has one. */
  async openSession(user: UserRecord, meta: SessionMeta): Promise<SignedIn> {
    const sid = randomUUID();
    const expiresAt = new Date(Date.now() + SESSION_TTL_SECONDS * 1000);
    const secondFactor = await this.secondFactorOf(user);
    await this.uow.run((r) => r.sessions.create({ sid, userId: user.id, expire: expiresAt, meta }));
    const token = signSessionToken({ sid, userId: user.id, email: user.email, role: user.systemRole, mustEnrolSecondFactor: secondFactor === 'enrol' }, this.keys.privateKey);
    return { user: { ...toCurrentUser(user), secondFactor }, token, expiresAt };
  }

  /** The caller's session signed again as the user stands now (after enrolling a second factor), to its same expiry. */
  async reissue(caller: { userId: string; sessionId: string }): Promise<SignedIn> {
    const user = await signedInUser(this.uow.read, caller);
    const session = (await this.uow.read.sessions.find(caller.sessionId))!;
    const secondFactor = await this.secondFactorOf(user);
    const ttl = Math.max(1, Math.floor((session.expire.getTime() - Date.now()) / 1000));
    const token = signSessionToken({ sid: session.sid, userId: user.id, email: user.email, role: user.systemRole, mustEnrolSecondFactor: secondFactor === 'enrol' }, this.keys.privateKey, ttl);
    return { user: { ...toCurrentUser(user), secondFactor }, token, expiresAt: session.expire };
  }
}
