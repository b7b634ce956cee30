import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { DOCUMENT_STYLE_HASH } from "../lib/html.js";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Fastify, { type FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { securityHeadersPlugin } from "./security-headers.js";
import { IMMUTABLE, REVALIDATE, webPlugin } from "./web.js";

/** The web build's two apps: the phone app at / and the back office at /admin/ (its own build). */
let app: FastifyInstance;
let webDist: string;
beforeAll(async () => {
  webDist = mkdtempSync(join(tmpdir(), "web-dist-"));
  writeFileSync(join(webDist, "index.html"), "<!doctype html><title>Brokerage app</title>");
  mkdirSync(join(webDist, "admin", "assets"), { recursive: true });
  writeFileSync(join(webDist, "admin", "index.html"), "<!doctype html><title>Back office</title>");
  writeFileSync(join(webDist, "admin", "index.html.br"), "BROTLI-ADMIN");
  writeFileSync(join(webDist, "admin", "assets", "index-abcd.js"), "console.log('admin')");
  writeFileSync(join(webDist, "admin", ".env"), "SECRET=1");
  app = Fastify();
  await app.register(securityHeadersPlugin);
  await app.register(webPlugin, { webDist });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  rmSync(webDist, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) =>
  app.inject({ method: "GET", url, headers });

describe("the back office at /admin/", () => {
  it("answers its pages, deep links included, with its own index.html, asked again each time", async () => {
    for (const url of [
      "/admin/",
      "/admin/reviews",
      "/admin/users/5b0c2a4e-3f5e-4a34-9f2c-4b4a2b3c1d0e",
      "/admin/login?x=1",
    ]) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toContain("<title>Back office</title>");
      expect(response.headers["content-type"], url).toMatch(/^text\/html/);
      expect(response.headers["cache-control"], url).toBe(REVALIDATE);
    }
  });

  it("sends the precompressed copy of its index.html to a client that accepts it", async () => {
    const response = await get("/admin/users/1", { "accept-encoding": "br" });
    expect(response.headers["content-encoding"]).toBe("br");
    expect(response.body).toBe("BROTLI-ADMIN");
  });

  it("redirects /admin to /admin/", async () => {
    const response = await get("/admin");
    expect(response.statusCode).toBe(301);
    expect(response.headers.location).toBe("/admin/");
  });

  it("serves its hashed assets for good, and a missing asset is a 404, not the app", async () => {
    const asset = await get("/admin/assets/index-abcd.js");
    expect(asset.statusCode).toBe(200);
    expect(asset.body).toBe("console.log('admin')");
    expect(asset.headers["cache-control"]).toBe(IMMUTABLE);
    for (const url of ["/admin/assets/gone-1234.js", "/admin/favicon.ico"]) {
      const missing = await get(url);
      expect(missing.statusCode, url).toBe(404);
      expect(missing.body, url).not.toContain("Back office");
    }
  });

  it("never serves a dotfile or a path out of its folder", async () => {
    for (const url of [
      "/admin/.env",
      "/admin/assets/../.env",
      "/admin/%2e%2e/index.html",
      "/admin/..%2f..%2fetc/passwd",
    ]) {
      const response = await get(url);
      expect(response.body, url).not.toContain("SECRET");
      expect(response.body, url).not.toContain("root:");
    }
    expect((await get("/admin/.env")).statusCode).toBe(404);
  });

  it("runs under the phone app's strict policy (antd in zero-runtime mode needs no inline style)", async () => {
    const csp = (await get("/admin/reviews")).headers["content-security-policy"];
    // Beside the app's own sheets, only the documents' one stylesheet by its hash (a contract note's frame).
    expect(csp).toContain(`style-src 'self' ${DOCUMENT_STYLE_HASH};`);
    expect(csp).not.toContain("unsafe-inline");
    expect(csp).toContain("script-src 'self';");
    // One policy, the same for every answer: no nonce or per-page allowance for the back office.
    expect(csp).not.toContain("nonce-");
    expect((await get("/admin/login")).headers["content-security-policy"]).toBe(csp);
    expect((await get("/")).headers["content-security-policy"]).toBe(csp);
  });

  it("leaves the phone app where it was", async () => {
    const response = await get("/");
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain("<title>Brokerage app</title>");
  });
});
