import { allot, type AllocationRule } from "./allocation.js";
import { applicationLeaf, merkleRoot, type IpoApplication } from "./merkle.js";

/** A published draw: its inputs and every allotment the platform recorded (docs/primary-market.md). */
export interface PublishedDraw {
  rule: AllocationRule;
  totalShares: bigint;
  lotSize: bigint;
  root: string;
  randomness: string;
  applications: readonly (IpoApplication & { allotted: bigint })[];
}

export interface DrawVerification {
  /** The root recomputed from the applications, and whether it is the one published. */
  root: string;
  rootMatches: boolean;
  /** The allotments recomputed, and the applications whose recorded allotment differs. */
  digest: string | null;
  mismatches: { id: string; recorded: bigint; recomputed: bigint }[];
  ok: boolean;
}

/** Recomputes a draw from its published inputs alone and compares it with what was recorded. */
export function verifyDraw(draw: PublishedDraw): DrawVerification {
  const root = merkleRoot(draw.applications.map(applicationLeaf));
  if (root !== draw.root) return { root, rootMatches: false, digest: null, mismatches: [], ok: false };
  const result = allot({ ...draw, applications: draw.applications });
  const mismatches = draw.applications
    .map((a) => ({ id: a.id, recorded: a.allotted, recomputed: result.allotted.get(a.id) ?? 0n }))
    .filter((m) => m.recorded !== m.recomputed);
  return { root, rootMatches: true, digest: result.digest, mismatches, ok: mismatches.length === 0 };
}
