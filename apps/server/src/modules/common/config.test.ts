import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { config } from "../../db/schema/index.js";
import { buildTestApp, call, type TestApp } from "../../../test/helper.js";

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe("common/config", () => {
  it("lists the seeded name/value pairs without a session", async () => {
    const answer = await call(t.app, "common/config", { type: "all" });
    expect(answer).toMatchObject({ httpStatus: 200, status: 1 });
    const entries = new Map((answer.data as { name: string; value: string }[]).map((e) => [e.name, e.value]));
    expect(entries.get("title")).toBe("Brokerage");
    expect(entries.get("languages")).toBe("en,zh,ko");
    expect(entries.get("kefu")).toMatch(/^(https?:\/\/|\/)/);
    expect(entries.get("logo")).toBe("static/logo.svg");
  });

  it("serves the logo under the image base path", async () => {
    const response = await t.app.inject({ method: "GET", url: "/api/static/logo.svg" });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toContain("image/svg+xml");
    expect(response.body).toContain("<svg");
  });

  it("reads what the operator stored", async () => {
    await t.database.db.insert(config).values({ name: "zz_custom", value: "42" });
    const answer = await call(t.app, "common/config", { type: "all" });
    expect(answer.data).toContainEqual({ name: "zz_custom", value: "42" });
  });

  it("refuses another type", async () => {
    const answer = await call(t.app, "common/config", { type: "some" });
    expect(answer).toMatchObject({ status: 0, code: "INVALID_INPUT", params: { field: "type" } });
  });
});
