import { createHash } from 'node:crypto';
import pino from 'pino';
import { answerOwnerQueries, connectBus, makeEvent } from '@midway/service-kit';
import { readMail, testEnv, uniqueEmail, type SunkMail } from '@midway/testing';
import { ANONYMOUS, actor, announceUser, eventually, inviteAndAccept, useCatalog, watchCatalogEvents, type Actor } from './catalog-harness';

/**
 * People join a project by invitation: the owner invites an address, the address gets an e-mail with a link,
 * and the invitee (the signed-in user with that address) accepts or declines. Inviting says nothing about
 * who has an account; an invitation is no one's business but the invitee's. (Who may make each call, as
 * every kind of caller, is in authorization-matrix.api.test.ts with the rest of catalog's routes.)
 */
const t = useCatalog();
const http = t.http;

const invite = (owner: Actor, projectId: string, email: string, role?: 'member' | 'viewer') => http.post(`/api/projects/${projectId}/members`, owner, { email, ...(role ? { role } : {}) });
const sha256 = (token: string) => createHash('sha256').update(token).digest('hex');
const mailsTo = async (address: string) => (await readMail(testEnv().mailUrl)).filter((m) => m.to.some((to) => to.address.toLowerCase() === address.toLowerCase()));
const mailTo = async (address: string): Promise<SunkMail> => (await eventually(() => mailsTo(address), (m) => m.length > 0))[0]!;
const tokenIn = (mail: SunkMail) => /\/invitations\/([A-Za-z0-9_-]+)/.exec(mail.text)![1]!;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
/** `who` as identity describes them once they opened their verification link, as catalog's users hold it. */
async function verified(who: Actor, firstName = 'Sam', lastName = 'Rivera') {
  await announceUser(who, firstName, lastName, { emailVerified: true });
  await eventually(() => t.catalog.db.user.findUnique({ where: { id: who.userId } }), (u) => u?.emailVerified === true);
}

describe('inviting', () => {
  it('answers the same for an address with an account, one without, one already invited, a member and the owner', async () => {
    const owner = actor();
    const known = actor();
    const member = actor();
    const pending = uniqueEmail('pending');
    await announceUser(owner, 'Ann', 'Lee');
    await announceUser(known, 'Kim', 'Ito');
    const p = await http.project(owner);
    await inviteAndAccept(http, owner, p.id, member);
    expect((await invite(owner, p.id, pending)).status).toBe(202);

    const answers = await Promise.all([known.email, uniqueEmail('nobody'), pending, member.email, owner.email].map((email) => invite(owner, p.id, email)));
    const shapes = answers.map((a) => ({ status: a.status, body: a.body, type: a.headers.get('content-type') }));
    expect(new Set(shapes.map((s) => JSON.stringify(s))).size).toBe(1);
    expect(shapes[0]).toEqual({ status: 202, body: { message: expect.stringMatching(/valid for 7 days/) }, type: expect.stringContaining('application/json') });
  });

  it('takes the same time for an address with an account as for one without (medians within noise)', async () => {
    const owner = actor();
    const p = await http.project(owner);
    const accounts = Array.from({ length: 15 }, () => actor());
    for (const a of accounts) await announceUser(a);
    await eventually(() => t.catalog.db.$queryRaw<{ n: number }[]>`SELECT count(*)::int AS n FROM users WHERE id = ANY(${accounts.map((a) => a.userId)}::uuid[])`, (r) => r[0]!.n === accounts.length);
    const timed = async (email: string) => {
      const start = process.hrtime.bigint();
      expect((await invite(owner, p.id, email)).status).toBe(202);
      return Number(process.hrtime.bigint() - start) / 1e6;
    };
    const withAccount: number[] = [];
    const without: number[] = [];
    // Interleaved, so a slow moment of the machine falls on both kinds alike.
    for (const a of accounts) {
      withAccount.push(await timed(a.email));
      without.push(await timed(uniqueEmail('nobody')));
    }
    const [k, u] = [median(withAccount), median(without)];
    expect(Math.abs(k - u)).toBeLessThanOrEqual(Math.max(10, 0.5 * Math.max(k, u)));
  });

  it('e-mails the address a link to /invitations/{token} (HTML and plain text) valid 7 days; only the token’s SHA-256 is stored', async () => {
    const owner = actor();
    await announceUser(owner, 'Ann', 'Lee');
    await eventually(() => t.catalog.db.user.findUnique({ where: { id: owner.userId } }), (u) => !!u);
    const p = await http.project(owner, { name: 'Harbour Loft' });
    const email = uniqueEmail('newcomer');
    const before = Date.now();
    expect((await invite(owner, p.id, email, 'viewer')).status).toBe(202);

    const mail = await mailTo(email);
    expect(mail.subject).toBe('Ann Lee invited you to the project "Harbour Loft" on Midway');
    const token = tokenIn(mail);
    const link = `http://localhost:8080/invitations/${token}`;
    expect(mail.text).toContain(link);
    expect(mail.html).toContain(`href="${link}"`);
    expect(mail.html).toContain('Harbour Loft');

    const stored = await t.catalog.db.projectInvitation.findFirstOrThrow({ where: { projectId: p.id } });
    expect(stored.tokenHash).toBe(sha256(token));
    expect(JSON.stringify(stored)).not.toContain(token);
    expect(stored.expiresAt.getTime() - before).toBeGreaterThanOrEqual(7 * 86_400_000 - 1000);
    expect(stored.expiresAt.getTime() - before).toBeLessThanOrEqual(7 * 86_400_000 + 60_000);

    // The link's page reads what the invitation is for, without a session.
    const page = await http.get(`/api/invitations/link/${token}`, { userId: '', email: '', role: 'client', headers: {} });
    expect(page.body).toEqual({ id: stored.id, projectId: p.id, projectName: 'Harbour Loft', invitedBy: 'Ann Lee', role: 'viewer', email: email.toLowerCase(), expiresAt: stored.expiresAt.toISOString() });
    expect(page.headers.get('cache-control')).toBe('no-store');
    expect((await http.get(`/api/invitations/link/${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`, owner)).status).toBe(404);
  });

  it('eight invitations of one address at once are one pending invitation and one e-mail', async () => {
    const owner = actor();
    const p = await http.project(owner);
    const email = uniqueEmail('popular');
    const answers = await Promise.all(Array.from({ length: 8 }, () => invite(owner, p.id, email)));
    expect(answers.map((a) => a.status)).toEqual(Array(8).fill(202));
    const invited = (await http.get(`/api/projects/${p.id}/members`, owner)).body.filter((m: { status: string }) => m.status === 'invited');
    expect(invited).toEqual([{ status: 'invited', id: expect.any(String), email: email.toLowerCase(), role: 'member', expiresAt: expect.any(String) }]);
    await mailTo(email);
    await new Promise((r) => setTimeout(r, 300));
    expect(await mailsTo(email)).toHaveLength(1);
  });
});

describe('answering', () => {
  it('accepting makes the invitee a member at once: the project is theirs to work on, listed with their name, and member-added is published', async () => {
    const events = await watchCatalogEvents();
    try {
      const owner = actor();
      const invitee = actor();
      await announceUser(owner, 'Ann', 'Lee');
      await verified(invitee, 'Robin', 'Ng');
      const p = await http.project(owner, { name: 'Cedar House' });
      expect((await invite(owner, p.id, invitee.email, 'member')).status).toBe(202);
      // Invited is not a member yet.
      expect((await http.get(`/api/projects/${p.id}`, invitee)).status).toBe(404);

      const mine = await eventually(() => http.get('/api/invitations', invitee), (r) => r.body[0]?.invitedBy === 'Ann Lee');
      expect(mine.body).toEqual([{ id: expect.any(String), projectId: p.id, projectName: 'Cedar House', invitedBy: 'Ann Lee', role: 'member', expiresAt: expect.any(String) }]);
      expect((await http.post(`/api/invitations/${mine.body[0].id}/accept`, invitee)).body).toEqual({ projectId: p.id, role: 'member' });

      expect((await http.get(`/api/projects/${p.id}`, invitee)).body.access).toBe('member');
      expect((await http.post(`/api/projects/${p.id}/items`, invitee, { name: 'Oak bench' })).status).toBe(201);
      expect((await http.get('/api/invitations', invitee)).body).toEqual([]);
      const members = (await http.get(`/api/projects/${p.id}/members`, owner)).body;
      expect(members).toEqual([
        expect.objectContaining({ status: 'active', userId: owner.userId, role: 'owner', firstName: 'Ann' }),
        expect.objectContaining({ status: 'active', userId: invitee.userId, role: 'member', firstName: 'Robin', lastName: 'Ng', email: invitee.email }),
      ]);
      await events.settle(600);
      expect(events.about(p.id).filter((e) => e.type === 'catalog.project.member-added.v1').map((e) => e.data)).toEqual([
        expect.objectContaining({ projectId: p.id, ownerId: owner.userId, userId: invitee.userId, role: 'member', byUserId: owner.userId }),
      ]);
    } finally {
      await events.close();
    }
  });

  it('declining removes the invitation and joins nothing', async () => {
    const owner = actor();
    const invitee = actor();
    await verified(invitee);
    const p = await http.project(owner);
    await invite(owner, p.id, invitee.email);
    const [invitation] = (await http.get('/api/invitations', invitee)).body;
    expect((await http.post(`/api/invitations/${invitation.id}/decline`, invitee)).status).toBe(204);
    expect((await http.get('/api/invitations', invitee)).body).toEqual([]);
    expect((await http.post(`/api/invitations/${invitation.id}/accept`, invitee)).status).toBe(404);
    expect((await http.get(`/api/projects/${p.id}`, invitee)).status).toBe(404);
    expect((await http.get(`/api/projects/${p.id}/members`, owner)).body).toHaveLength(1);
  });

  it('only the invitee answers: another designer, the owner and an admin get 404 and the invitation stays', async () => {
    const owner = actor();
    const invitee = actor();
    await verified(invitee);
    const p = await http.project(owner);
    await invite(owner, p.id, invitee.email);
    const [invitation] = (await http.get('/api/invitations', invitee)).body;
    for (const who of [actor(), owner, actor('midway_admin')]) {
      expect((await http.get('/api/invitations', who)).body).toEqual([]);
      for (const answer of ['accept', 'decline']) {
        const res = await http.post(`/api/invitations/${invitation.id}/${answer}`, who);
        expect({ status: res.status, message: res.body.message }).toEqual({ status: 404, message: 'Invitation not found. It may have been answered or revoked.' });
      }
    }
    expect((await http.get('/api/invitations', invitee)).body.map((i: { id: string }) => i.id)).toEqual([invitation.id]);
  });

  it('an expired invitation cannot be accepted, is not listed, and inviting again sends a new link', async () => {
    const owner = actor();
    const invitee = actor();
    await verified(invitee);
    const p = await http.project(owner);
    await invite(owner, p.id, invitee.email);
    const firstToken = tokenIn(await mailTo(invitee.email));
    const [invitation] = (await http.get('/api/invitations', invitee)).body;
    await t.catalog.db.$executeRaw`UPDATE project_invitations SET expires_at = now() - interval '1 second' WHERE id = ${invitation.id}::uuid`;

    const refused = await http.post(`/api/invitations/${invitation.id}/accept`, invitee);
    expect({ status: refused.status, error: refused.body.error }).toEqual({ status: 410, error: 'invitation_expired' });
    expect((await http.get(`/api/invitations/link/${firstToken}`, invitee)).status).toBe(410);
    expect((await http.get(`/api/projects/${p.id}`, invitee)).status).toBe(404);
    expect((await http.get('/api/invitations', invitee)).body).toEqual([]);
    expect((await http.get(`/api/projects/${p.id}/members`, owner)).body).toHaveLength(1);

    expect((await invite(owner, p.id, invitee.email)).status).toBe(202);
    const mails = await eventually(() => mailsTo(invitee.email), (m) => m.length === 2);
    const secondToken = mails.map(tokenIn).find((x) => x !== firstToken)!;
    expect((await http.get(`/api/invitations/link/${firstToken}`, invitee)).status).toBe(404);
    const renewed = (await http.get(`/api/invitations/link/${secondToken}`, invitee)).body;
    expect((await http.post(`/api/invitations/${renewed.id}/accept`, invitee)).status).toBe(200);
    expect((await http.get(`/api/projects/${p.id}`, invitee)).body.access).toBe('member');
  });
});

describe('the members list and revoking', () => {
  it('lists the owner, the members with their names and, to the owner, the pending invitations; DELETE revokes an invitation like it removes a member', async () => {
    const owner = actor();
    const viewer = actor();
    await announceUser(viewer, 'Vic', 'Tan');
    const p = await http.project(owner);
    await inviteAndAccept(http, owner, p.id, viewer, 'viewer');
    const pending = uniqueEmail('pending');
    await invite(owner, p.id, pending, 'viewer');

    const list = (await eventually(() => http.get(`/api/projects/${p.id}/members`, owner), (r) => r.body[1]?.firstName === 'Vic')).body;
    expect(list).toEqual([
      expect.objectContaining({ status: 'active', userId: owner.userId, role: 'owner' }),
      { status: 'active', userId: viewer.userId, email: viewer.email, firstName: 'Vic', lastName: 'Tan', role: 'viewer', joinedAt: expect.any(String) },
      { status: 'invited', id: expect.any(String), email: pending.toLowerCase(), role: 'viewer', expiresAt: expect.any(String) },
    ]);
    const invitationId = list[2].id;
    const token = tokenIn(await mailTo(pending));
    expect((await http.del(`/api/projects/${p.id}/members/${invitationId}`, viewer)).status).toBe(403);
    expect((await http.del(`/api/projects/${p.id}/members/${invitationId}`, owner)).status).toBe(204);
    expect((await http.get(`/api/projects/${p.id}/members`, owner)).body.map((m: { status: string }) => m.status)).toEqual(['active', 'active']);
    expect((await http.get(`/api/invitations/link/${token}`, owner)).status).toBe(404);
    expect((await http.del(`/api/projects/${p.id}/members/${invitationId}`, owner)).status).toBe(404);
  });
});

describe('an invitation reaches only its mailbox', () => {
  const acceptAs = (who: Actor, id: string, token?: string) => http.post(`/api/invitations/${id}/accept`, who, token === undefined ? undefined : { token });
  const pendingId = async (owner: Actor, projectId: string) => (await http.get(`/api/projects/${projectId}/members`, owner)).body.find((m: { status: string }) => m.status === 'invited').id as string;

  it('the hijack as reproduced fails: whoever registered the invited address without reading its mail sees no invitation, is refused (403, open the link) and cannot read the project', async () => {
    const owner = actor();
    const viewer = actor();
    const registeredFirst = actor();
    await announceUser(registeredFirst, 'Mallory', 'Quick'); // signed up with the invited address; never opened its mail
    await eventually(() => t.catalog.db.user.findUnique({ where: { id: registeredFirst.userId } }), (u) => !!u);
    const p = await http.project(owner, { name: 'Damask Row' });
    await inviteAndAccept(http, owner, p.id, viewer, 'viewer');
    expect((await invite(owner, p.id, registeredFirst.email)).status).toBe(202);

    // A viewer no longer reads the pending invitations (their addresses and ids).
    expect((await http.get(`/api/projects/${p.id}/members`, viewer)).body.map((m: { status: string }) => m.status)).toEqual(['active', 'active']);
    expect((await http.get('/api/invitations', registeredFirst)).body).toEqual([]);
    const id = await pendingId(owner, p.id);
    for (const answer of ['accept', 'decline']) {
      const refused = await http.post(`/api/invitations/${id}/${answer}`, registeredFirst);
      expect({ status: refused.status, error: refused.body.error }).toEqual({ status: 403, error: 'forbidden' });
      expect(refused.body.message).toMatch(/open the link in the invitation e-mail/);
    }
    expect((await http.get(`/api/projects/${p.id}`, registeredFirst)).status).toBe(404);
    expect((await http.get(`/api/projects/${p.id}/members`, owner)).body.map((m: { status: string }) => m.status)).toEqual(['active', 'active', 'invited']);

    // Whoever reads the mail (the link's token) joins.
    const token = tokenIn(await mailTo(registeredFirst.email));
    expect((await acceptAs(registeredFirst, id, token)).status).toBe(200);
    expect((await http.get(`/api/projects/${p.id}`, registeredFirst)).body.access).toBe('member');
  });

  it('through the e-mailed link the signed-in caller joins, whatever their own address and whether or not it is verified; a wrong or another invitation’s token is 404', async () => {
    const owner = actor();
    const p = await http.project(owner);
    const q = await http.project(owner);
    const invited = uniqueEmail('work-address');
    await invite(owner, p.id, invited, 'viewer');
    await invite(owner, q.id, invited);
    const [id, otherId] = [await pendingId(owner, p.id), await pendingId(owner, q.id)];
    const tokens = (await eventually(() => mailsTo(invited), (m) => m.length === 2)).map(tokenIn);
    const tokenOf = async (projectId: string) => {
      for (const token of tokens) if ((await http.get(`/api/invitations/link/${token}`, ANONYMOUS)).body.projectId === projectId) return token;
      throw new Error('no link');
    };
    const [token, otherToken] = [await tokenOf(p.id), await tokenOf(q.id)];
    const personal = actor(); // signed up with another, unverified address

    expect((await acceptAs(personal, id, otherToken)).status).toBe(404);
    expect((await acceptAs(personal, id, token.slice(0, -1) + (token.endsWith('A') ? 'B' : 'A'))).status).toBe(404);
    expect((await acceptAs(personal, id)).status).toBe(404);
    expect((await acceptAs(personal, id, token)).body).toEqual({ projectId: p.id, role: 'viewer' });
    expect((await http.get(`/api/projects/${p.id}`, personal)).body.access).toBe('viewer');
    // The link worked once: the invitation is answered.
    expect((await acceptAs(actor(), id, token)).status).toBe(404);
    expect((await http.get(`/api/invitations/link/${token}`, ANONYMOUS)).status).toBe(404);
    // Declining by link works the same way.
    expect((await http.post(`/api/invitations/${otherId}/decline`, personal, { token: otherToken })).status).toBe(204);
    expect((await http.get(`/api/projects/${q.id}/members`, owner)).body).toHaveLength(1);
  });

  it('several callers holding one link accept at once: one membership, one member-added event, the rest 404', async () => {
    const events = await watchCatalogEvents();
    try {
      const owner = actor();
      const p = await http.project(owner);
      const email = uniqueEmail('forwarded');
      await invite(owner, p.id, email);
      const token = tokenIn(await mailTo(email));
      const id = await pendingId(owner, p.id);
      const holders = Array.from({ length: 6 }, () => actor());
      const answers = await Promise.all(holders.map((h) => acceptAs(h, id, token)));
      expect(answers.map((a) => a.status).sort()).toEqual([200, 404, 404, 404, 404, 404]);
      const members = (await http.get(`/api/projects/${p.id}/members`, owner)).body;
      expect(members.filter((m: { role: string }) => m.role !== 'owner')).toHaveLength(1);
      await events.settle(600);
      expect(events.about(p.id).filter((e) => e.type === 'catalog.project.member-added.v1')).toHaveLength(1);
    } finally {
      await events.close();
    }
  });

  it('an invitee who verified a moment ago is not refused: catalog asks identity (query.identity.user) before saying no', async () => {
    const invitee = actor();
    const owner = actor();
    const p = await http.project(owner);
    await invite(owner, p.id, invitee.email);
    // Identity's side of the question, over the run's NATS: the user, verified (the live event has not arrived).
    const bus = await connectBus(testEnv().natsUrl, 'identity-stand-in');
    const asked: string[] = [];
    const identity = answerOwnerQueries(bus, pino({ level: 'silent' }), {
      'identity.user': async (id) => {
        asked.push(id);
        if (id !== invitee.userId) return [];
        return [makeEvent('identity.user.updated.v1', { userId: id, email: invitee.email, firstName: 'Robin', lastName: 'Ng', company: null, systemRole: 'designer', emailVerified: true, updatedAt: new Date().toISOString() })];
      },
    });
    try {
      const mine = (await http.get('/api/invitations', invitee)).body;
      expect(mine.map((i: { projectId: string }) => i.projectId)).toEqual([p.id]);
      expect((await acceptAs(invitee, mine[0].id)).status).toBe(200);
      expect(asked).toContain(invitee.userId);
      expect((await t.catalog.db.user.findUniqueOrThrow({ where: { id: invitee.userId } })).emailVerified).toBe(true);
    } finally {
      await identity.stop();
      await bus.close();
    }
  });
});

describe('bad input to answering', () => {
  it('a malformed, wrongly typed, huge or NUL-carrying body is a 400 with { error, message }, and the invitation stays', async () => {
    const owner = actor();
    const invitee = actor();
    const p = await http.project(owner);
    await invite(owner, p.id, invitee.email);
    const id = (await http.get(`/api/projects/${p.id}/members`, owner)).body.find((m: { status: string }) => m.status === 'invited').id;
    const bodies = ['{"token": ', '[1,2]', 'null', JSON.stringify({ token: 7 }), JSON.stringify({ token: 'x'.repeat(1024 * 1024) }), JSON.stringify({ token: 'a\u0000b' })];
    for (const answer of ['accept', 'decline']) {
      for (const body of bodies) {
        const res = await http.call('POST', `/api/invitations/${id}/${answer}`, invitee, body);
        expect([answer, body.slice(0, 20), res.status]).toEqual([answer, body.slice(0, 20), expect.any(Number)]);
        expect(res.status).toBeGreaterThanOrEqual(400);
        expect(res.status).toBeLessThan(500);
        expect(res.body).toEqual(expect.objectContaining({ error: expect.any(String), message: expect.any(String) }));
      }
    }
    expect((await http.get(`/api/projects/${p.id}/members`, owner)).body.map((m: { status: string }) => m.status)).toEqual(['active', 'invited']);
  });
});
