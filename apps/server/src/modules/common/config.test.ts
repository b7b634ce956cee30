import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { config } from "../../db/schema/index.js";
import { buildTestApp, call, type TestApp } from "../../../test/helper.js";

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const entriesOf = async () => {
  const answer = await call(t.app, "common/config", { type: "all" });
  expect(answer).toMatchObject({ httpStatus: 200, status: 1 });
  return answer.data as { name: string; value: string }[];
};

describe("common/config", () => {
  it("answers the app's settings without a session (app-settings.test.ts sets them)", async () => {
    const entries = new Map((await entriesOf()).map((e) => [e.name, e.value]));
    expect(entries.get("title")).toBe("Brokerage");
    expect(entries.get("languages")).toBe("en,zh,cn,ko,yd");
    expect(entries.get("kefu")).toBe("");
    expect(entries.get("logo")).toBe("static/logo.svg");
  });

  it("serves the built-in logo under the image base path, and no operator's page", async () => {
    const response = await t.app.inject({ method: "GET", url: "/api/static/logo.svg" });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toContain("image/svg+xml");
    expect(response.body).toContain("<svg");
    expect((await t.app.inject({ method: "GET", url: "/api/static/support.html" })).statusCode).toBe(404);
  });

  it("lists other stored names, while the app's own come from its settings", async () => {
    await t.database.db.insert(config).values([
      { name: "zz_custom", value: "42" },
      { name: "kefu", value: "/api/static/support.html" },
    ]);
    const entries = await entriesOf();
    expect(entries).toContainEqual({ name: "zz_custom", value: "42" });
    expect(entries.filter((e) => e.name === "kefu")).toEqual([{ name: "kefu", value: "" }]);
    expect(entries.map((e) => e.name)).toEqual([...entries.map((e) => e.name)].sort());
  });

  it("refuses another type", async () => {
    const answer = await call(t.app, "common/config", { type: "some" });
    expect(answer).toMatchObject({ status: 0, code: "INVALID_INPUT", params: { field: "type" } });
  });
});
