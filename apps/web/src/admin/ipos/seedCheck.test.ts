import { describe, expect, it } from "vitest";
import { drawKeyMatches, seedMatchesHash, sha256Hex } from "./seedCheck";

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
});
