import { sha256 } from "@noble/hashes/sha2.js";
import { bytesToHex, concatBytes, hexToBytes, utf8ToBytes } from "@noble/hashes/utils.js";

/**
 * The Merkle tree of an offering's applications (docs/primary-market.md "The applications' root"), published
 * when subscription closes so that no application can be added, removed or changed afterwards unseen.
 *
 * - An application's canonical text is `ipo-application-v1`, then its id, applicant reference, quantity
 *   (whole shares, decimal digits) and time (ISO 8601, UTC, milliseconds), each on its own line ("\n",
 *   no trailing newline). None of the fields can hold a newline, so the text is unambiguous.
 * - leaf = SHA-256(0x00 ‖ UTF-8 text); node = SHA-256(0x01 ‖ left ‖ right): the prefixes of RFC 6962 §2.1
 *   keep a leaf from passing for a node.
 * - The leaves are sorted by their hash (hex, ascending); an odd node at the end of a level is carried up
 *   unchanged (not duplicated, which would let two different lists share a root, CVE-2012-2459).
 * - The root of no applications is SHA-256 of nothing.
 */

export interface IpoApplication {
  id: string;
  /** Who applied, without saying who: the same for one user's applications to one offering. */
  applicant: string;
  /** Whole shares applied for. */
  quantity: bigint;
  /** When it was made, ISO 8601 UTC. */
  appliedAt: string;
}

export const IPO_LEAF_VERSION = "ipo-application-v1";

const FIELD = /^[^\n]*$/;

/** The canonical text of an application (what its leaf is the hash of). */
export function applicationText(application: IpoApplication): string {
  const fields = [application.id, application.applicant, application.appliedAt];
  if (!fields.every((field) => FIELD.test(field)) || application.quantity <= 0n)
    throw new RangeError("application");
  return [
    IPO_LEAF_VERSION,
    application.id,
    application.applicant,
    application.quantity.toString(),
    application.appliedAt,
  ].join("\n");
}

const LEAF = Uint8Array.of(0);
const NODE = Uint8Array.of(1);

/** An application's leaf: SHA-256(0x00 ‖ canonical text), hex. */
export const applicationLeaf = (application: IpoApplication): string =>
  bytesToHex(sha256(concatBytes(LEAF, utf8ToBytes(applicationText(application)))));

/** An inner node: SHA-256(0x01 ‖ left ‖ right), hex. */
export const merkleNode = (left: string, right: string): string =>
  bytesToHex(sha256(concatBytes(NODE, hexToBytes(left), hexToBytes(right))));

export const EMPTY_ROOT = bytesToHex(sha256(new Uint8Array(0)));

/** One step of an inclusion proof: the sibling's hash and on which side of the running hash it goes. */
export interface MerkleStep {
  side: "left" | "right";
  hash: string;
}

/** The levels of the tree over `leaves` (any order: they are sorted), the leaves first, the root last. */
function levelsOf(leaves: readonly string[]): string[][] {
  const sorted = [...leaves].sort();
  const levels = [sorted];
  let level = sorted;
  while (level.length > 1) {
    const next: string[] = [];
    for (let i = 0; i < level.length; i += 2) {
      const left = level[i] as string;
      const right = level[i + 1];
      next.push(right === undefined ? left : merkleNode(left, right));
    }
    levels.push(next);
    level = next;
  }
  return levels;
}

/** The root over the leaves (hex). */
export function merkleRoot(leaves: readonly string[]): string {
  if (leaves.length === 0) return EMPTY_ROOT;
  const levels = levelsOf(leaves);
  return levels[levels.length - 1]?.[0] as string;
}

/** The path from `leaf` to the root (undefined when the leaf is not among them). */
export function merkleProof(leaves: readonly string[], leaf: string): MerkleStep[] | undefined {
  const levels = levelsOf(leaves);
  let index = levels[0]?.indexOf(leaf) ?? -1;
  if (index < 0) return undefined;
  const path: MerkleStep[] = [];
  for (const level of levels.slice(0, -1)) {
    const sibling = index % 2 === 0 ? index + 1 : index - 1;
    const hash = level[sibling];
    if (hash !== undefined) path.push({ side: index % 2 === 0 ? "right" : "left", hash });
    index = Math.floor(index / 2);
  }
  return path;
}

/** Whether `path` leads from `leaf` to `root`. */
export function verifyMerkleProof(leaf: string, path: readonly MerkleStep[], root: string): boolean {
  let hash = leaf;
  try {
    for (const step of path)
      hash = step.side === "left" ? merkleNode(step.hash, hash) : merkleNode(hash, step.hash);
  } catch {
    return false;
  }
  return hash === root;
}
