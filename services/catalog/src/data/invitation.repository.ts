import type { InvitedMember, MemberRole } from '@midway/contracts';
import { Prisma, type Client } from './prisma-client';

/** A pending invitation as the invitee and the link's page see it. */
export interface InvitationRow {
  id: string;
  projectId: string;
  projectName: string;
  ownerId: string;
  email: string;
  role: MemberRole;
  /** The inviter's name, and their id. */
  invitedBy: string;
  inviterId: string;
  expiresAt: Date;
  /** The SHA-256 of the e-mailed link's token (whoever holds the link may answer). */
  tokenHash: string;
}

interface RawInvitation {
  id: string;
  project_id: string;
  project_name: string;
  owner_id: string;
  email: string;
  role: MemberRole;
  expires_at: Date;
  token_hash: string;
  invited_by: string;
  inviter_first: string | null;
  inviter_last: string | null;
  inviter_email: string | null;
}

const toRow = (r: RawInvitation): InvitationRow => ({
  id: r.id,
  projectId: r.project_id,
  projectName: r.project_name,
  ownerId: r.owner_id,
  email: r.email,
  role: r.role,
  // The inviter's name as catalog's users read model knows it; their e-mail when they gave none.
  invitedBy: [r.inviter_first, r.inviter_last].filter(Boolean).join(' ') || r.inviter_email || 'A Midway designer',
  inviterId: r.invited_by,
  expiresAt: r.expires_at,
  tokenHash: r.token_hash,
});

/** Pending invitations to projects: one row per address and project, deleted once answered or revoked. */
export class InvitationRepository {
  constructor(private readonly db: Client) {}

  /**
   * Invites `email` unless it is already the owner's or a member's, in one statement whatever the case, so
   * the call takes the same time for every address. A pending invitation is kept as it is (eight invitations
   * at once are one, and one e-mail); an expired one is renewed with the new token. Answers whether a link
   * with this token now exists (and so must be e-mailed).
   */
  async invite(i: { projectId: string; email: string; role: MemberRole; tokenHash: string; invitedBy: string; expiresAt: Date }): Promise<boolean> {
    const rows = await this.db.$queryRaw<{ id: string }[]>`
      INSERT INTO project_invitations (id, project_id, email, role, token_hash, invited_by, expires_at)
      SELECT gen_random_uuid(), ${i.projectId}::uuid, ${i.email}, ${i.role}, ${i.tokenHash}, ${i.invitedBy}::uuid, ${i.expiresAt}
      WHERE NOT EXISTS (
        SELECT 1 FROM users u
        WHERE u.email = ${i.email}
          AND (u.id = (SELECT created_by_id FROM projects WHERE id = ${i.projectId}::uuid)
               OR EXISTS (SELECT 1 FROM project_memberships m WHERE m.project_id = ${i.projectId}::uuid AND m.user_id = u.id))
      )
      ON CONFLICT (project_id, email) DO UPDATE
        SET role = EXCLUDED.role, token_hash = EXCLUDED.token_hash, invited_by = EXCLUDED.invited_by, created_at = now(), expires_at = EXCLUDED.expires_at
        WHERE project_invitations.expires_at <= now()
      RETURNING id`;
    return rows.length === 1;
  }

  private async select(where: Prisma.Sql, opts: { lock?: boolean; pendingOnly?: boolean } = {}): Promise<InvitationRow[]> {
    const rows = await this.db.$queryRaw<RawInvitation[]>`
      SELECT i.id, i.project_id, p.name AS project_name, p.created_by_id AS owner_id, i.email, i.role, i.expires_at, i.token_hash, i.invited_by,
             u.first_name AS inviter_first, u.last_name AS inviter_last, u.email AS inviter_email
        FROM project_invitations i
        JOIN projects p ON p.id = i.project_id
        LEFT JOIN users u ON u.id = i.invited_by
       WHERE ${where} ${opts.pendingOnly ? Prisma.sql`AND i.expires_at > now()` : Prisma.empty}
       ORDER BY i.created_at DESC
       ${opts.lock ? Prisma.sql`FOR UPDATE OF i` : Prisma.empty}`;
    return rows.map(toRow);
  }

  /** The caller's invitations still open (matched on their e-mail, lower case). */
  pendingFor(email: string): Promise<InvitationRow[]> {
    return this.select(Prisma.sql`i.email = ${email}`, { pendingOnly: true });
  }

  /** The invitation an e-mailed link is for (expired ones too: the page says so). */
  async byTokenHash(tokenHash: string): Promise<InvitationRow | null> {
    return (await this.select(Prisma.sql`i.token_hash = ${tokenHash}`))[0] ?? null;
  }

  /** The invitation, held until the transaction ends (an accept and a revoke at once: one of them wins). */
  async lock(id: string): Promise<InvitationRow | null> {
    return (await this.select(Prisma.sql`i.id = ${id}::uuid`, { lock: true }))[0] ?? null;
  }

  async delete(id: string): Promise<void> {
    await this.db.$executeRaw`DELETE FROM project_invitations WHERE id = ${id}::uuid`;
  }

  /** Revokes a pending invitation of the project; whether there was one. */
  async revoke(projectId: string, id: string): Promise<boolean> {
    return (await this.db.$executeRaw`DELETE FROM project_invitations WHERE id = ${id}::uuid AND project_id = ${projectId}::uuid`) === 1;
  }

  /** The project's invitations still open, oldest first. */
  async listForProject(projectId: string): Promise<InvitedMember[]> {
    const rows = await this.db.projectInvitation.findMany({ where: { projectId, expiresAt: { gt: new Date() } }, orderBy: { createdAt: 'asc' } });
    return rows.map((r) => ({ status: 'invited', id: r.id, email: r.email, role: r.role as MemberRole, expiresAt: r.expiresAt.toISOString() }));
  }
}
