import { ANONYMOUS, eventually, type Actor, type serviceClient } from './callers';
import { readMailTo } from './mail-sink.client';
import { testEnv } from './test-env';

type Client = Pick<ReturnType<typeof serviceClient>, 'get' | 'post'>;

const LINK_TOKEN = /\/invitations\/([A-Za-z0-9_-]{43})/g;

/**
 * The e-mailed link of `email`'s invitation to `projectId`, read from the run's mail sink the way the invitee
 * reads their mail: the invitation's id and the link's token (which proves the mailbox when accepting).
 */
export async function invitationLinkFor(catalog: Pick<Client, 'get'>, email: string, projectId: string, timeoutMs = 15_000): Promise<{ id: string; token: string }> {
  const find = async () => {
    const mails = await readMailTo(testEnv().mailUrl, email);
    for (const token of new Set(mails.flatMap((m) => [...m.text.matchAll(LINK_TOKEN)].map((x) => x[1]!)))) {
      const link = await catalog.get(`/api/invitations/link/${token}`, ANONYMOUS);
      if (link.status === 200 && link.body.projectId === projectId) return { id: link.body.id as string, token };
    }
    return null;
  };
  const found = await eventually(find, (x) => x !== null, timeoutMs, 100);
  if (!found) throw new Error(`no invitation e-mail to ${email} for project ${projectId} reached the mail sink`);
  return found;
}

/**
 * Brings `who` onto a project the way people join one: the owner (or an admin) invites their address and they
 * accept through the link in the invitation e-mail (which proves the mailbox; their address need not be verified).
 * `catalog` is a client of the catalog service (or of the gateway, with cookie-carrying actors).
 */
export async function inviteAndAccept(catalog: Client, owner: Actor, projectId: string, who: Actor, role: 'member' | 'viewer' = 'member'): Promise<void> {
  const sent = await catalog.post(`/api/projects/${projectId}/members`, owner, { email: who.email, role });
  if (sent.status !== 202) throw new Error(`invitation failed: ${sent.status} ${JSON.stringify(sent.body)}`);
  const { id, token } = await invitationLinkFor(catalog, who.email, projectId);
  const accepted = await catalog.post(`/api/invitations/${id}/accept`, who, { token });
  if (accepted.status !== 200) throw new Error(`accepting failed: ${accepted.status} ${JSON.stringify(accepted.body)}`);
}

/**
 * Brings `who` onto a project the other way people join one: the owner invites their address and they accept the
 * invitation listed for them as a signed-in user whose address catalog knows as verified (no e-mailed link). For
 * set-ups of tests about something else, made by the hundred (an authorization matrix's fixtures): it does not wait
 * for the invitation e-mail to reach the mail sink.
 */
export async function inviteAndAcceptVerified(catalog: Client, owner: Actor, projectId: string, who: Actor, role: 'member' | 'viewer' = 'member'): Promise<void> {
  const sent = await catalog.post(`/api/projects/${projectId}/members`, owner, { email: who.email, role });
  if (sent.status !== 202) throw new Error(`invitation failed: ${sent.status} ${JSON.stringify(sent.body)}`);
  const listed = await catalog.get('/api/invitations', who);
  const invitation = (listed.body as { id: string; projectId: string }[]).find((i) => i.projectId === projectId);
  if (!invitation) throw new Error(`no invitation to ${projectId} listed for ${who.email} (is the address known to catalog as verified?)`);
  const accepted = await catalog.post(`/api/invitations/${invitation.id}/accept`, who, {});
  if (accepted.status !== 200) throw new Error(`accepting failed: ${accepted.status} ${JSON.stringify(accepted.body)}`);
}
