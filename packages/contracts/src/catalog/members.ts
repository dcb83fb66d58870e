import { z } from 'zod';
import { MEMBER_ROLES } from '../vocab';

/** An invitation's link works for this long. */
export const INVITATION_TTL_DAYS = 7;

/** POST /api/projects/{id}/members: invites the address (the answer never says whether it has an account). */
export const addMemberBodySchema = z.object({
  email: z.string({ error: 'email is required' }).trim().toLowerCase().max(254, { error: 'email must be at most 254 characters' }).pipe(z.email({ error: 'email must be a valid e-mail address' })),
  // Left out, the invitee becomes a member; an empty or unknown role is a mistake to say, not a member to make.
  role: z.enum(MEMBER_ROLES, { error: `role must be one of ${MEMBER_ROLES.join(', ')} (or left out for member)` }).optional(),
});
export type AddMemberBody = z.infer<typeof addMemberBodySchema>;

/** The one answer to an invitation, whoever the address belongs to. */
export const invitationSentSchema = z.object({ message: z.string() });
export type InvitationSent = z.infer<typeof invitationSentSchema>;

/** Someone on the project: its owner, or a member who accepted an invitation. */
export const memberSchema = z.object({
  status: z.literal('active'),
  userId: z.uuid(),
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  role: z.enum(['owner', ...MEMBER_ROLES]),
  joinedAt: z.string(),
});
export type Member = z.infer<typeof memberSchema>;

/** An invitation not yet answered; DELETE /api/projects/{id}/members/{id} revokes it. */
export const invitedMemberSchema = z.object({
  status: z.literal('invited'),
  id: z.uuid(),
  email: z.string(),
  role: z.enum(MEMBER_ROLES),
  expiresAt: z.string(),
});
export type InvitedMember = z.infer<typeof invitedMemberSchema>;

/** GET /api/projects/{id}/members: the owner first, then members as they joined, then pending invitations. */
export const projectMemberSchema = z.discriminatedUnion('status', [memberSchema, invitedMemberSchema]);
export type ProjectMember = z.infer<typeof projectMemberSchema>;

/** GET /api/invitations: the caller's pending invitations (matched on the caller's e-mail). */
export const invitationSchema = z.object({
  id: z.uuid(),
  projectId: z.uuid(),
  projectName: z.string(),
  /** The inviter's name (or e-mail when they gave no name). */
  invitedBy: z.string(),
  role: z.enum(MEMBER_ROLES),
  expiresAt: z.string(),
});
export type Invitation = z.infer<typeof invitationSchema>;

/** GET /api/invitations/link/{token}: what the e-mailed link's page shows before the invitee signs in. */
export const invitationLinkSchema = invitationSchema.extend({ email: z.string() });
export type InvitationLink = z.infer<typeof invitationLinkSchema>;

/**
 * POST /api/invitations/{id}/accept (optional body): the token of the e-mailed link, which proves the mailbox and
 * lets the signed-in caller accept whatever their own address; without it the caller's address must be the
 * invitation's and verified.
 */
export const acceptInvitationBodySchema = z.object({
  token: z.string({ error: 'token must be text' }).max(200, { error: 'token is not valid' }).optional(),
});
export type AcceptInvitationBody = z.infer<typeof acceptInvitationBodySchema>;

/** POST /api/invitations/{id}/accept: the project the caller now belongs to. */
export const invitationAcceptedSchema = z.object({ projectId: z.uuid(), role: z.enum(MEMBER_ROLES) });
export type InvitationAccepted = z.infer<typeof invitationAcceptedSchema>;
