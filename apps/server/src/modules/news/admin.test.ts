import type { AdminNewsArticle, AdminNewsPage } from "@brokerage/api";
import { NEWS_TITLE_MAX } from "@brokerage/api";
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, registerUser, type TestApp } from "../../../test/helper.js";
import { auditLog, newsArticles } from "../../db/schema/index.js";
import { MINUTE } from "../../lib/clock.js";
import {
  adminCall,
  auditCount,
  createStaff,
  expectOneAuditRow,
  staffLogin,
  type StaffLogin,
} from "../staff/testing.js";
import { news, newsBody, publishNews, saveNews } from "./testing.js";

/** The back office's news (news.manage): list, publish or correct, withdraw, each audited; the permission. */
let t: TestApp;
let operator: StaffLogin;
let admin: StaffLogin;
let reviewer: StaffLogin;

beforeAll(async () => {
  t = await buildTestApp();
  operator = await staffLogin(t.app, await createStaff(t.database.db, "operator"), "10.95.0.1");
  admin = await staffLogin(t.app, await createStaff(t.database.db, "administrator"), "10.95.0.2");
  reviewer = await staffLogin(t.app, await createStaff(t.database.db, "reviewer"), "10.95.0.3");
});
afterAll(() => t.close());

const UNKNOWN_ID = "00000000-0000-4000-8000-000000000000";
const withdraw = (staff: StaffLogin, id: string, reason = "Retracted by the source") =>
  adminCall(t.app, "news/withdraw", { id, reason }, staff.headers);
const rowOf = async (id: string) =>
  (await t.database.db.select().from(newsArticles).where(eq(newsArticles.id, id)))[0];
async function written() {
  const [articles] = await t.database.db.select({ n: count() }).from(newsArticles);
  return { articles: articles?.n, audit: await auditCount(t.database.db) };
}

describe("publishing", () => {
  it("publishes now, in the market's spelling of the symbol, audited with the reason", async () => {
    const { result, row } = await expectOneAuditRow(t.database.db, () =>
      saveNews(t, operator, newsBody({ category: "stock", symbol: " reliance ", reason: "Results day" })),
    );
    const now = t.clock.now().toISOString();
    expect(result).toMatchObject({
      status: 1,
      data: {
        category: "stock",
        symbol: "RELIANCE",
        name: "Reliance Industries",
        state: "published",
        createdBy: operator.account,
        publishedAt: now,
        createdAt: now,
        updatedAt: now,
      },
    });
    const article = result.data as AdminNewsArticle;
    expect((await rowOf(article.id))?.symbol).toBe("RELIANCE");
    expect(row).toMatchObject({
      action: "news.save",
      target: `news:${article.id}`,
      reason: "Results day",
      actor: operator.account,
    });
    expect(row?.details).toMatchObject({ created: true, before: null, after: { symbol: "RELIANCE" } });
  });

  it("corrects a published article: publication time and author kept, the replaced text on record", async () => {
    const article = await publishNews(t, operator, { lang: "ko" });
    t.clock.advance(5 * MINUTE);
    const correction = newsBody({
      id: article.id,
      lang: "ko",
      title: "Markets open higher, then fall",
      body: "Corrected text.",
      reason: "Typo in the headline",
    });
    const { result, row } = await expectOneAuditRow(t.database.db, () => saveNews(t, admin, correction));
    expect(result).toMatchObject({
      status: 1,
      data: {
        id: article.id,
        title: "Markets open higher, then fall",
        body: "Corrected text.",
        createdBy: operator.account,
        publishedAt: article.publishedAt,
        createdAt: article.createdAt,
        updatedAt: t.clock.now().toISOString(),
      },
    });
    expect((result.data as AdminNewsArticle).updatedAt).not.toBe(article.updatedAt);
    expect(row).toMatchObject({ action: "news.save", reason: "Typo in the headline", actor: admin.account });
    expect(row?.details).toMatchObject({
      created: false,
      before: { title: "Markets open higher" },
      after: { title: "Markets open higher, then fall" },
      replacedBody: article.body,
    });
    const reader = await registerUser(t.app);
    expect(await news(t, reader, "detail", { id: article.id })).toMatchObject({
      data: { body: "Corrected text.", publishedAt: article.publishedAt },
    });
  });

  it.each([
    ["an unknown section", { category: "sports" }, "category"],
    ["an unknown language", { lang: "fr" }, "lang"],
    ["no title", { title: undefined }, "title"],
    ["a blank body", { body: "  \n\n " }, "body"],
    ["no symbol field", { symbol: undefined }, "symbol"],
    ["a hot article naming a symbol", { symbol: "RELIANCE" }, "symbol"],
    ["a stock article naming none", { category: "stock", symbol: null }, "symbol"],
    ["a title too long", { title: "x".repeat(NEWS_TITLE_MAX + 1) }, "title"],
    ["an id that is not a uuid", { id: "42" }, "id"],
  ])("refuses %s as INVALID_INPUT, writing nothing", async (_name, overrides, field) => {
    const before = await written();
    expect(await saveNews(t, operator, newsBody(overrides))).toMatchObject({
      status: 0,
      code: "INVALID_INPUT",
      params: { field },
    });
    expect(await written()).toEqual(before);
  });

  it("refuses an unknown symbol, no reason and an unknown id, writing nothing", async () => {
    const before = await written();
    expect(await saveNews(t, operator, newsBody({ category: "stock", symbol: "nope" }))).toMatchObject({
      status: 0,
      code: "UNKNOWN_SYMBOL",
      params: { symbol: "NOPE" },
    });
    // An index is a whole market's news (`hot`): the article's link opens a stock's detail.
    expect(await saveNews(t, operator, newsBody({ category: "stock", symbol: "NIFTY50" }))).toMatchObject({
      status: 0,
      code: "UNKNOWN_SYMBOL",
    });
    expect(await saveNews(t, operator, newsBody({ reason: " " }))).toMatchObject({
      code: "REASON_REQUIRED",
      params: { field: "reason" },
    });
    expect(await saveNews(t, operator, newsBody({ id: UNKNOWN_ID }))).toMatchObject({ code: "NOT_FOUND" });
    expect(await written()).toEqual(before);
  });
});

describe("withdrawing", () => {
  it("withdraws once, audited with the reason; a withdrawn article is not corrected", async () => {
    const article = await publishNews(t, operator);
    t.clock.advance(MINUTE);
    const { result, row } = await expectOneAuditRow(t.database.db, () =>
      withdraw(admin, article.id, "Source retracted the story"),
    );
    expect(result).toMatchObject({
      status: 1,
      data: {
        id: article.id,
        state: "withdrawn",
        createdBy: operator.account,
        publishedAt: article.publishedAt,
        updatedAt: t.clock.now().toISOString(),
      },
    });
    expect(row).toMatchObject({
      action: "news.withdraw",
      target: `news:${article.id}`,
      reason: "Source retracted the story",
      actor: admin.account,
    });
    const before = await written();
    expect(await withdraw(admin, article.id)).toMatchObject({ status: 0, code: "ORDER_STATE_INVALID" });
    expect(await saveNews(t, admin, newsBody({ id: article.id }))).toMatchObject({
      code: "ORDER_STATE_INVALID",
    });
    expect(await withdraw(admin, UNKNOWN_ID)).toMatchObject({ code: "NOT_FOUND" });
    expect(await withdraw(admin, "42")).toMatchObject({ code: "INVALID_INPUT", params: { field: "id" } });
    expect(await withdraw(admin, article.id, "")).toMatchObject({ code: "REASON_REQUIRED" });
    expect(await written()).toEqual(before);
    expect((await rowOf(article.id))?.state).toBe("withdrawn");
  });

  it("lets exactly one of two simultaneous withdrawals through", async () => {
    const article = await publishNews(t, operator);
    const answers = await Promise.all([withdraw(operator, article.id), withdraw(admin, article.id)]);
    expect(answers.map((a) => a.status).sort()).toEqual([0, 1]);
    expect(answers.find((a) => a.status === 0)).toMatchObject({ code: "ORDER_STATE_INVALID" });
    const audits = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.target, `news:${article.id}`));
    expect(audits.map((a) => a.action).sort()).toEqual(["news.save", "news.withdraw"]);
  });
});

describe("the list", () => {
  it("pages every article, any state and language, newest first, 20 a page", async () => {
    const withdrawn = await publishNews(t, operator, { lang: "zh" });
    await withdraw(operator, withdrawn.id);
    for (let i = 0; i < 20; i++) await publishNews(t, operator, { lang: i % 2 ? "en" : "yd" });
    const newest = await publishNews(t, operator, { category: "stock", symbol: "AAPL", lang: "cn" });

    const first = (await adminCall(t.app, "news/list", {}, operator.headers)).data as AdminNewsPage;
    expect(first.items).toHaveLength(20);
    expect(first.items[0]).toMatchObject({ id: newest.id, name: "Apple", createdBy: operator.account });
    expect(first.nextCursor).toEqual(expect.any(String));
    const rest: AdminNewsArticle[] = [];
    for (let cursor = first.nextCursor; cursor !== null;) {
      const page = (await adminCall(t.app, "news/list", { cursor }, operator.headers)).data as AdminNewsPage;
      rest.push(...page.items);
      cursor = page.nextCursor;
    }
    const all = [...first.items, ...rest];
    expect(all.map((a) => a.id)).toContain(withdrawn.id);
    expect(all.find((a) => a.id === withdrawn.id)).toMatchObject({ state: "withdrawn", lang: "zh" });
    expect(new Set(all.map((a) => a.id)).size).toBe(all.length);
    expect(all.length).toBe((await written()).articles);
    const seqs = await t.database.db
      .select({ id: newsArticles.id, seq: newsArticles.seq })
      .from(newsArticles);
    const seqOf = new Map(seqs.map((s) => [s.id, s.seq]));
    const order = all.map((a) => seqOf.get(a.id) ?? 0);
    expect(order).toEqual([...order].sort((a, b) => b - a));

    expect(await adminCall(t.app, "news/list", { cursor: "bm9wZQ" }, operator.headers)).toMatchObject({
      code: "INVALID_INPUT",
      params: { field: "cursor" },
    });
  });
});

describe("access", () => {
  it("is refused to a role without news.manage, to a user's token and to no session", async () => {
    const user = await registerUser(t.app);
    const article = await publishNews(t, operator);
    const bodies: Record<string, unknown> = {
      "news/list": {},
      "news/save": newsBody(),
      "news/withdraw": { id: article.id, reason: "Not mine to pull" },
    };
    const before = await written();
    for (const [path, body] of Object.entries(bodies)) {
      expect(await adminCall(t.app, path, body, reviewer.headers), path).toMatchObject({
        httpStatus: 403,
        code: "FORBIDDEN",
      });
      expect(await adminCall(t.app, path, body, user.headers), path).toMatchObject({
        httpStatus: 401,
        code: "UNAUTHORIZED",
      });
      expect(await adminCall(t.app, path, body), path).toMatchObject({ httpStatus: 401 });
    }
    // Nothing written but the audit of each refusal of a staff member (staff.forbidden); calls without a
    // staff session leave no row.
    expect(await written()).toEqual({ ...before, audit: before.audit + Object.keys(bodies).length });
    expect((await rowOf(article.id))?.state).toBe("published");
  });
});
