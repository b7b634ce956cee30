import { isoFromDayNum, zonedDayMinute, zonedToInstant } from "../../market/time.js";

/**
 * The daily check-in's calendar (DESIGN §5 "Daily check-in with a streak"): a user checks in once per
 * calendar day in their zone. The rules are on instants, not on stored day numbers, so a user whose zone
 * changes (a phone that travels) still checks in at most once in any calendar day of the zone in use:
 * "today" is the zone's last midnight, and a check-in at or after it is today's.
 */
export interface CheckInDay {
  /** The calendar day in the zone, `YYYY-MM-DD`. */
  day: string;
  /** The instant of the zone's midnight that began today. */
  todayStart: Date;
  /** The instant of the midnight that began yesterday: a check-in since then keeps the streak. */
  yesterdayStart: Date;
  /** The next midnight: when the next check-in opens. */
  tomorrowStart: Date;
}

export function checkInDay(timeZone: string, now: Date): CheckInDay {
  const { day } = zonedDayMinute(timeZone, now.getTime());
  return {
    day: isoFromDayNum(day),
    todayStart: new Date(zonedToInstant(timeZone, day, 0)),
    yesterdayStart: new Date(zonedToInstant(timeZone, day - 1, 0)),
    tomorrowStart: new Date(zonedToInstant(timeZone, day + 1, 0)),
  };
}

/** Where a user stands today: checked in or not, and the streak as it stands (0 once a day was missed). */
export function checkInStanding(
  last: { at: Date; streak: number } | null,
  timeZone: string,
  now: Date,
): { checkedInToday: boolean; streak: number } {
  if (!last) return { checkedInToday: false, streak: 0 };
  const { todayStart, yesterdayStart } = checkInDay(timeZone, now);
  const checkedInToday = last.at.getTime() >= todayStart.getTime();
  const alive = last.at.getTime() >= yesterdayStart.getTime();
  return { checkedInToday, streak: alive ? last.streak : 0 };
}
