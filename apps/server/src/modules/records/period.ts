import {
  STATEMENT_DEFAULT_TIME_ZONE,
  STATEMENT_MAX_DAYS,
  daysInRange,
  type StatementRequest,
} from "@brokerage/api";
import { MINUTE_MS, dayNumFromIso, zoneOffsetMinutes, zonedToInstant } from "@brokerage/core";
import { DomainError } from "../../lib/errors.js";

/**
 * A statement's period: calendar days in a time zone, both included, as the instants [start, end) the
 * postings are selected by. The days are the user's: the app sends the phone's time zone, so "1 to 30
 * November" means those days as the user lived them; without one, the platform's zone (the money windows'
 * default, Asia/Kolkata) is used. Every time in the file is written in the same zone, which the file names.
 */
export interface StatementPeriod {
  from: string;
  to: string;
  timeZone: string;
  start: Date;
  /** Exclusive: midnight at the end of `to`. */
  end: Date;
}

export function statementPeriod(
  request: Pick<StatementRequest, "from" | "to" | "timeZone">,
): StatementPeriod {
  const days = daysInRange(request.from, request.to);
  if (days < 1 || days > STATEMENT_MAX_DAYS)
    throw new DomainError("DATE_RANGE_INVALID", { maxDays: String(STATEMENT_MAX_DAYS) });
  const timeZone = request.timeZone ?? STATEMENT_DEFAULT_TIME_ZONE;
  return {
    from: request.from,
    to: request.to,
    timeZone,
    start: new Date(zonedToInstant(timeZone, dayNumFromIso(request.from), 0)),
    end: new Date(zonedToInstant(timeZone, dayNumFromIso(request.to) + 1, 0)),
  };
}

/** `YYYY-MM-DD HH:mm:ss`: the wall time of an instant in the zone. */
export function zonedDateTime(timeZone: string, at: Date): string {
  const wall = at.getTime() + zoneOffsetMinutes(timeZone, at.getTime()) * MINUTE_MS;
  return new Date(wall).toISOString().slice(0, 19).replace("T", " ");
}
