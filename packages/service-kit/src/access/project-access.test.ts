import { randomUUID } from 'node:crypto';
import { raw } from '@prisma/client/runtime/client';
import { makeEvent } from '../nats/envelope';
import { accessFrom } from './project-access';
import { applyProjectFact } from './project-facts';
import { reachableProjectIds, reachableSql } from './project-reach.sql';

const owner = { userId: randomUUID(), role: 'designer' as const };
const designer = { userId: randomUUID(), role: 'designer' as const };
const admin = { userId: randomUUID(), role: 'midway_admin' as const };

describe('who may do what on a project (accessFrom)', () => {
  it('the owner is owner', () => {
    expect(accessFrom(owner, { ownerId: owner.userId, memberRole: null })).toBe('owner');
  });

  it('an active member or viewer has that role', () => {
    expect(accessFrom(designer, { ownerId: owner.userId, memberRole: 'member' })).toBe('member');
    expect(accessFrom(designer, { ownerId: owner.userId, memberRole: 'viewer' })).toBe('viewer');
  });

  it('an admin reaches every project, known here or not', () => {
    expect(accessFrom(admin, { ownerId: owner.userId, memberRole: null })).toBe('admin');
    expect(accessFrom(admin, null)).toBe('admin');
  });

  it('a removed member or an outsider reaches nothing, nor does anyone a project not known here', () => {
    expect(accessFrom(designer, { ownerId: owner.userId, memberRole: null })).toBeNull();
    expect(accessFrom(owner, null)).toBeNull();
  });
});

describe('the rule as SQL for list queries', () => {
  const column = raw('s.project_id');

  it('lets an admin see every row, and lists no project ids for them (all)', () => {
    expect(reachableSql(admin, column).text).toBe('TRUE');
    expect(reachableProjectIds(admin)).toBeNull();
  });

  it('binds the designer and the roles that may act as parameters, never as SQL text', () => {
    const q = reachableSql(designer, column, ['member']);
    expect(q.values).toEqual([designer.userId, designer.userId, JSON.stringify(['member'])]);
    expect(q.text).toContain('m.active AND m.role IN');
    expect(reachableSql(designer, column).text).not.toContain('m.role');
  });
});

describe('applyProjectFact', () => {
  const calls = () => {
    const log: [string, ...unknown[]][] = [];
    const repo = {
      recordProject: async (f: unknown) => void log.push(['recordProject', f]),
      setMember: async (...a: unknown[]) => void log.push(['setMember', ...a]),
      replaceMembers: async (...a: unknown[]) => void log.push(['replaceMembers', ...a]),
    };
    return { log, repo };
  };
  const projectId = randomUUID();
  const at = '2026-01-02T03:04:05.000Z';

  it('records a created project with its owner, fields and client', async () => {
    const { log, repo } = calls();
    const e = makeEvent('catalog.project.created.v1', { projectId, designerId: owner.userId, name: 'Loft', clientName: 'Ada', clientEmail: null, location: 'NYC', status: 'active', createdAt: at });
    expect(await applyProjectFact(repo, e)).toBe(true);
    expect(log).toEqual([['recordProject', { projectId, ownerId: owner.userId, at, name: 'Loft', clientName: 'Ada', clientEmail: null }]]);
  });

  it('a snapshot records the project with its link and replaces the member list', async () => {
    const { log, repo } = calls();
    const members = [{ userId: designer.userId, role: 'viewer' as const }];
    const e = makeEvent('catalog.project.snapshot.v1', {
      projectId, ownerId: owner.userId, changedAt: at, name: 'Loft', clientName: 'Ada', clientEmail: 'ada@example.com', location: 'NYC', status: 'active', installDate: null, shareToken: 'tok', members,
    });
    expect(await applyProjectFact(repo, e)).toBe(true);
    expect(log).toEqual([
      ['recordProject', { projectId, ownerId: owner.userId, at, name: 'Loft', clientName: 'Ada', clientEmail: 'ada@example.com', shareToken: 'tok' }],
      ['replaceMembers', projectId, members, at],
    ]);
  });

  it('a shared link records only the token (the fields are not said)', async () => {
    const { log, repo } = calls();
    await applyProjectFact(repo, makeEvent('catalog.project.shared.v1', { projectId, ownerId: owner.userId, changedAt: at, shareToken: 'tok2', rotated: true }));
    expect(log).toEqual([['recordProject', { projectId, ownerId: owner.userId, at, shareToken: 'tok2' }]]);
  });

  it('member added and removed set the member active and inactive, knowing the project from the fact', async () => {
    const { log, repo } = calls();
    const data = { projectId, ownerId: owner.userId, changedAt: at, userId: designer.userId, role: 'member' as const, byUserId: owner.userId };
    await applyProjectFact(repo, makeEvent('catalog.project.member-added.v1', data));
    await applyProjectFact(repo, makeEvent('catalog.project.member-removed.v1', data));
    expect(log).toEqual([
      ['recordProject', { projectId, ownerId: owner.userId, at }],
      ['setMember', projectId, designer.userId, 'member', true, at],
      ['recordProject', { projectId, ownerId: owner.userId, at }],
      ['setMember', projectId, designer.userId, 'member', false, at],
    ]);
  });

  it('leaves every other event to the service (false, nothing written)', async () => {
    const { log, repo } = calls();
    const e = makeEvent('identity.session.revoked.v1', { sessionId: randomUUID(), userId: designer.userId, expiresAt: at, revokedAt: at });
    expect(await applyProjectFact(repo, e)).toBe(false);
    expect(log).toEqual([]);
  });
});
