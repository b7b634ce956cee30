import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../src/app.js";
import { buildTestApp, call, type TestApp } from "./helper.js";

let t: TestApp;
let logged: string[] = [];
beforeAll(async () => {
  t = await buildTestApp({
    logger: { level: "error", stream: { write: (line: string) => void logged.push(line) } },
    setup(app) {
      app.post("/api/vue/test/explode", async () => {
        throw new Error("kaboom");
      });
    },
  });
});
afterAll(() => t.close());

const postRaw = (path: string, payload: string) =>
  t.app.inject({
    method: "POST",
    url: `/api/vue/${path}`,
    headers: { "content-type": "application/json" },
    payload,
  });

describe("platform", () => {
  it("answers GET /api/health with status 1", async () => {
    const response = await t.app.inject({ method: "GET", url: "/api/health" });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: 1, data: { time: t.clock.now().toISOString() } });
  });

  it("answers an unknown route with a 404 envelope", async () => {
    const answer = await call(t.app, "nothing/here", {});
    expect(answer).toEqual({
      httpStatus: 404,
      status: 0,
      msg: "Not found",
      code: "NOT_FOUND",
      params: {},
      data: null,
    });
  });

  it("answers an unexpected fault with a 500 envelope carrying the request id, and logs it", async () => {
    logged = [];
    const response = await t.app.inject({ method: "POST", url: "/api/vue/test/explode", payload: {} });
    expect(response.statusCode).toBe(500);
    const body = response.json<{ code: string; requestId: string; msg: string; status: number }>();
    expect(body).toMatchObject({ status: 0, code: "INTERNAL", data: null });
    expect(body.requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(body.msg).toContain(body.requestId);
    expect(response.headers["x-request-id"]).toBe(body.requestId);
    expect(body.msg).not.toContain("kaboom");
    const entry = logged.map((line) => JSON.parse(line) as { reqId?: string; err?: { message?: string } });
    expect(entry).toContainEqual(
      expect.objectContaining({ reqId: body.requestId, err: expect.objectContaining({ message: "kaboom" }) }),
    );
  });

  it("answers malformed JSON as INVALID_INPUT, not a 500", async () => {
    const response = await postRaw("user/login", "{not json");
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: 0, code: "INVALID_INPUT", params: { field: "body" } });
  });

  it("answers a NUL character anywhere in the body as INVALID_INPUT, not a 500", async () => {
    for (const [path, body] of [
      ["user/login", { account: "ab\u0000cd", password: "whatever-1" }],
      [
        "user/register",
        {
          account: "nuluser",
          password: "p4ssword!",
          confirmPassword: "p4ssword!",
          inviteCode: "X\u0000",
          agree: true,
        },
      ],
      ["market/search", { keyword: ["nested", "\u0000"] }],
    ] as const) {
      const response = await postRaw(path, JSON.stringify(body));
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ status: 0, code: "INVALID_INPUT", params: { field: "body" } });
    }
  });

  it("treats an empty JSON body like no body", async () => {
    const response = await postRaw("common/config", "");
    expect(response.json()).toMatchObject({ status: 0, code: "INVALID_INPUT", params: { field: "type" } });
  });

  it("serves the OpenAPI document listing the routes, and the Swagger UI", async () => {
    const response = await t.app.inject({ method: "GET", url: "/api/docs/openapi.json" });
    expect(response.statusCode).toBe(200);
    const doc = response.json<{ openapi: string; paths: Record<string, { post?: unknown }> }>();
    expect(doc.openapi).toMatch(/^3\./);
    for (const path of [
      "/api/vue/user/register",
      "/api/vue/user/login",
      "/api/vue/user/logout",
      "/api/vue/user/getUserinfo",
      "/api/vue/user/changeLoginPassword",
      "/api/vue/common/config",
    ]) {
      expect(doc.paths[path]?.post, path).toBeDefined();
    }
    expect(Object.keys(doc.paths).some((p) => p.startsWith("/api/docs"))).toBe(false);
    const ui = await t.app.inject({ method: "GET", url: "/api/docs/" });
    expect(ui.statusCode).toBe(200);
    expect(ui.body).toContain("swagger");
  });

  it("explains how to build the web app when it is missing", async () => {
    const response = await t.app.inject({ method: "GET", url: "/" });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain("npm run build");
  });

  it("serves the built web app at / when it exists", async () => {
    const webDist = mkdtempSync(join(tmpdir(), "web-dist-"));
    writeFileSync(join(webDist, "index.html"), "<!doctype html><title>Brokerage app</title>");
    const app = await buildApp({ db: t.database.db, clock: t.clock, webDist });
    try {
      const response = await app.inject({ method: "GET", url: "/" });
      expect(response.statusCode).toBe(200);
      expect(response.headers["content-type"]).toContain("text/html");
      expect(response.body).toContain("Brokerage app");
    } finally {
      await app.close();
    }
  });
});
