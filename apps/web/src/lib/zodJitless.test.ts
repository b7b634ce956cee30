import { describe, expect, it } from "vitest";

describe("zod's jitless setting", () => {
  it("is in place before zod loads, and zod adopts it", async () => {
    await import("./zodJitless");
    const { config } = await import("zod");
    expect(config().jitless).toBe(true);
  });
});
