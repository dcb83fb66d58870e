import { differenceInMinutes, formatDistanceStrict, parseISO } from 'date-fns';

export interface TimeLeft {
  overdue: boolean;
  text: string;
}

const hoursAndMinutes = (minutes: number) => {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return h ? `${h} h ${m} min` : `${m} min`;
};

/**
 * The time an arrived item has left before its inspection is due (48 hours after arrival): hours and minutes while
 * it is due within two days, else in days ('Overdue by 3 days', a due time set further out). `overdue` from the due time on.
 */
export function timeLeft(dueAt: string, now: Date): TimeLeft {
  const due = parseISO(dueAt);
  const minutes = differenceInMinutes(due, now);
  if (due.getTime() <= now.getTime()) {
    const late = -minutes;
    return { overdue: true, text: `Overdue by ${late < 48 * 60 ? hoursAndMinutes(late) : formatDistanceStrict(now, due, { unit: 'day', roundingMethod: 'floor' })}` };
  }
  return { overdue: false, text: `${minutes <= 48 * 60 ? hoursAndMinutes(minutes) : formatDistanceStrict(due, now, { unit: 'day', roundingMethod: 'floor' })} left` };
}
