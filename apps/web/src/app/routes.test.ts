import { describe, expect, it } from "vitest";
import { matchRoutes } from "react-router";
import { routeObjects } from "./router";
import { SPEC_PATHS } from "./routes";

describe("routes (spec §2)", () => {
  it("registers every path, each lazy-loaded", () => {
    for (const path of SPEC_PATHS) {
      const matches = matchRoutes(routeObjects, path);
      const leaf = matches?.at(-1)?.route;
      expect(leaf?.path, path).toBe(path);
      expect(typeof leaf?.lazy, path).toBe("function");
    }
  });

  it("has no route parameters", () => {
    for (const path of SPEC_PATHS) expect(path).not.toMatch(/[:*]/);
  });

  it("loads every screen module", async () => {
    const children = routeObjects[0]?.children ?? [];
    for (const route of children.filter((r) => typeof r.lazy === "function")) {
      const loaded = await (route.lazy as () => Promise<{ Component?: unknown }>)();
      expect(typeof loaded.Component, route.path).toBe("function");
    }
  }, 30_000);
});
