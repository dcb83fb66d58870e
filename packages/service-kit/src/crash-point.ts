import { writeSync } from 'node:fs';

/**
 * Places a fault test can ask a process to die at, so a recovery path that only a crash at that exact moment
 * exercises is proven, not assumed. `MIDWAY_CRASH_POINT=<point>:<n>` makes the process SIGKILL itself the
 * n-th time it passes `<point>`; without the variable every pass is a no-op.
 *
 * - `after-commit-before-publish`: a transaction that wrote events has committed and the relay has not been
 *   told of them; the restarted process's relay must publish them.
 */
export const CRASH_POINTS = ['after-commit-before-publish'] as const;
export type CrashPointName = (typeof CRASH_POINTS)[number];

export interface CrashPoints {
  /** Passing `point`: dies here if this is the pass the variable names. `detail` goes to stderr first. */
  pass(point: CrashPointName, detail?: unknown): void;
}

/** Parses `<point>:<n>`; undefined or empty is no crash point, anything else malformed throws. */
export function parseCrashPoint(value: string | undefined): { point: CrashPointName; at: number } | null {
  if (value === undefined || value === '') return null;
  const m = /^([a-z-]+):([1-9]\d{0,8})$/.exec(value);
  const point = m?.[1] as CrashPointName | undefined;
  if (!m || !point || !CRASH_POINTS.includes(point)) {
    throw new Error(`MIDWAY_CRASH_POINT must be <point>:<n> with <point> one of ${CRASH_POINTS.join(', ')} and n ≥ 1; got "${value}"`);
  }
  return { point, at: Number(m[2]) };
}

/** Crash points for `value`; `die` ends the process (the real one never returns). */
export function createCrashPoints(value: string | undefined, die: (line: string) => void): CrashPoints {
  const armed = parseCrashPoint(value);
  if (!armed) return { pass: () => undefined };
  let passes = 0;
  return {
    pass(point, detail) {
      if (point !== armed.point || ++passes !== armed.at) return;
      die(`${JSON.stringify({ crashPoint: point, pass: passes, pid: process.pid, detail, time: new Date().toISOString() })}\n`);
    },
  };
}

/** The process's crash points, from its environment. The line reaches stderr (the service's log) before the kill. */
export const crashPoints: CrashPoints = createCrashPoints(process.env.MIDWAY_CRASH_POINT, (line) => {
  writeSync(2, line);
  process.kill(process.pid, 'SIGKILL');
});
