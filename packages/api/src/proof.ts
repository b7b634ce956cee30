import { z } from "zod";
import { moneyString } from "./envelope.js";

/**
 * Proof of liabilities (DESIGN §4.1 Proof and records, §5a "Honesty you can check"; docs/honesty.md): the
 * Merkle sum tree of every user's balance per currency, built by the scheduler each day (as of the day's
 * end) and on demand by staff. Amounts in the tree (`*Units`) are integers of 10⁻⁸ of the currency, as
 * decimal digits; the same amounts as decimals beside them are for reading.
 */

const hash = z.string().regex(/^[0-9a-f]{64}$/, "SHA-256, hex");
const units = z.string().regex(/^\d{1,40}$/, "integer of 10⁻⁸");
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "YYYY-MM-DD");

export const PROOF_KINDS = ["daily", "staff"] as const;
export const proofKind = z.enum(PROOF_KINDS);

/** One currency's published tree: its root, the total it commits to and how many balances it holds. */
export const proofTotal = z.object({
  currency: z.string(),
  root: hash,
  total: moneyString,
  totalUnits: units,
  leaves: z.number().int(),
});
export type ProofTotal = z.infer<typeof proofTotal>;

export const proofLatestRequest = z.object({});

/** `proof/latest` (public): the latest proof's date and instant, each currency's root and total. */
export const proofLatest = z.object({
  /** The calendar day (Asia/Kolkata) the proof is of; null: none published yet. */
  date: day.nullable(),
  asOf: z.string().datetime().nullable(),
  kind: proofKind.nullable(),
  builtAt: z.string().datetime().nullable(),
  /** The journal chain's head when it was built (docs/honesty.md): its link number and hash. */
  chainSeq: z.string().nullable(),
  chainHash: hash.nullable(),
  totals: z.array(proofTotal),
});
export type ProofLatest = z.infer<typeof proofLatest>;

/** One sibling on the way from a leaf to the root. */
export const proofStep = z.object({ side: z.enum(["left", "right"]), hash, sumUnits: units });
export type ProofStep = z.infer<typeof proofStep>;

/** The caller's leaf in one currency's tree and the path from it to the root. */
export const proofInclusion = z.object({
  currency: z.string(),
  /** The caller's own user id and salt: the leaf's commitment is recomputed from them. */
  userId: z.string(),
  salt: hash,
  balance: moneyString,
  balanceUnits: units,
  leaf: hash,
  path: z.array(proofStep),
  root: hash,
  totalUnits: units,
});
export type ProofInclusion = z.infer<typeof proofInclusion>;

export const proofMineRequest = z.object({});

/** `proof/mine`: the latest proof's date and the caller's inclusion in each currency they had a balance in. */
export const proofMine = z.object({
  date: day.nullable(),
  asOf: z.string().datetime().nullable(),
  inclusions: z.array(proofInclusion),
});
export type ProofMine = z.infer<typeof proofMine>;

// ---------------------------------------------------------------------------------------------------
// Back office: `proofs/list` (ledger.read), `proofs/build` (ledger.adjust)

export const adminProofListRequest = z.object({});

export const adminProof = z.object({
  id: z.string().uuid(),
  date: day,
  asOf: z.string().datetime(),
  kind: proofKind,
  currency: z.string(),
  root: hash,
  total: moneyString,
  leaves: z.number().int(),
  chainSeq: z.string(),
  builtAt: z.string().datetime(),
  builtBy: z.string().nullable(),
});
export type AdminProof = z.infer<typeof adminProof>;

/** The latest 60 trees, newest first. */
export const adminProofList = z.object({ items: z.array(adminProof) });
export type AdminProofList = z.infer<typeof adminProofList>;

export const adminProofBuildRequest = z.object({});

/** The trees of the build (one per currency); a build of the same minute answers the trees already built. */
export const adminProofBuild = z.object({ built: z.boolean(), items: z.array(adminProof) });
export type AdminProofBuild = z.infer<typeof adminProofBuild>;
