import { describe, expect, it } from "vitest";
import { matchRoutes } from "react-router";
import { routeObjects } from "./router";
import { APP_PATHS } from "./routes";

describe("routes (spec §2)", () => {
  it("registers every path, each lazy-loaded", () => {
    for (const path of APP_PATHS) {
      const matches = matchRoutes(routeObjects, path);
      const leaf = matches?.at(-1)?.route;
      expect(leaf?.path, path).toBe(path);
      expect(typeof leaf?.lazy, path).toBe("function");
    }
  });

  it("has no route parameters", () => {
    for (const path of APP_PATHS) expect(path).not.toMatch(/[:*]/);
  });

  it("loads every screen module", async () => {
    const children = routeObjects[0]?.children ?? [];
    for (const route of children.filter((r) => typeof r.lazy === "function")) {
      const loaded = await (route.lazy as () => Promise<{ Component?: unknown }>)();
      expect(typeof loaded.Component, route.path).toBe("function");
    }
  }, 30_000);
});

describe("screen tables", () => {
  it("name only the app's paths, the log-in flow's in the first load's table and every other in ./screens", async () => {
    const { LOGIN_SCREENS, isLoginPath } = await import("./routes");
    const { APP_SCREENS } = await import("./screens");
    const spec: readonly string[] = APP_PATHS;
    for (const path of Object.keys(LOGIN_SCREENS)) {
      expect(spec, path).toContain(path);
      expect(isLoginPath(path), path).toBe(true);
    }
    for (const path of Object.keys(APP_SCREENS)) {
      expect(spec, path).toContain(path);
      expect(isLoginPath(path), path).toBe(false);
    }
    // Every route has its screen: no path renders a placeholder (issue 31).
    for (const path of APP_PATHS)
      expect(Object.hasOwn(isLoginPath(path) ? LOGIN_SCREENS : APP_SCREENS, path), path).toBe(true);
    expect(Object.keys(LOGIN_SCREENS)).toContain("/login/login");
    expect(Object.keys(APP_SCREENS)).toContain("/home/index");
  });
});
