import { describe, expect, it } from "vitest";
import {
  EMPTY_SUM_ROOT,
  fromProofUnits,
  liabilityLeaf,
  sumNode,
  sumTreeLevels,
  sumTreePath,
  sumTreeRoot,
  toProofUnits,
  userCommitment,
  verifyInclusion,
  type InclusionClaim,
} from "./liabilities.js";

const users = ["u-1", "u-2", "u-3", "u-4", "u-5"].map((id, i) => ({
  id,
  salt: `${i}`.repeat(64),
  balance: toProofUnits(["10", "0.5", "1234.56789012", "0", "7"][i] as string),
}));
const leaves = users.map((u) => liabilityLeaf("USD", userCommitment(u.id, u.salt), u.balance));
const levels = sumTreeLevels(leaves);
const root = sumTreeRoot(leaves);

function claimOf(index: number): InclusionClaim {
  const user = users[index]!;
  const path = sumTreePath(levels, leaves[index]!.hash)!;
  return {
    currency: "USD",
    userId: user.id,
    salt: user.salt,
    balance: user.balance,
    path,
    root: root.hash,
    total: root.sum,
  };
}

describe("proof units", () => {
  it("converts exact decimals both ways without numbers", () => {
    expect(toProofUnits("1234.56789012")).toBe(123456789012n);
    expect(toProofUnits("-0.00000001")).toBe(-1n);
    expect(fromProofUnits(1250000000n)).toBe("12.5");
    expect(fromProofUnits(-1n)).toBe("-0.00000001");
    expect(fromProofUnits(toProofUnits("99999999999999999999.12345678"))).toBe(
      "99999999999999999999.12345678",
    );
    expect(() => toProofUnits("1.123456789")).toThrow(RangeError);
    expect(() => toProofUnits("1e5")).toThrow(RangeError);
  });
});

describe("the Merkle sum tree of liabilities", () => {
  it("totals every balance at the root, and each user's path verifies", () => {
    expect(root.sum).toBe(users.reduce((s, u) => s + u.balance, 0n));
    users.forEach((_, i) => expect(verifyInclusion(claimOf(i))).toMatchObject({ ok: true }));
    expect(sumTreeRoot([])).toEqual(EMPTY_SUM_ROOT);
  });

  it("fails a changed balance, a changed salt or user, and a changed sibling hash or sum", () => {
    const claim = claimOf(2);
    expect(verifyInclusion({ ...claim, balance: claim.balance - 1n })).toEqual({ ok: false, reason: "root" });
    expect(verifyInclusion({ ...claim, userId: "u-9" })).toEqual({ ok: false, reason: "root" });
    expect(verifyInclusion({ ...claim, salt: "f".repeat(64) })).toEqual({ ok: false, reason: "root" });
    const [first, ...rest] = claim.path;
    const flipped = first!.hash.replace(/^./, (c) => (c === "0" ? "1" : "0"));
    expect(verifyInclusion({ ...claim, path: [{ ...first!, hash: flipped }, ...rest] })).toEqual({
      ok: false,
      reason: "root",
    });
    // Moving a unit from the sibling to the user keeps the total but not the root.
    expect(
      verifyInclusion({
        ...claim,
        balance: claim.balance + 1n,
        path: [{ ...first!, sum: first!.sum - 1n }, ...rest],
      }),
    ).toEqual({ ok: false, reason: "root" });
    expect(verifyInclusion({ ...claim, total: claim.total + 1n })).toEqual({ ok: false, reason: "root" });
  });

  it("rejects a negative sum anywhere, even one whose hashes add up", () => {
    // A tree built by hand with a negative leaf beside the user's: its root is consistent, yet refused.
    const mine = liabilityLeaf("USD", userCommitment("me", "a".repeat(64)), 100n);
    const hidden = liabilityLeaf("USD", userCommitment("debtor", "b".repeat(64)), -60n);
    const top = sumNode(mine, hidden);
    const claim: InclusionClaim = {
      currency: "USD",
      userId: "me",
      salt: "a".repeat(64),
      balance: 100n,
      path: [{ side: "right", hash: hidden.hash, sum: hidden.sum }],
      root: top.hash,
      total: top.sum,
    };
    expect(verifyInclusion(claim)).toEqual({ ok: false, reason: "negative" });
    expect(verifyInclusion({ ...claim, balance: -1n })).toEqual({ ok: false, reason: "negative" });
    expect(() => sumTreeLevels([mine, hidden])).toThrow(RangeError);
  });

  it("refuses a malformed path", () => {
    const claim = claimOf(0);
    expect(verifyInclusion({ ...claim, root: "zz" })).toEqual({ ok: false, reason: "malformed" });
  });
});
