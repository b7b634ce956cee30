import { describe, expect, it } from "vitest";
import { drawKeyOf, newSeed, seedHashOf } from "./views.js";

// The back office recomputes these with @noble/hashes (apps/web/src/admin/ipos/seedCheck.test.ts pins the
// same values); both were computed with coreutils sha256sum, so a change on either side fails a test.
const seed = "ab".repeat(32);
const id = "e5555555-5555-4555-8555-555555555555";

describe("the IPO seed hash and draw keys", () => {
  it("are SHA-256 in hex of the seed, and of the seed, a colon and the subscription's id", () => {
    expect(seedHashOf(seed)).toBe("271a413bd339c5709fdceaec41f14f11e9fbfb5042d72d331c65f32b284cd09a");
    expect(drawKeyOf(seed, id)).toBe("eaf41db80302e6b1229b74133eb4e0b78f870448b7742d50cb92d12842ade47d");
  });

  it("publishes for a new seed the hash of that seed", () => {
    const { seed: fresh, seedHash } = newSeed();
    expect(fresh).toMatch(/^[0-9a-f]{64}$/);
    expect(seedHash).toBe(seedHashOf(fresh));
    expect(newSeed().seed).not.toBe(fresh);
  });
});
