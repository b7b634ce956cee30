import { z } from "zod";

/**
 * Who gets how many new shares, and how anyone checks it (DESIGN §5a "Primary market";
 * docs/primary-market.md; packages/core ipo/allocation.ts, merkle.ts, beacon.ts).
 *
 * - Each offering publishes, before anyone applies, its allocation rule (`lottery`, `equalThenProRata`,
 *   `proRata`), its lot size and the beacon round its draw will use (a round produced after the close).
 * - At the close the platform publishes the Merkle root of all applications; each applicant reads their
 *   inclusion proof (`ipo/proof`).
 * - The draw is f(root, the round's randomness, rule, shares offered, lot size); `ipo/drawRecord` publishes
 *   every input and allotment, and `npm run ipo:verify <offering>` or the back office (`ipos/verify`)
 *   recomputes it.
 * - `ipo/expected {offeringId, quantity}`: what an application may expect if the book stayed as it is now.
 */

export const IPO_ALLOCATION_RULES = ["lottery", "equalThenProRata", "proRata"] as const;
export const ipoAllocationRule = z.enum(IPO_ALLOCATION_RULES);
export type IpoAllocationRule = z.infer<typeof ipoAllocationRule>;

export const IPO_BEACON_PROVIDERS = ["local", "drand-quicknet"] as const;

const hex64 = z.string().regex(/^[0-9a-f]{64}$/);
/**
 * Whole shares as decimal digits (exact, whatever their size; never a JSON number, CONTRIBUTING "Exact
 * money"): every share count of new shares, in answers and requests alike.
 */
export const shareCount = z
  .string()
  .regex(/^(0|[1-9]\d*)$/, "decimal")
  .describe("Whole shares, as decimal digits");

/** Whole shares from 1 to `max` (a request's share count). */
export const sharesUpTo = (max: number) =>
  z
    .string()
    .regex(/^[1-9]\d{0,11}$/, "decimal")
    .refine((v) => !/^\d+$/.test(v) || BigInt(v) <= BigInt(max), { message: "INVALID_INPUT" })
    .describe(`Whole shares from 1 to ${max}, as decimal digits`);

/**
 * Shares asked for: decimal digits with an optional fraction up to `max`, so that a count that is not
 * whole is refused by its own rule (QUANTITY_NOT_WHOLE_LOTS), as an order's quantity is.
 */
export const askedShares = (max: number) =>
  z
    .string()
    .regex(/^\d{1,12}(\.\d{1,8})?$/, "decimal")
    .refine((v) => !/^\d+(\.\d+)?$/.test(v) || BigInt(v.split(".")[0] ?? "0") <= BigInt(max), {
      message: "INVALID_INPUT",
    })
    .describe(`Shares up to ${max}, as a decimal string (whole shares only are taken)`);

/** The beacon round announced for the draw. `independent` false: the local beacon, the operator's own. */
export const ipoBeacon = z.object({
  provider: z.enum(IPO_BEACON_PROVIDERS),
  round: z.number().int(),
  /** When the round is produced: after the close and the root's publication. */
  roundAt: z.string(),
  independent: z.boolean(),
});

/** What every view of an offering adds about its draw. */
export const ipoDrawTerms = z.object({
  allocationRule: ipoAllocationRule,
  lotSize: shareCount,
  /** Null for an offering drawn before beacons (by its seed). */
  beacon: ipoBeacon.nullable(),
  /** Published at the close. */
  applicationsRoot: hex64.nullable(),
  rootPublishedAt: z.string().nullable(),
  /** The round's randomness, once drawn. */
  randomness: hex64.nullable(),
});

const offeringId = z.string().uuid();

/** `ipo/proof {subscriptionId}`: the user's own application's path to the published root. */
export const ipoProofRequest = z.object({ subscriptionId: z.string().uuid() });
export const ipoMerkleStep = z.object({ side: z.enum(["left", "right"]), hash: hex64 });
export const ipoPublishedApplication = z.object({
  id: z.string().uuid(),
  /** SHA-256(offering id ":" user id): the same for one user's applications, and says nobody's name. */
  applicant: hex64,
  quantity: shareCount,
  appliedAt: z.string(),
});
export const ipoProof = z.object({
  offeringId,
  application: ipoPublishedApplication,
  /** The canonical text the leaf is SHA-256(0x00 ‖ text) of. */
  text: z.string(),
  leaf: hex64,
  path: z.array(ipoMerkleStep),
  root: hex64,
  rootPublishedAt: z.string(),
  applications: z.number().int(),
});
export type IpoProof = z.infer<typeof ipoProof>;

/** `ipo/drawRecord {offeringId}`: a drawn offering's published inputs and allotments. */
export const ipoDrawRecordRequest = z.object({ offeringId });
export const ipoDrawRecord = z.object({
  offeringId,
  symbol: z.string(),
  allocationRule: ipoAllocationRule,
  totalShares: shareCount,
  lotSize: shareCount,
  beacon: ipoBeacon,
  root: hex64,
  rootPublishedAt: z.string(),
  randomness: hex64,
  /** SHA-256 of the lines `id:allotted\n` in leaf order. */
  digest: hex64,
  drawnAt: z.string(),
  applications: z.array(ipoPublishedApplication.extend({ allotted: shareCount })),
});
export type IpoDrawRecord = z.infer<typeof ipoDrawRecord>;

/** `ipo/expected {offeringId, quantity}`: the expected allotment for the quantity typed, before applying. */
export const ipoExpectedRequest = z.object({
  offeringId,
  quantity: sharesUpTo(1_000_000_000),
});
export const ipoExpected = z.object({
  allocationRule: ipoAllocationRule,
  quantity: shareCount,
  /** Expected shares (2 decimals) if the book stayed as now, and the chance of at least one lot (%). */
  expectedShares: z.string(),
  chance: z.string(),
  applicants: z.number().int(),
  subscribedShares: shareCount,
});
export type IpoExpected = z.infer<typeof ipoExpected>;

/** `ipos/verify {id}` (back office): the draw recomputed from its published inputs. Audited (ipo.verify). */
export const adminIpoVerifyRequest = z.object({ id: offeringId });
export const adminIpoVerification = z.object({
  id: offeringId,
  ok: z.boolean(),
  /** The root recomputed from the applications against the one published. */
  root: hex64,
  publishedRoot: hex64,
  rootMatches: z.boolean(),
  /** Whether the root was published before the beacon round was produced. */
  rootBeforeRound: z.boolean(),
  digest: hex64.nullable(),
  publishedDigest: hex64,
  applications: z.number().int(),
  mismatches: z.number().int(),
  firstMismatches: z.array(z.object({ id: z.string().uuid(), recorded: shareCount, recomputed: shareCount })),
  allocationRule: ipoAllocationRule,
  beacon: ipoBeacon,
  randomness: hex64,
});
export type AdminIpoVerification = z.infer<typeof adminIpoVerification>;

export const IPO_VERIFY_AUDIT = "ipo.verify";
