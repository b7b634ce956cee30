import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, call, registerUser, type Session, type TestApp } from "../../../test/helper.js";

let t: TestApp;
let alice: Session;
let bob: Session;
beforeAll(async () => {
  t = await buildTestApp();
  alice = await registerUser(t.app);
  bob = await registerUser(t.app);
});
afterAll(() => t.close());

const search = (keyword: string, headers: Record<string, string> = {}) =>
  call(t.app, "market/search", { keyword }, headers);
const historyOf = async (session: Session) => {
  const answer = await call(t.app, "market/searchHistory", {}, session.headers);
  expect(answer.status).toBe(1);
  return (answer.data as { keyword: string }[]).map((h) => h.keyword);
};

describe("market/search", () => {
  it("finds by code first, then by name in any language, without a session", async () => {
    const answer = await search("005930");
    expect(answer).toMatchObject({ status: 1 });
    expect((answer.data as { code: string }[])[0]).toMatchObject({ code: "005930", exchange: "KRX" });
    const byKorean = (await search("비트코인")).data as { code: string; market: string }[];
    expect(byKorean[0]).toMatchObject({ code: "BTCUSD", market: "CRYPTO" });
    const byIndex = (await search("nifty")).data as { code: string }[];
    expect(byIndex.map((r) => r.code)).toContain("NIFTY50");
    expect(await search("qqqqqqqq")).toMatchObject({ status: 1, data: [] });
  });

  it("gives each result its price now, its currency and its change, as the quote does", async () => {
    const [hit] = (await search("AAPL")).data as {
      code: string;
      price: string | null;
      currency: string | null;
      gain: string | null;
    }[];
    const quote = (await call(t.app, "market/quote", { symbol: "AAPL" })).data as {
      close: string;
      currency: string;
      gain: string;
    };
    expect(hit).toMatchObject({ code: "AAPL", price: quote.close, currency: "USD", gain: quote.gain });
    expect(hit?.price).toMatch(/^\d+\.\d+$/);
  });

  it("serves a caller with a stale token as a guest", async () => {
    const answer = await search("AAPL", { token: "x".repeat(43), account: alice.account });
    expect(answer).toMatchObject({ status: 1 });
    expect(await historyOf(alice)).not.toContain("AAPL");
  });

  it("refuses an empty or overlong keyword", async () => {
    expect(await search("   ")).toMatchObject({ code: "INVALID_INPUT", params: { field: "keyword" } });
    expect(await search("x".repeat(41))).toMatchObject({ code: "INVALID_INPUT" });
  });
});

describe("search history", () => {
  it("remembers a user's searches newest first, a repeated one moved to the top", async () => {
    for (const keyword of ["apple", "TSLA", "bitcoin"]) await search(keyword, alice.headers);
    expect(await historyOf(alice)).toEqual(["bitcoin", "TSLA", "apple"]);
    await search("tsla", alice.headers);
    expect(await historyOf(alice)).toEqual(["tsla", "bitcoin", "apple"]);
  });

  it("does not remember a search made as the user types (remember: false)", async () => {
    const typed = await call(t.app, "market/search", { keyword: "relia", remember: false }, alice.headers);
    expect(typed).toMatchObject({ status: 1 });
    expect(await historyOf(alice)).not.toContain("relia");
    expect(await call(t.app, "market/search", { keyword: "x", remember: "no" }, alice.headers)).toMatchObject(
      {
        code: "INVALID_INPUT",
        params: { field: "remember" },
      },
    );
  });

  it("keeps each user's history to themselves", async () => {
    await search("samsung", bob.headers);
    expect(await historyOf(bob)).toEqual(["samsung"]);
    expect(await historyOf(alice)).not.toContain("samsung");
  });

  it("keeps the latest 20", async () => {
    for (let i = 1; i <= 22; i++) await search(`kw${i}`, bob.headers);
    const history = await historyOf(bob);
    expect(history).toHaveLength(20);
    expect(history[0]).toBe("kw22");
    expect(history.at(-1)).toBe("kw3");
  });

  it("clears one user's history only", async () => {
    expect(await call(t.app, "market/clearSearchHistory", {}, bob.headers)).toMatchObject({
      status: 1,
      data: null,
    });
    expect(await historyOf(bob)).toEqual([]);
    expect((await historyOf(alice)).length).toBeGreaterThan(0);
  });

  it("needs a session to read or clear", async () => {
    expect(await call(t.app, "market/searchHistory", {})).toMatchObject({ httpStatus: 401 });
    expect(await call(t.app, "market/clearSearchHistory", {})).toMatchObject({ httpStatus: 401 });
  });
});
