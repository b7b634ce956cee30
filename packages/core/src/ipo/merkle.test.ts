import { describe, expect, it } from "vitest";
import fc from "fast-check";
import {
  applicationLeaf,
  applicationText,
  EMPTY_ROOT,
  merkleProof,
  merkleRoot,
  verifyMerkleProof,
} from "./merkle.js";

const app = (i: number, quantity = 100n) => ({
  id: `id-${i}`,
  applicant: `a${i}`,
  quantity,
  appliedAt: "2026-12-01T00:00:00.000Z",
});

describe("the applications' Merkle tree", () => {
  it("encodes an application canonically", () => {
    expect(applicationText(app(1))).toBe("ipo-application-v1\nid-1\na1\n100\n2026-12-01T00:00:00.000Z");
    expect(() => applicationText({ ...app(1), id: "a\nb" })).toThrow(RangeError);
  });

  it("changes its root when one application changes", () => {
    const leaves = Array.from({ length: 7 }, (_, i) => applicationLeaf(app(i)));
    const changed = [...leaves];
    changed[4] = applicationLeaf(app(4, 101n));
    expect(merkleRoot(changed)).not.toBe(merkleRoot(leaves));
    expect(merkleRoot([...leaves].reverse())).toBe(merkleRoot(leaves));
    expect(merkleRoot([])).toBe(EMPTY_ROOT);
  });

  it("gives every leaf a path to the root, and no path for a changed leaf", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 40 }), (n) => {
        const leaves = Array.from({ length: n }, (_, i) => applicationLeaf(app(i)));
        const root = merkleRoot(leaves);
        for (const leaf of leaves) {
          const path = merkleProof(leaves, leaf);
          expect(path && verifyMerkleProof(leaf, path, root)).toBe(true);
        }
        const path = merkleProof(leaves, leaves[0] as string) ?? [];
        expect(verifyMerkleProof(applicationLeaf(app(999)), path, root)).toBe(false);
      }),
      { numRuns: 20 },
    );
  });
});
