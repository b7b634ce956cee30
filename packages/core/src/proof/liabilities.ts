import { sha256 } from "@noble/hashes/sha2.js";
import { bytesToHex, concatBytes, utf8ToBytes } from "@noble/hashes/utils.js";

/**
 * The Merkle sum tree of a proof of liabilities (docs/honesty.md "Proof of liabilities"): pure, shared by
 * the server (which builds the tree) and the app (which verifies a user's path in the browser).
 *
 * - Amounts are integers of the ledger's smallest unit (10⁻⁸ of the currency), as bigints; in texts, their
 *   decimal digits with a `-` before a negative one.
 * - A user's commitment = SHA-256(UTF-8 `liability-user-v1\n<user id>\n<salt>`), hex: it names the user to
 *   whoever knows the salt (the user, from `proof/mine`) and to nobody else.
 * - leaf = SHA-256(0x00 ‖ UTF-8 `liability-leaf-v1\n<currency>\n<commitment>\n<balance>`), its sum the balance.
 * - node = SHA-256(0x01 ‖ UTF-8 `<left hash>\n<left sum>\n<right hash>\n<right sum>`), its sum the two
 *   sums added. Both children's sums are in the hash, not only their total, so no sum can be moved from one
 *   side to the other unseen.
 * - The leaves are ordered by their hash (hex, ascending), which the random salts make a random order; an
 *   odd node at the end of a level is carried up unchanged. The root of no leaves is SHA-256 of nothing,
 *   its sum 0.
 * - Every sum must be at least 0: a verifier rejects a path with a negative sum anywhere (a negative leaf
 *   could otherwise cancel other users' balances out of the total).
 */

export const LIABILITY_LEAF_VERSION = "liability-leaf-v1";
export const LIABILITY_USER_VERSION = "liability-user-v1";

/** The ledger's scale: amounts in the tree are integers of 10⁻⁸. */
export const PROOF_SCALE = 8;

const LEAF = Uint8Array.of(0);
const NODE = Uint8Array.of(1);
const hex = (bytes: Uint8Array) => bytesToHex(sha256(bytes));

export interface SumNode {
  hash: string;
  sum: bigint;
}

/** One step of a path: the sibling (hash and sum) and on which side of the running node it goes. */
export interface SumStep {
  side: "left" | "right";
  hash: string;
  sum: bigint;
}

/** A decimal amount ("12.5", "-0.00000001") as integer units of 10⁻⁸; more than 8 decimals is refused. */
export function toProofUnits(amount: string): bigint {
  const match = /^(-?)(\d+)(?:\.(\d{1,8}))?$/.exec(amount.trim());
  if (!match) throw new RangeError(`amount ${amount}`);
  const [, sign, whole, fraction = ""] = match;
  const units = BigInt(`${whole}${fraction.padEnd(PROOF_SCALE, "0")}`);
  return sign === "-" ? -units : units;
}

/** Units of 10⁻⁸ as a decimal amount without trailing zeros ("1250000000" → "12.5"). */
export function fromProofUnits(units: bigint): string {
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString().padStart(PROOF_SCALE + 1, "0");
  const whole = digits.slice(0, -PROOF_SCALE);
  const fraction = digits.slice(-PROOF_SCALE).replace(/0+$/, "");
  return `${negative ? "-" : ""}${whole}${fraction ? `.${fraction}` : ""}`;
}

export const userCommitment = (userId: string, salt: string): string =>
  hex(utf8ToBytes(`${LIABILITY_USER_VERSION}\n${userId}\n${salt}`));

export const liabilityLeaf = (currency: string, commitment: string, balance: bigint): SumNode => ({
  hash: hex(
    concatBytes(LEAF, utf8ToBytes(`${LIABILITY_LEAF_VERSION}\n${currency}\n${commitment}\n${balance}`)),
  ),
  sum: balance,
});

export const sumNode = (left: SumNode, right: SumNode): SumNode => ({
  hash: hex(concatBytes(NODE, utf8ToBytes(`${left.hash}\n${left.sum}\n${right.hash}\n${right.sum}`))),
  sum: left.sum + right.sum,
});

export const EMPTY_SUM_ROOT: SumNode = { hash: hex(new Uint8Array(0)), sum: 0n };

/** The tree's levels over `leaves` (any order: sorted by hash here), the leaves first, the root last. */
export function sumTreeLevels(leaves: readonly SumNode[]): SumNode[][] {
  if (leaves.some((leaf) => leaf.sum < 0n)) throw new RangeError("a negative balance cannot be a leaf");
  const sorted = [...leaves].sort((a, b) => (a.hash < b.hash ? -1 : a.hash > b.hash ? 1 : 0));
  const levels = [sorted];
  let level = sorted;
  while (level.length > 1) {
    const next: SumNode[] = [];
    for (let i = 0; i < level.length; i += 2) {
      const left = level[i] as SumNode;
      const right = level[i + 1];
      next.push(right === undefined ? left : sumNode(left, right));
    }
    levels.push(next);
    level = next;
  }
  return levels;
}

export function sumTreeRoot(leaves: readonly SumNode[]): SumNode {
  if (leaves.length === 0) return EMPTY_SUM_ROOT;
  const levels = sumTreeLevels(leaves);
  return levels[levels.length - 1]?.[0] as SumNode;
}

/** The path from the leaf `hash` to the root (undefined when no leaf has that hash). */
export function sumTreePath(levels: readonly SumNode[][], hash: string): SumStep[] | undefined {
  let index = levels[0]?.findIndex((leaf) => leaf.hash === hash) ?? -1;
  if (index < 0) return undefined;
  const path: SumStep[] = [];
  for (const level of levels.slice(0, -1)) {
    const sibling = level[index % 2 === 0 ? index + 1 : index - 1];
    if (sibling)
      path.push({ side: index % 2 === 0 ? "right" : "left", hash: sibling.hash, sum: sibling.sum });
    index = Math.floor(index / 2);
  }
  return path;
}

/** What a user checks: their own id, salt and balance, the path, and the published root and total. */
export interface InclusionClaim {
  currency: string;
  userId: string;
  salt: string;
  balance: bigint;
  path: readonly SumStep[];
  root: string;
  total: bigint;
}

export type InclusionVerdict =
  | { ok: true; leaf: string; steps: number }
  /** `negative`: a sum below zero on the path; `root`: the path does not end at the published root and total. */
  | { ok: false; reason: "negative" | "root" | "malformed" };

const HASH = /^[0-9a-f]{64}$/;

/** Recomputes the leaf from the claim and the path from it; answers whether it ends at the published root. */
export function verifyInclusion(claim: InclusionClaim): InclusionVerdict {
  if (!HASH.test(claim.root) || !claim.path.every((step) => HASH.test(step.hash)))
    return { ok: false, reason: "malformed" };
  if (claim.balance < 0n || claim.total < 0n) return { ok: false, reason: "negative" };
  const leaf = liabilityLeaf(claim.currency, userCommitment(claim.userId, claim.salt), claim.balance);
  let node = leaf;
  for (const step of claim.path) {
    if (step.sum < 0n) return { ok: false, reason: "negative" };
    const sibling = { hash: step.hash, sum: step.sum };
    node = step.side === "left" ? sumNode(sibling, node) : sumNode(node, sibling);
  }
  if (node.hash !== claim.root || node.sum !== claim.total) return { ok: false, reason: "root" };
  return { ok: true, leaf: leaf.hash, steps: claim.path.length };
}
