import { describe, expect, it } from "vitest";
import { createHash } from "node:crypto";
import { drawKeyMatches, drawRankMatches, seedMatchesHash, sha256Hex } from "./seedCheck";

// The same values are pinned for the server's node:crypto in apps/server/src/modules/ipo/draw-key.test.ts;
// both were computed with coreutils sha256sum.
const seed = "ab".repeat(32);
const id = "e5555555-5555-4555-8555-555555555555";
const seedHash = "271a413bd339c5709fdceaec41f14f11e9fbfb5042d72d331c65f32b284cd09a";
const drawKey = "eaf41db80302e6b1229b74133eb4e0b78f870448b7742d50cb92d12842ade47d";

describe("the back office's check of an IPO draw", () => {
  it("hashes as sha256sum does, UTF-8 included", () => {
    expect(sha256Hex("")).toBe("e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
    expect(sha256Hex(seed)).toBe(seedHash);
    expect(sha256Hex("€")).toBe("c4cc90ed3d26f12d4b08a75140970a7904035c31cbb4515a83f19b9003c00d1d");
  });

  it("checks the seed against its published hash", () => {
    expect(seedMatchesHash(seed, seedHash)).toBe(true);
    expect(seedMatchesHash("cd".repeat(32), seedHash)).toBe(false);
    expect(seedMatchesHash(null, seedHash)).toBeNull();
  });

  it("recomputes each drawn key from the seed and the subscription's id", () => {
    const other = "f6666666-6666-4666-8666-666666666666";
    const pending = "a7777777-7777-4777-8777-777777777777";
    const checked = drawKeyMatches(seed, [
      { id, drawKey },
      { id: other, drawKey },
      { id: pending, drawKey: null },
    ]);
    expect(Object.fromEntries(checked)).toEqual({ [id]: true, [other]: false });
    expect(drawKeyMatches(null, [{ id, drawKey }]).size).toBe(0);
  });

  it("recomputes each rank of a beacon draw as docs/primary-market.md defines it", () => {
    // An independent reading of the document: leaf = SHA-256(0x00 ‖ text), rank = SHA-256(randomness:leaf).
    const hex = (data: string | Buffer) => createHash("sha256").update(data).digest("hex");
    const offering = { id: "b2222222-2222-4222-8222-222222222222", randomness: "cd".repeat(32) };
    const row = {
      id,
      userId: "c3333333-3333-4333-8333-333333333333",
      quantity: "10000",
      createdAt: "2026-11-25T04:00:00.000Z",
    };
    const text = ["ipo-application-v1", id, hex(`${offering.id}:${row.userId}`), "10000", row.createdAt].join(
      "\n",
    );
    const leaf = hex(Buffer.concat([Buffer.of(0), Buffer.from(text, "utf8")]));
    const rank = hex(`${offering.randomness}:${leaf}`);
    const checked = drawRankMatches(offering, [
      { ...row, drawKey: rank },
      { ...row, id: "f6666666-6666-4666-8666-666666666666", drawKey: rank },
    ]);
    expect([...checked.values()]).toEqual([true, false]);
    expect(drawRankMatches({ ...offering, randomness: null }, [{ ...row, drawKey: rank }]).size).toBe(0);
  });
});
