import { createHash, randomBytes } from 'node:crypto';
import { forbidden, HttpError, noCatchUp, notFound, type Caller, type CatchUp } from '@midway/service-kit';
import {
  canOnProject,
  INVITATION_TTL_DAYS,
  isUuid,
  type AcceptInvitationBody,
  type AddMemberBody,
  type Invitation,
  type InvitationAccepted,
  type InvitationLink,
  type InvitationSent,
  type ProjectMember,
} from '@midway/contracts';
import type { InvitationRow } from '../data/invitation.repository';
import type { UnitOfWork } from '../data/unit-of-work';
import { activityText } from './activity-text';
import { mayAnswerInvitation } from './invitation-acceptance';
import { projectFor } from './project-access';
import { projectEvents } from './project-events';

/** What an invitation e-mail says; it is sent after the answer (see InvitationMailer). */
export interface InvitationLetter {
  to: string;
  link: string;
  projectName: string;
  invitedBy: string;
  role: AddMemberBody['role'] & string;
  expiresAt: Date;
}
export interface InvitationSender {
  send(letter: InvitationLetter): void;
}

/** The one answer to an invitation: it says nothing about whether the address has an account or was invited. */
export const INVITATION_SENT: InvitationSent = {
  message: `If they are not on the project yet, they get an e-mail with a link to join, valid for ${INVITATION_TTL_DAYS} days.`,
};
const NOT_FOUND = 'Invitation not found. It may have been answered or revoked.';
const EXPIRED = 'This invitation has expired. Ask the project owner to invite you again.';
export const OPEN_THE_LINK =
  'To join, open the link in the invitation e-mail (it proves the address is yours), or verify your address first with the link we e-mailed you when you signed up.';

/** 32 bytes from the CSPRNG, base64url: the link's credential. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;
const sha256 = (token: string) => createHash('sha256').update(token).digest('hex');

const asInvitation = (i: InvitationRow): Invitation => ({ id: i.id, projectId: i.projectId, projectName: i.projectName, invitedBy: i.invitedBy, role: i.role, expiresAt: i.expiresAt.toISOString() });

/**
 * Who is on a project, and how people join it: by an invitation the owner sends to an e-mail address and
 * the invitee accepts, never silently. An invitation is answered through its e-mailed link, or by the signed-in
 * user whose verified e-mail is the invitation's (see invitation-acceptance.ts); to anyone else it does not exist (404).
 */
export class MemberService {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly mail: InvitationSender,
    /** Where the link points: the configured public address, never the request's Host (anyone can set that). */
    private readonly publicUrl: string,
    /** Asks identity about a caller whose verification has not reached catalog's users yet. */
    private readonly catchUp: CatchUp = noCatchUp,
  ) {}

  /** The owner, the members with their names, and — to those who manage members — the invitations not yet answered. */
  async list(caller: Caller, projectId: string): Promise<ProjectMember[]> {
    const r = this.uow.read;
    const project = await projectFor(r, caller, projectId, 'read');
    // The invited addresses are the owner's business: a member or viewer sees who is on the project, not who may join.
    const [members, invited] = await Promise.all([r.members.list(project), canOnProject(project.access, 'manageMembers') ? r.invitations.listForProject(project.id) : []]);
    return [...members, ...invited];
  }

  /**
   * Owner or admin only. The same answer, in the same time, whether or not an account uses the address and
   * whether or not it is already invited or on the project; the e-mail goes out after the answer.
   */
  async invite(caller: Caller, projectId: string, body: AddMemberBody, now = new Date()): Promise<InvitationSent> {
    const token = randomBytes(32).toString('base64url');
    const expiresAt = new Date(now.getTime() + INVITATION_TTL_DAYS * 86_400_000);
    const role = body.role ?? 'member';
    const letter = await this.uow.run(async (r) => {
      const project = await projectFor(r, caller, projectId, 'manageMembers', { lock: true });
      const created = await r.invitations.invite({ projectId: project.id, email: body.email, role, tokenHash: sha256(token), invitedBy: caller.userId, expiresAt });
      if (!created) return null;
      const inviter = await r.users.findById(caller.userId);
      const invitedBy = [inviter?.firstName, inviter?.lastName].filter(Boolean).join(' ') || inviter?.email || caller.email;
      return { to: body.email, link: `${this.publicUrl.replace(/\/$/, '')}/invitations/${token}`, projectName: project.name, invitedBy, role, expiresAt };
    });
    if (letter) this.mail.send(letter);
    return INVITATION_SENT;
  }

  /** The caller's invitations still open; none until their address is verified (anyone may register an address). */
  async mine(caller: Caller): Promise<Invitation[]> {
    if (!(await this.addressVerified(caller))) return [];
    return (await this.uow.read.invitations.pendingFor(caller.email.toLowerCase())).map(asInvitation);
  }

  /** What the e-mailed link is for: the token is the credential (the page shows it before sign-in). */
  async link(token: string, now = new Date()): Promise<InvitationLink> {
    const i = TOKEN_SHAPE.test(token) ? await this.uow.read.invitations.byTokenHash(sha256(token)) : null;
    if (!i) throw notFound(NOT_FOUND);
    if (i.expiresAt <= now) throw new HttpError(410, 'invitation_expired', EXPIRED);
    return { ...asInvitation(i), email: i.email };
  }

  /**
   * Joins the project, with the invitation's role, and publishes the membership as adding a member always
   * has (catalog.project.member-added.v1): every service's read model lets the new member in from there.
   */
  async accept(caller: Caller, id: string, proof: AcceptInvitationBody = {}, now = new Date()): Promise<InvitationAccepted> {
    const emailVerified = proof.token === undefined && (await this.addressVerified(caller));
    return this.uow.run(async (r) => {
      const i = await this.answerable(r.invitations, caller, id, { token: proof.token, emailVerified }, now);
      await r.invitations.delete(i.id);
      // The owner invited at their own address has nothing to join.
      if (caller.userId === i.ownerId) return { projectId: i.projectId, role: i.role };
      if (await r.members.add(i.projectId, caller.userId, i.role, i.inviterId)) {
        const project = (await r.projects.findAccessible(caller, i.projectId))!;
        const user = await r.users.findById(caller.userId);
        const who = [user?.firstName, user?.lastName].filter(Boolean).join(' ') || caller.email;
        await r.activities.add({ projectId: i.projectId, itemId: null, type: 'project_shared', description: activityText.memberAdded(who), metadata: { userId: caller.userId } });
        await r.outbox.add(projectEvents.memberAdded(project, caller.userId, i.role, i.inviterId));
      }
      return { projectId: i.projectId, role: i.role };
    });
  }

  /** Says no: the invitation is gone. The same proof as accepting: whoever merely registered the address cannot refuse for its owner. */
  async decline(caller: Caller, id: string, proof: AcceptInvitationBody = {}, now = new Date()): Promise<void> {
    const emailVerified = proof.token === undefined && (await this.addressVerified(caller));
    await this.uow.run(async (r) => {
      const i = await this.answerable(r.invitations, caller, id, { token: proof.token, emailVerified }, now);
      await r.invitations.delete(i.id);
    });
  }

  /**
   * Removes a member, or revokes a pending invitation (its id in the member's place). Only the owner or an
   * admin removes others; a member or viewer may leave on their own.
   */
  remove(caller: Caller, projectId: string, id: string): Promise<void> {
    return this.uow.run(async (r) => {
      const project = await projectFor(r, caller, projectId, id === caller.userId ? 'read' : 'manageMembers', { lock: true });
      const removed = isUuid(id) ? await r.members.remove(projectId, id) : null;
      if (removed) return void (await r.outbox.add(projectEvents.memberRemoved(project, id, removed.role, caller.userId)));
      if (isUuid(id) && id !== caller.userId && (await r.invitations.revoke(projectId, id))) return;
      throw notFound('That designer is not a member of this project.');
    });
  }

  /** The invitation, locked, if the caller may answer it (invitation-acceptance.ts); 404, 410 or 403 otherwise. */
  private async answerable(invitations: UnitOfWork['read']['invitations'], caller: Caller, id: string, proof: { token?: string; emailVerified: boolean }, now: Date): Promise<InvitationRow> {
    const i = isUuid(id) ? await invitations.lock(id) : null;
    const tokenHash = proof.token === undefined ? undefined : sha256(proof.token);
    const answer = i ? mayAnswerInvitation(i, { email: caller.email, emailVerified: proof.emailVerified }, tokenHash, now) : 'not-found';
    if (answer === 'not-found') throw notFound(NOT_FOUND);
    if (answer === 'expired') throw new HttpError(410, 'invitation_expired', EXPIRED);
    if (answer === 'open-the-link') throw forbidden(OPEN_THE_LINK);
    return i!;
  }

  /**
   * Whether identity says the caller's address is verified. Catalog's users hear it by event; a caller who
   * verified a moment ago may be ahead of it, so before saying no, identity is asked (its answer is applied as
   * the event would be).
   */
  private async addressVerified(caller: Caller): Promise<boolean> {
    if ((await this.uow.read.users.findById(caller.userId))?.emailVerified) return true;
    if (!(await this.catchUp.learn('identity.user', caller.userId))) return false;
    return (await this.uow.read.users.findById(caller.userId))?.emailVerified === true;
  }
}
