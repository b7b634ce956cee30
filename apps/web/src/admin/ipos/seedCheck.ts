import { applicationLeaf, drawRank, ipoDrawKeyInput } from "@brokerage/core";
import { sha256 } from "@noble/hashes/sha2.js";
import { bytesToHex, utf8ToBytes } from "@noble/hashes/utils.js";

/**
 * The browser's side of "anyone can repeat the lottery": the same SHA-256 the server computes with
 * node:crypto, here from @noble/hashes, which is synchronous and, unlike Web Crypto, also there when the
 * back office is served over plain HTTP (crypto.subtle exists only in secure contexts).
 */
export const sha256Hex = (text: string): string => bytesToHex(sha256(utf8ToBytes(text)));

/** Whether the published seed hashes to the hash published before anyone subscribed (null: not yet known). */
export const seedMatchesHash = (seed: string | null, seedHash: string): boolean | null =>
  seed === null ? null : sha256Hex(seed) === seedHash;

/** Each drawn subscription's key recomputed from the seed: id → whether it matches. Empty before the draw. */
export function drawKeyMatches(
  seed: string | null,
  rows: readonly { id: string; drawKey: string | null }[],
): Map<string, boolean> {
  const checked = new Map<string, boolean>();
  if (seed === null) return checked;
  for (const row of rows) {
    if (row.drawKey !== null) checked.set(row.id, sha256Hex(ipoDrawKeyInput(seed, row.id)) === row.drawKey);
  }
  return checked;
}

/**
 * Each drawn subscription's rank recomputed from the published randomness (docs/primary-market.md): its leaf
 * from the id, the applicant reference SHA-256(offering id ":" user id), the quantity and the time, then
 * SHA-256(randomness ":" leaf). Id → whether it matches; empty before a beacon draw.
 */
export function drawRankMatches(
  offering: { id: string; randomness: string | null } | null,
  rows: readonly {
    id: string;
    userId: string;
    quantity: string;
    createdAt: string;
    drawKey: string | null;
  }[],
): Map<string, boolean> {
  const checked = new Map<string, boolean>();
  if (offering?.randomness == null) return checked;
  for (const row of rows) {
    if (row.drawKey === null) continue;
    const leaf = applicationLeaf({
      id: row.id,
      applicant: sha256Hex(`${offering.id}:${row.userId}`),
      quantity: BigInt(row.quantity),
      appliedAt: row.createdAt,
    });
    checked.set(row.id, drawRank(offering.randomness, leaf) === row.drawKey);
  }
  return checked;
}
