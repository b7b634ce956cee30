import { z } from "zod";

/**
 * The seat account (spec §6 "A seat account exists. Applying is possible and staff approve it"; DESIGN §4.1
 * Service, review kind `seat`). What a seat grants is named by the operator in `seat.terms` and shown
 * before applying; a reviewer approves or refuses (with a reason), and the user is told in the inbox.
 * States: none (never applied, or nothing offered) → review → approved | rejected (may apply again).
 */
export const SEAT_STATES = ["none", "review", "approved", "rejected"] as const;
export const seatState = z.enum(SEAT_STATES);
export type SeatState = z.infer<typeof seatState>;

export const seatApplication = z.object({
  id: z.string(),
  state: z.enum(["review", "approved", "rejected"]),
  /** The reviewer's reason on a refusal. */
  reason: z.string().nullable(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
});
export type SeatApplication = z.infer<typeof seatApplication>;

const grant = z.object({ en: z.string(), zh: z.string(), cn: z.string(), ko: z.string(), yd: z.string() });

export const seatStatus = z.object({
  state: seatState,
  /** The latest application (null: never applied). */
  application: seatApplication.nullable(),
  /** What a seat grants, each line in every language code of the app; empty: seats are not offered. */
  grants: z.array(grant),
  /** Whether applying needs real-name verification. */
  requireKyc: z.boolean(),
  /** Whether an application may be made now: offered, none waiting, not already a seat holder. */
  canApply: z.boolean(),
});
export type SeatStatus = z.infer<typeof seatStatus>;
