import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { request as httpRequest } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { brotliDecompressSync } from "node:zlib";
import { join } from "node:path";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../src/app.js";
import { buildTestApp, type TestApp } from "./helper.js";

/** The HTTP edge: security headers, refusals made before or beside the routes, and request logs. */
let t: TestApp;
let app: FastifyInstance;
let logged: {
  level: number;
  msg: string;
  req?: { url?: string; method?: string };
  res?: { statusCode?: number };
  responseTime?: number;
  reqId?: string;
}[] = [];
beforeAll(async () => {
  t = await buildTestApp();
  const webDist = mkdtempSync(join(tmpdir(), "web-dist-"));
  writeFileSync(join(webDist, "index.html"), "<!doctype html><title>Brokerage app</title>");
  mkdirSync(join(webDist, "assets"));
  writeFileSync(join(webDist, "assets", "app-1234.js"), "console.log(1)");
  // What apps/web/scripts/precompress.mjs leaves beside a built file (contents stand in for the real bytes).
  writeFileSync(join(webDist, "assets", "app-1234.js.br"), "BROTLI");
  writeFileSync(join(webDist, "assets", "app-1234.js.gz"), "GZIP");
  writeFileSync(join(webDist, ".secret"), "hidden");
  app = await buildApp({
    db: t.database.db,
    clock: t.clock,
    webDist,
    trustProxy: (_address: string, hop: number) => hop < 1,
    logger: { level: "debug", stream: { write: (line: string) => void logged.push(JSON.parse(line)) } },
  });
  await app.listen({ port: 0, host: "127.0.0.1" });
});
afterAll(async () => {
  await app.close();
  await t.close();
});

describe("security headers", () => {
  it("sends one strict policy on the app's document, its assets and the API docs", async () => {
    for (const url of ["/", "/assets/app-1234.js", "/api/docs/"]) {
      const response = await app.inject({ method: "GET", url });
      const csp = response.headers["content-security-policy"];
      expect(csp, url).toContain("script-src 'self'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("object-src 'none'");
      expect(csp).not.toContain("unsafe-inline");
      expect(csp).not.toContain("unsafe-eval");
      expect(response.headers["x-content-type-options"]).toBe("nosniff");
      expect(response.headers["referrer-policy"]).toBe("no-referrer");
      expect(response.headers["x-frame-options"]).toBe("DENY");
    }
  });

  it("sends the API's answers the strictest policy and only the headers that apply to them", async () => {
    for (const url of ["/api/vue/common/config", "/api/admin/auth/me", "/api/health"]) {
      const response = await app.inject({ method: url === "/api/health" ? "GET" : "POST", url, payload: {} });
      expect(response.headers["content-security-policy"], url).toBe(
        "default-src 'none';frame-ancestors 'none'",
      );
      expect(response.headers["x-content-type-options"]).toBe("nosniff");
      expect(response.headers["x-frame-options"]).toBe("DENY");
      expect(response.headers["referrer-policy"]).toBe("no-referrer");
      expect(response.headers["cross-origin-resource-policy"]).toBe("same-origin");
      // Document-only headers: nothing the API answers is rendered as a page.
      expect(response.headers["cross-origin-opener-policy"]).toBeUndefined();
      expect(response.headers["x-dns-prefetch-control"]).toBeUndefined();
    }
    const https = await app.inject({
      method: "POST",
      url: "/api/vue/common/config",
      payload: {},
      headers: { "x-forwarded-proto": "https" },
      remoteAddress: "10.9.0.1",
    });
    expect(https.headers["strict-transport-security"]).toMatch(/^max-age=31536000/);
  });

  it("sends HSTS only when the request came over HTTPS through a trusted proxy", async () => {
    const viaProxy = (forwardedProto: string, remoteAddress: string) =>
      app.inject({
        method: "GET",
        url: "/",
        headers: { "x-forwarded-proto": forwardedProto },
        remoteAddress,
      });
    const https = await viaProxy("https", "10.9.0.1");
    expect(https.headers["strict-transport-security"]).toMatch(/^max-age=31536000/);
    expect((await viaProxy("http", "10.9.0.1")).headers["strict-transport-security"]).toBeUndefined();
    // Without a trusted proxy, a client's own X-Forwarded-Proto means nothing.
    const direct = await t.app.inject({ method: "GET", url: "/", headers: { "x-forwarded-proto": "https" } });
    expect(direct.headers["strict-transport-security"]).toBeUndefined();
  });
});

/** A raw HTTP/1.1 request to the listening app, so Node's own parser sees it. */
function rawGet(headers: Record<string, string>): Promise<{ status: number; type: string; body: string }> {
  const { port } = app.server.address() as AddressInfo;
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: "127.0.0.1", port, path: "/api/vue/common/config", headers }, (res) => {
      let body = "";
      res.on("data", (chunk: Buffer) => (body += chunk.toString()));
      res.on("end", () =>
        resolve({ status: res.statusCode ?? 0, type: res.headers["content-type"] ?? "", body }),
      );
    });
    req.on("error", reject);
    req.end();
  });
}

describe("refusals beside the routes", () => {
  it("answers oversized headers with 431 in the envelope", async () => {
    const answer = await rawGet({ "x-padding": "a".repeat(20_000) });
    expect(answer.status).toBe(431);
    expect(answer.type).toContain("application/json");
    expect(JSON.parse(answer.body)).toMatchObject({
      status: 0,
      code: "INVALID_INPUT",
      params: { field: "headers" },
      data: null,
    });
  });

  it.each(["/api/static/../package.json", "/api/static/%2e%2e/package.json", "/api/static/missing.png"])(
    "answers the refused file %s in the envelope",
    async (url) => {
      const response = await app.inject({ method: "GET", url });
      expect(response.statusCode).toBeGreaterThanOrEqual(400);
      expect(response.json()).toMatchObject({ status: 0, data: null });
    },
  );

  it.each(["/%", "/assets/%E0%A4%A", "/api/static/%"])(
    "answers the undecodable URL %s in the envelope",
    async (url) => {
      const response = await app.inject({ method: "GET", url });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ status: 0, code: "INVALID_INPUT", params: { field: "url" } });
    },
  );

  it.each([
    [{ range: "bytes=999999-" }, 416],
    [{ "if-match": '"nope"' }, 412],
  ])(
    "answers a file request it cannot meet (%j) with its status in the envelope",
    async (headers, status) => {
      const response = await app.inject({ method: "GET", url: "/assets/app-1234.js", headers });
      expect(response.statusCode).toBe(status);
      expect(response.json()).toMatchObject({
        status: 0,
        code: "INVALID_INPUT",
        params: { field: "request" },
      });
    },
  );

  it("never serves a dotfile of the web app", async () => {
    const response = await app.inject({ method: "GET", url: "/.secret" });
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain("hidden");
  });
});

describe("delivery", () => {
  it("sends a built file's precompressed copy the client accepts, cached for a year as it is hashed", async () => {
    const asset = (acceptEncoding?: string) =>
      app.inject({
        method: "GET",
        url: "/assets/app-1234.js",
        headers: acceptEncoding ? { "accept-encoding": acceptEncoding } : {},
      });
    const br = await asset("gzip, deflate, br");
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.body).toBe("BROTLI");
    expect(String(br.headers.vary).toLowerCase()).toContain("accept-encoding");
    expect(br.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    const gzip = await asset("gzip");
    expect([gzip.headers["content-encoding"], gzip.body]).toEqual(["gzip", "GZIP"]);
    const plain = await asset();
    expect([plain.headers["content-encoding"], plain.body]).toEqual([undefined, "console.log(1)"]);
  });

  it("has the browser ask again for index.html every time", async () => {
    const response = await app.inject({ method: "GET", url: "/" });
    expect(response.headers["cache-control"]).toBe("no-cache");
  });

  it("compresses API answers of a kilobyte and more, and leaves small ones as they are", async () => {
    const post = (url: string, payload: object) =>
      app.inject({ method: "POST", url, payload, headers: { "accept-encoding": "br, gzip" } });
    const big = await post("/api/vue/market/list", { type: "usd", pageSize: 50 });
    expect(big.headers["content-encoding"]).toBe("br");
    const json = brotliDecompressSync(big.rawPayload).toString();
    expect(JSON.parse(json)).toMatchObject({ status: 1, data: { pageSize: 50 } });
    expect(big.rawPayload.length).toBeLessThan(json.length / 3);
    const small = await post("/api/vue/common/config", { type: "all" });
    expect(small.headers["content-encoding"]).toBeUndefined();
    expect(small.json()).toMatchObject({ status: 1 });
  });
});

describe("request logs", () => {
  it("logs calls of the API in one line at info (method, URL, status, time) and file requests at debug", async () => {
    logged = [];
    await app.inject({ method: "GET", url: "/assets/app-1234.js" });
    await app.inject({ method: "GET", url: "/api/static/logo.svg" });
    await app.inject({ method: "POST", url: "/api/vue/common/config", payload: { type: "all" } });
    const levelsOf = (url: string) => {
      const ids = new Set(logged.filter((l) => l.req?.url === url).map((l) => l.reqId));
      return logged.filter((l) => ids.has(l.reqId) && l.msg.endsWith("request")).map((l) => l.level);
    };
    const DEBUG = 20;
    const INFO = 30;
    expect(levelsOf("/assets/app-1234.js")).toEqual([DEBUG]);
    expect(levelsOf("/api/static/logo.svg")).toEqual([DEBUG]);
    // The incoming-request line of every request is at debug; the completed line of a call carries it all.
    expect(levelsOf("/api/vue/common/config")).toEqual([DEBUG]);
    const call = logged.find((l) => l.req?.url === "/api/vue/common/config" && l.level === INFO);
    expect(call).toMatchObject({
      msg: "request completed",
      req: { method: "POST" },
      res: { statusCode: 200 },
    });
    expect(typeof call?.responseTime).toBe("number");
    const completed = (level: number) =>
      logged.filter((l) => l.msg === "request completed" && l.level === level);
    expect(completed(DEBUG)).toHaveLength(2);
    expect(completed(INFO)).toHaveLength(1);
  });
});
