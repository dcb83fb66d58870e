import type { Caller } from '@midway/service-kit';
import { isAdmin, type DashboardStats } from '@midway/contracts';

/** The scope whose rolled-up counters hold every project's: what an admin reaches. */
export const EVERY_PROJECT = '00000000-0000-0000-0000-000000000000';

/** Counters of the dashboard as data/dashboard-counts.sql rolls them up. */
export type CounterName = 'active-projects' | 'in-transit' | 'without-tracking' | `received:${string}`;

/**
 * Where a caller's dashboard numbers come from, each reached project counted once and the work independent of
 * how many projects they own: an admin reads the roll-up of every project; anyone else the roll-up of the
 * projects they own, plus, project by project, those shared with them that someone else owns (memberships,
 * which are few).
 */
export function dashboardReach(caller: Pick<Caller, 'userId' | 'role'>): { rollUp: string; sharedProjects: boolean } {
  return isAdmin(caller) ? { rollUp: EVERY_PROJECT, sharedProjects: false } : { rollUp: caller.userId, sharedProjects: true };
}

/** The month key of 'Received This Month' (UTC), as the counters name it. */
export function receivedCounter(now: Date): `received:${string}` {
  return `received:${now.toISOString().slice(0, 7)}`;
}

/** Sums counters into the dashboard's numbers; 'received' only for the month asked. */
export function dashboardNumbers(counters: Iterable<{ counter: string; n: number }>, now: Date): DashboardStats {
  const stats: DashboardStats = { activeProjects: 0, itemsInTransit: 0, receivedThisMonth: 0, itemsWithoutTracking: 0 };
  const month = receivedCounter(now);
  for (const { counter, n } of counters) {
    if (counter === 'active-projects') stats.activeProjects += n;
    else if (counter === 'in-transit') stats.itemsInTransit += n;
    else if (counter === 'without-tracking') stats.itemsWithoutTracking += n;
    else if (counter === month) stats.receivedThisMonth += n;
  }
  return stats;
}

/** A project as the rule sees it: its owner, its members, and its counters (active-projects included). */
export interface ProjectCounters {
  id: string;
  ownerId: string;
  memberIds: string[];
  counters: { counter: string; n: number }[];
}

/** The roll-ups the triggers keep: every project's counters under its owner and under EVERY_PROJECT. */
export function rollUp(projects: ProjectCounters[]): Map<string, { counter: string; n: number }[]> {
  const scopes = new Map<string, { counter: string; n: number }[]>();
  for (const p of projects) {
    for (const scope of [p.ownerId, EVERY_PROJECT]) scopes.set(scope, [...(scopes.get(scope) ?? []), ...p.counters]);
  }
  return scopes;
}

/** The counters a caller's dashboard sums, read as dashboardReach says: the roll-up, plus shared projects. */
export function countersReached(caller: Pick<Caller, 'userId' | 'role'>, projects: ProjectCounters[], rollUps = rollUp(projects)): { counter: string; n: number }[] {
  const reach = dashboardReach(caller);
  const shared = reach.sharedProjects ? projects.filter((p) => p.ownerId !== caller.userId && p.memberIds.includes(caller.userId)) : [];
  return [...(rollUps.get(reach.rollUp) ?? []), ...shared.flatMap((p) => p.counters)];
}
