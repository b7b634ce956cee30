import { afterEach, describe, expect, it } from "vitest";
import { createMemoryRouter } from "react-router";
import { APP_PATHS } from "./routes";
import { routeObjects } from "./router";
import { PUBLIC_PATHS, isPublicPath, loginPathFor, returnTargetOf } from "./access";

afterEach(() => localStorage.clear());

describe("which screens need a session", () => {
  it("leaves the signed-out screens and what they link to public", () => {
    for (const path of [
      "/login/start",
      "/login/start1",
      "/login/login",
      "/login/register",
      "/login/reLogin",
      "/information/changeLang",
      "/information/aboutInfo",
      "/information/aboutUs",
      "/information/company",
      "/home/kefuView",
      "/information/proof",
    ])
      expect(isPublicPath(path), path).toBe(true);
  });

  it("guards the account's own screens, quotes included", () => {
    for (const path of [
      "/login/loginAfter",
      "/home/index",
      "/home/newsList",
      "/market/index",
      "/market/stockDetail",
      "/favorite/index",
      "/trade/index",
      "/information/index",
      "/information/setting",
      "/information/loginPass",
      "/information/cashOut",
    ])
      expect(isPublicPath(path), path).toBe(false);
  });

  it("names only screens that exist", () => {
    const app = new Set<string>(APP_PATHS);
    for (const path of PUBLIC_PATHS) expect(app.has(path), path).toBe(true);
  });
});

describe("the return target after log-in", () => {
  it("accepts a screen of the app", () => {
    expect(returnTargetOf("/home/index")).toBe("/home/index");
    expect(returnTargetOf("/information/index")).toBe("/information/index");
    expect(returnTargetOf("/market/components/optionList")).toBe("/market/components/optionList");
  });

  it.each([
    null,
    undefined,
    "",
    "https://evil.example/home/index",
    "//evil.example/home/index",
    "/\\evil.example",
    "javascript:alert(1)",
    "home/index",
    "/home/index/",
    "/home/index?x=1",
    "/home/index#x",
    "/home/../information/index",
    "/HOME/INDEX",
    " /home/index",
    "/unknown",
    "/login/login",
    "/login/start",
  ])("refuses %j", (raw) => {
    expect(returnTargetOf(raw)).toBeNull();
  });

  it("puts the asked-for screen on the log-in path, and nothing it does not know", () => {
    expect(loginPathFor("/home/index")).toBe("/login/login?from=/home/index");
    expect(loginPathFor("/login/loginAfter")).toBe("/login/login");
    expect(loginPathFor("//evil.example")).toBe("/login/login");
  });
});

describe("the session guard in the router", () => {
  const open = async (path: string) => {
    const router = createMemoryRouter(routeObjects, { initialEntries: [path] });
    await new Promise<void>((resolve) => {
      if (router.state.initialized) resolve();
      else router.subscribe((state) => state.initialized && resolve());
    });
    const { pathname, search } = router.state.location;
    router.dispose();
    return pathname + search;
  };

  it("sends a visitor without a session to log-in, remembering the screen", async () => {
    expect(await open("/home/index")).toBe("/login/login?from=/home/index");
    expect(await open("/information/index")).toBe("/login/login?from=/information/index");
  });

  it("lets a visitor open the public screens", async () => {
    expect(await open("/login/register")).toBe("/login/register");
    expect(await open("/information/changeLang")).toBe("/information/changeLang");
  });

  it("lets a session in", async () => {
    localStorage.setItem("tokend", "tok-1");
    expect(await open("/information/index")).toBe("/information/index");
  });
});
