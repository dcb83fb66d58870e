import { countersReached, dashboardNumbers, dashboardReach, EVERY_PROJECT, receivedCounter, type ProjectCounters } from './dashboard-reach';

const NOW = new Date('2026-11-15T12:00:00Z');
const ann = { userId: 'ann', role: 'designer' as const };
const bob = { userId: 'bob', role: 'designer' as const };
const cat = { userId: 'cat', role: 'designer' as const };
const admin = { userId: 'root', role: 'midway_admin' as const };

function project(id: string, ownerId: string, memberIds: string[], counters: Record<string, number>): ProjectCounters {
  return { id, ownerId, memberIds, counters: Object.entries(counters).map(([counter, n]) => ({ counter, n })) };
}

const PROJECTS = [
  project('p1', 'ann', [], { 'active-projects': 1, 'in-transit': 3, 'without-tracking': 2, 'received:2026-11': 4, 'received:2026-10': 9 }),
  project('p2', 'ann', ['bob'], { 'in-transit': 1, 'received:2026-11': 1 }),
  // The owner listed among the members too: still counted once.
  project('p3', 'bob', ['ann', 'bob'], { 'active-projects': 1, 'without-tracking': 5 }),
  project('p4', 'cat', [], { 'active-projects': 1, 'in-transit': 7 }),
];

/** What the dashboard defines: the sum over the projects the caller reaches (owned or a member of; an admin all). */
function direct(caller: { userId: string; role: string }) {
  const reached = PROJECTS.filter((p) => caller.role === 'midway_admin' || p.ownerId === caller.userId || p.memberIds.includes(caller.userId));
  return dashboardNumbers(reached.flatMap((p) => p.counters), NOW);
}

describe('dashboard reach', () => {
  it('reads the roll-up of every project for an admin, and the caller’s own roll-up plus shared projects for anyone else', () => {
    expect(dashboardReach(admin)).toEqual({ rollUp: EVERY_PROJECT, sharedProjects: false });
    expect(dashboardReach(ann)).toEqual({ rollUp: 'ann', sharedProjects: true });
  });

  it('gives each caller the numbers of exactly the projects they reach, each once', () => {
    for (const caller of [ann, bob, cat, admin, { userId: 'nobody', role: 'designer' as const }]) {
      expect({ who: caller.userId, ...dashboardNumbers(countersReached(caller, PROJECTS), NOW) }).toEqual({ who: caller.userId, ...direct(caller) });
    }
    expect(dashboardNumbers(countersReached(ann, PROJECTS), NOW)).toEqual({ activeProjects: 2, itemsInTransit: 4, receivedThisMonth: 5, itemsWithoutTracking: 7 });
    expect(dashboardNumbers(countersReached(bob, PROJECTS), NOW)).toEqual({ activeProjects: 1, itemsInTransit: 1, receivedThisMonth: 1, itemsWithoutTracking: 5 });
  });

  it('counts received items of the current UTC month only', () => {
    expect(receivedCounter(new Date('2026-12-01T00:30:00-08:00'))).toBe('received:2026-12');
    expect(receivedCounter(new Date('2026-11-30T23:59:59Z'))).toBe('received:2026-11');
    expect(dashboardNumbers([{ counter: 'received:2026-10', n: 9 }, { counter: 'received:2026-11', n: 2 }], NOW).receivedThisMonth).toBe(2);
  });

  it('starts every number at zero when nothing is counted', () => {
    expect(dashboardNumbers([], NOW)).toEqual({ activeProjects: 0, itemsInTransit: 0, receivedThisMonth: 0, itemsWithoutTracking: 0 });
  });
});
