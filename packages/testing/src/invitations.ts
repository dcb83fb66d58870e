import type { Actor, serviceClient } from './callers';

type Client = Pick<ReturnType<typeof serviceClient>, 'get' | 'post'>;

/**
 * Brings `who` onto a project the way people join one: the owner (or an admin) invites their address and
 * they accept the invitation they find in GET /api/invitations (as the dashboard's banner does). `catalog`
 * is a client of the catalog service (or of the gateway, with cookie-carrying actors).
 */
export async function inviteAndAccept(catalog: Client, owner: Actor, projectId: string, who: Actor, role: 'member' | 'viewer' = 'member'): Promise<void> {
  const sent = await catalog.post(`/api/projects/${projectId}/members`, owner, { email: who.email, role });
  if (sent.status !== 202) throw new Error(`invitation failed: ${sent.status} ${JSON.stringify(sent.body)}`);
  const mine = await catalog.get('/api/invitations', who);
  const invitation = (mine.body as { id: string; projectId: string }[] | undefined)?.find((i) => i.projectId === projectId);
  if (!invitation) throw new Error(`${who.email} has no invitation to ${projectId}: ${mine.status} ${JSON.stringify(mine.body)}`);
  const accepted = await catalog.post(`/api/invitations/${invitation.id}/accept`, who);
  if (accepted.status !== 200) throw new Error(`accepting failed: ${accepted.status} ${JSON.stringify(accepted.body)}`);
}
