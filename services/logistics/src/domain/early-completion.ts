import { badRequest } from '@midway/service-kit';
import { calendarDate } from './business-days';

export const EARLY_REASON_NEEDED = (booked: string, today: string) =>
  `This delivery is booked for ${booked}, not today (${today}): say why it was delivered early (earlyReason), and its date moves to today.`;

/**
 * A delivery completed before its booked date: staff say why, and its date becomes the day it was delivered
 * (so the delivery and its items tell one date). On or after its date nothing moves and no reason is asked.
 */
export function earlyCompletion(bookedDate: string, now: Date, timeZone: string, reason: string | undefined): { date: string; reason: string } | null {
  const today = calendarDate(now, timeZone);
  if (bookedDate <= today) return null;
  if (!reason) throw badRequest(EARLY_REASON_NEEDED(bookedDate, today), [{ path: 'earlyReason', message: 'say why it was delivered before its date' }]);
  return { date: today, reason };
}
