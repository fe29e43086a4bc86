/**
 * When a warning type raises its warnings (spec-1 sections 3 and 9: period month / week / day / no, week values 2-7 and
 * 1 for Sunday, days 1-31, months 1-12, hours 0-23). Pure: moments are the server's wall-clock date and hour.
 *
 * A type's schedule is a series of moments ("slots"):
 * - month: day D (clipped to the month's last day) at hour H of every month, or of the listed months only;
 * - week: weekday W at hour H of every week;
 * - day: hour H of every day;
 * - no: every moment (a warning is raised as soon as its condition holds).
 * A missing hour is 0, a missing day 1. A warning whose condition holds is raised at the first evaluation at or
 * after the first slot that finds its condition already begun (its first due day has started): the evaluation raises
 * it when the last slot up to now is not earlier than that day's midnight. Closing is not scheduled: a warning closes
 * at the first evaluation after its cause went away.
 */

export type WarningPeriodCode = 'month' | 'week' | 'day' | 'no';

export interface WarningSchedule {
  period: WarningPeriodCode | string;
  /** 1 Sunday, 2-7 Monday to Saturday. */
  weekday?: number | null;
  /** 1-31; past the month's end it means the last day. */
  day?: number | null;
  /** 1-12; empty or missing: every month. */
  months?: readonly number[] | null;
  /** 0-23. */
  hour?: number | null;
}

/** A wall-clock moment: the date (YYYY-MM-DD) and the hour (0-23). */
export interface Moment {
  today: string;
  hour: number;
}

const pad = (n: number) => String(n).padStart(2, '0');
const lastDay = (y: number, m: number) => new Date(Date.UTC(y, m, 0)).getUTCDate();
const shift = (d: string, days: number) => {
  const t = new Date(`${d}T00:00:00Z`);
  t.setUTCDate(t.getUTCDate() + days);
  return t.toISOString().slice(0, 10);
};
/** Day of the week as the spec counts it: 1 Sunday, 2 Monday ... 7 Saturday. */
export const specWeekday = (d: string) => new Date(`${d}T00:00:00Z`).getUTCDay() + 1;

/** Orders moments: negative when a is earlier than b. */
export function compareMoments(a: Moment, b: Moment): number {
  if (a.today !== b.today) return a.today < b.today ? -1 : 1;
  return a.hour - b.hour;
}

/** The last slot of the schedule at or before `now`; `no` has a slot at every moment, so it is `now` itself. */
export function lastSlot(s: WarningSchedule, now: Moment): Moment | null {
  const hour = s.hour ?? 0;
  const reachedToday = now.hour >= hour;
  switch (s.period) {
    case 'day':
      return { today: reachedToday ? now.today : shift(now.today, -1), hour };
    case 'week': {
      const want = s.weekday ?? 2;
      let back = (specWeekday(now.today) - want + 7) % 7;
      if (back === 0 && !reachedToday) back = 7;
      return { today: shift(now.today, -back), hour };
    }
    case 'month': {
      const months = new Set(s.months ?? []);
      let y = Number(now.today.slice(0, 4));
      let m = Number(now.today.slice(5, 7));
      // At most a year back finds a listed month; 13 steps cover the current month's slot being still ahead.
      for (let i = 0; i < 13; i += 1) {
        if (!months.size || months.has(m)) {
          const slot = { today: `${y}-${pad(m)}-${pad(Math.min(s.day ?? 1, lastDay(y, m)))}`, hour };
          if (compareMoments(slot, now) <= 0) return slot;
        }
        m -= 1;
        if (m < 1) {
          m = 12;
          y -= 1;
        }
      }
      return null;
    }
    default:
      return now;
  }
}

/**
 * Whether a warning whose condition began on `since` (from that day's midnight) and still holds is raised at `now`:
 * the schedule's last slot up to now lies on or after that midnight.
 */
export function dueToRaise(s: WarningSchedule, since: string, now: Moment): boolean {
  if (since > now.today) return false;
  const slot = lastSlot(s, now);
  return slot !== null && compareMoments(slot, { today: since, hour: 0 }) >= 0;
}
