import { Router } from 'express';
import { acceptInvitationBodySchema, addMemberBodySchema } from '@midway/contracts';
import { callerOf, parse, requireCaller } from '@midway/service-kit';
import type { MemberService } from '../domain/member.service';

/** Who is on a project, and the invitations that bring people in. */
export function memberRoutes(members: MemberService): Router {
  const r = Router();

  // Public: the e-mailed link's token is the credential; its page shows what the invitation is for.
  r.get('/api/invitations/link/:token', async (req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    res.setHeader('X-Robots-Tag', 'noindex');
    res.json(await members.link(req.params.token));
  });

  r.use('/api/invitations', requireCaller);
  r.use('/api/projects/:id/members', requireCaller);

  r.get('/api/projects/:id/members', async (req, res) => {
    res.json(await members.list(callerOf(req), req.params.id));
  });
  r.post('/api/projects/:id/members', async (req, res) => {
    res.status(202).json(await members.invite(callerOf(req), req.params.id, parse(addMemberBodySchema, req.body)));
  });
  // A member's user id, or a pending invitation's id (revoked the same way).
  r.delete('/api/projects/:id/members/:userId', async (req, res) => {
    await members.remove(callerOf(req), req.params.id, req.params.userId);
    res.status(204).end();
  });

  r.get('/api/invitations', async (req, res) => {
    res.json(await members.mine(callerOf(req)));
  });
  r.post('/api/invitations/:id/accept', async (req, res) => {
    res.json(await members.accept(callerOf(req), req.params.id, parse(acceptInvitationBodySchema, req.body ?? {})));
  });
  r.post('/api/invitations/:id/decline', async (req, res) => {
    await members.decline(callerOf(req), req.params.id, parse(acceptInvitationBodySchema, req.body ?? {}));
    res.status(204).end();
  });
  return r;
}
