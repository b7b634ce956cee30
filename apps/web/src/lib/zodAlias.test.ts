// @vitest-environment node
// Node, not jsdom: the Vite configs resolve their paths from file: URLs.
import { describe, expect, it } from "vitest";
import { zodAlias } from "../../zodAlias";

describe("the bundles' zod", () => {
  it("is what both builds resolve a bare 'zod' to, while 'zod/…' stays zod's own", async () => {
    const [alias] = zodAlias as { find: RegExp; replacement: string }[];
    expect(alias?.replacement).toMatch(/[\\/]src[\\/]lib[\\/]zodJitless\.ts$/);
    expect(alias?.find.test("zod")).toBe(true);
    expect(alias?.find.test("zod/v4")).toBe(false);
    expect(alias?.find.test("zod-to-json")).toBe(false);
    const app = (await import("../../vite.config")).default as { resolve?: { alias?: unknown } };
    const admin = (await import("../../vite.admin.config")).default as { resolve?: { alias?: unknown } };
    expect(app.resolve?.alias).toBe(zodAlias);
    expect(admin.resolve?.alias).toBe(zodAlias);
  });
});
