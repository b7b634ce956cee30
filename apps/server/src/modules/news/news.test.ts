import type { AdminNewsPage, NewsArticle, NewsPage } from "@brokerage/api";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, registerUser, type Session, type TestApp } from "../../../test/helper.js";
import { MINUTE } from "../../lib/clock.js";
import { adminCall, createStaff, staffLogin, type StaffLogin } from "../staff/testing.js";
import { news, publishNews } from "./testing.js";

/**
 * The app's news centre over the API: the published articles of a section and language, newest first,
 * paged; one article whole; a withdrawn one gone. Each test writes in its own language or section, so
 * the lists it reads hold exactly what it published.
 */
let t: TestApp;
let operator: StaffLogin;
let reader: Session;

beforeAll(async () => {
  t = await buildTestApp();
  operator = await staffLogin(t.app, await createStaff(t.database.db, "operator"), "10.94.0.1");
  reader = await registerUser(t.app);
});
afterAll(() => t.close());

async function listOk(body: Record<string, unknown>): Promise<NewsPage> {
  const answer = await news(t, reader, "list", body);
  expect(answer, JSON.stringify(answer)).toMatchObject({ status: 1 });
  return answer.data as NewsPage;
}

const withdraw = (id: string) =>
  adminCall(t.app, "news/withdraw", { id, reason: "Retracted by the source" }, operator.headers);

describe("the list", () => {
  it("holds the published articles of one section and language, newest first, without their bodies", async () => {
    const first = await publishNews(t, operator, { title: "Rupee steady" });
    t.clock.advance(MINUTE);
    const stock = await publishNews(t, operator, {
      category: "stock",
      symbol: "reliance",
      title: "Reliance beats estimates",
    });
    const korean = await publishNews(t, operator, { lang: "ko", title: "코스피 상승" });
    t.clock.advance(MINUTE);
    const second = await publishNews(t, operator, { title: "Oil slips" });

    const hot = await listOk({ category: "hot", lang: "en" });
    expect(hot.items.map((i) => i.id)).toEqual([second.id, first.id]);
    expect(hot.nextCursor).toBeNull();
    expect(hot.items[1]).toEqual({
      id: first.id,
      category: "hot",
      lang: "en",
      title: "Rupee steady",
      summary: "Indices rose in early trade.",
      symbol: null,
      name: null,
      publishedAt: "2026-01-05T08:00:00.000Z",
    });

    const stocks = await listOk({ category: "stock", lang: "en" });
    expect(stocks.items).toEqual([
      expect.objectContaining({
        id: stock.id,
        symbol: "RELIANCE",
        name: "Reliance Industries",
        publishedAt: "2026-01-05T08:01:00.000Z",
      }),
    ]);
    expect((await listOk({ category: "hot", lang: "ko" })).items.map((i) => i.id)).toEqual([korean.id]);
    expect((await listOk({ category: "stock", lang: "ko" })).items).toEqual([]);
  });

  it("pages newest first, 20 a page, across articles published in the same instant", async () => {
    const published: string[] = [];
    for (let i = 0; i < 23; i++) published.push((await publishNews(t, operator, { lang: "zh" })).id);
    const first = await listOk({ category: "hot", lang: "zh" });
    expect(first.items).toHaveLength(20);
    expect(first.nextCursor).toEqual(expect.any(String));
    const second = await listOk({ category: "hot", lang: "zh", cursor: first.nextCursor });
    expect(second.nextCursor).toBeNull();
    expect([...first.items, ...second.items].map((i) => i.id)).toEqual(published.reverse());

    // The cursor is of its own list: another section or language, or the back office's, is refused.
    const cursor = first.nextCursor as string;
    const adminPage = (await adminCall(t.app, "news/list", {}, operator.headers)).data as AdminNewsPage;
    expect(adminPage.nextCursor).toEqual(expect.any(String));
    for (const [body, what] of [
      [{ category: "stock", lang: "zh", cursor }, "another section"],
      [{ category: "hot", lang: "en", cursor }, "another language"],
      [{ category: "hot", lang: "zh", cursor: adminPage.nextCursor }, "the back office's"],
    ] as const) {
      expect(await news(t, reader, "list", body), what).toMatchObject({
        status: 0,
        code: "INVALID_INPUT",
        params: { field: "cursor" },
      });
    }
  });

  it.each([
    ["not base64 of a cursor", "bm90LWEtY3Vyc29y"],
    ["a seq that is not a number", Buffer.from("news-hot-zh.1e3").toString("base64url")],
    ["a seq beyond any row", Buffer.from("news-hot-zh.99999999999999999999").toString("base64url")],
    ["a negative seq", Buffer.from("news-hot-zh.-1").toString("base64url")],
    ["too long", "x".repeat(65)],
  ])("answers INVALID_INPUT, never a fault, for a tampered cursor: %s", async (_name, cursor) => {
    expect(await news(t, reader, "list", { category: "hot", lang: "zh", cursor })).toMatchObject({
      httpStatus: 200,
      status: 0,
      code: "INVALID_INPUT",
      params: { field: "cursor" },
    });
  });

  it.each([
    ["an unknown section", { category: "sports", lang: "en" }, "category"],
    ["an unknown language", { category: "hot", lang: "fr" }, "lang"],
    ["no section", { lang: "en" }, "category"],
    ["no language", { category: "hot" }, "lang"],
  ])("answers INVALID_INPUT for %s", async (_name, body, field) => {
    expect(await news(t, reader, "list", body)).toMatchObject({
      status: 0,
      code: "INVALID_INPUT",
      params: { field },
    });
  });
});

describe("one article", () => {
  it("answers the whole published article", async () => {
    const article = await publishNews(t, operator, {
      lang: "yd",
      category: "stock",
      symbol: "AAPL",
      body: "First paragraph.\n\nSecond <b>paragraph</b>.",
    });
    const answer = await news(t, reader, "detail", { id: article.id });
    expect(answer).toMatchObject({ status: 1 });
    expect(answer.data as NewsArticle).toEqual({
      id: article.id,
      category: "stock",
      lang: "yd",
      title: "Markets open higher",
      summary: "Indices rose in early trade.",
      body: "First paragraph.\n\nSecond <b>paragraph</b>.",
      symbol: "AAPL",
      name: "Apple",
      publishedAt: article.publishedAt,
    });
  });

  it("is gone from the list and the detail once withdrawn, and stays in the back office", async () => {
    const kept = await publishNews(t, operator, { lang: "cn" });
    const pulled = await publishNews(t, operator, { lang: "cn" });
    expect((await listOk({ category: "hot", lang: "cn" })).items.map((i) => i.id)).toEqual([
      pulled.id,
      kept.id,
    ]);
    expect(await withdraw(pulled.id)).toMatchObject({ status: 1, data: { state: "withdrawn" } });

    expect((await listOk({ category: "hot", lang: "cn" })).items.map((i) => i.id)).toEqual([kept.id]);
    expect(await news(t, reader, "detail", { id: pulled.id })).toMatchObject({
      status: 0,
      code: "NOT_FOUND",
    });
    expect(await news(t, reader, "detail", { id: kept.id })).toMatchObject({ status: 1 });
    const admin = (await adminCall(t.app, "news/list", {}, operator.headers)).data as AdminNewsPage;
    expect(admin.items.find((i) => i.id === pulled.id)).toMatchObject({ state: "withdrawn" });
  });

  it("answers NOT_FOUND for an unknown id and INVALID_INPUT for one that is not a uuid", async () => {
    expect(await news(t, reader, "detail", { id: "00000000-0000-4000-8000-000000000000" })).toMatchObject({
      status: 0,
      code: "NOT_FOUND",
    });
    expect(await news(t, reader, "detail", { id: "42" })).toMatchObject({
      code: "INVALID_INPUT",
      params: { field: "id" },
    });
    expect(await news(t, reader, "detail", {})).toMatchObject({
      code: "INVALID_INPUT",
      params: { field: "id" },
    });
  });
});

describe("the session", () => {
  it("is required: none, or a staff member's, answers 401", async () => {
    const article = await publishNews(t, operator);
    const anonymous = { token: "", account: "", headers: {} };
    for (const who of [anonymous, operator]) {
      expect(await news(t, who, "list", { category: "hot", lang: "en" })).toMatchObject({
        httpStatus: 401,
        code: "UNAUTHORIZED",
      });
      expect(await news(t, who, "detail", { id: article.id })).toMatchObject({ httpStatus: 401 });
    }
  });
});
