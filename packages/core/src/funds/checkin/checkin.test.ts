import { describe, expect, it } from "vitest";
import { checkInDay, checkInStanding } from "./index.js";

const KOLKATA = "Asia/Kolkata";

describe("checkInDay", () => {
  it("is the calendar day of the zone, with its midnights as instants", () => {
    // 20:00 UTC is 01:30 the next day in Kolkata (UTC+5:30).
    expect(checkInDay(KOLKATA, new Date("2026-01-05T20:00:00Z"))).toEqual({
      day: "2026-01-06",
      todayStart: new Date("2026-01-05T18:30:00Z"),
      yesterdayStart: new Date("2026-01-04T18:30:00Z"),
      tomorrowStart: new Date("2026-01-06T18:30:00Z"),
    });
    expect(checkInDay("UTC", new Date("2026-01-05T20:00:00Z")).day).toBe("2026-01-05");
  });

  it("follows a zone's daylight-saving change (New York, 8 March 2026)", () => {
    const day = checkInDay("America/New_York", new Date("2026-03-08T12:00:00Z"));
    expect(day.todayStart).toEqual(new Date("2026-03-08T05:00:00Z"));
    expect(day.tomorrowStart).toEqual(new Date("2026-03-09T04:00:00Z"));
  });
});

describe("checkInStanding", () => {
  const at = new Date("2026-01-05T18:00:00Z"); // 23:30 in Kolkata on the 5th
  it("nothing before the first check-in", () => {
    expect(checkInStanding(null, KOLKATA, at)).toEqual({ checkedInToday: false, streak: 0 });
  });
  it("today's check-in counts until the zone's midnight", () => {
    const last = { at, streak: 3 };
    expect(checkInStanding(last, KOLKATA, new Date("2026-01-05T18:29:59Z"))).toEqual({
      checkedInToday: true,
      streak: 3,
    });
    // 00:00 in Kolkata: a new day, the streak still alive.
    expect(checkInStanding(last, KOLKATA, new Date("2026-01-05T18:30:00Z"))).toEqual({
      checkedInToday: false,
      streak: 3,
    });
    // A whole day missed: the streak is broken.
    expect(checkInStanding(last, KOLKATA, new Date("2026-01-06T18:30:00Z"))).toEqual({
      checkedInToday: false,
      streak: 0,
    });
  });
  it("a zone further east does not open a second check-in within the same day", () => {
    // Checked in at 23:30 Kolkata; in Tokyo it is already 03:00 on the 6th, but that day began at 15:00 UTC.
    expect(checkInStanding({ at, streak: 1 }, "Asia/Tokyo", new Date("2026-01-05T18:01:00Z"))).toEqual({
      checkedInToday: true,
      streak: 1,
    });
  });
});
