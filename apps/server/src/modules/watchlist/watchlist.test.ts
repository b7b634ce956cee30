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

const item = (symbol: string, exchange: string) => ({ symbol, exchange });
const act = (session: Session, action: string, body: unknown = {}) =>
  call(t.app, `watchlist/${action}`, body, session.headers);
const codes = async (session: Session) => {
  const answer = await act(session, "list");
  expect(answer.status).toBe(1);
  return (answer.data as { code: string }[]).map((q) => q.code);
};

describe("watchlist", () => {
  it("adds at the top, idempotently, and answers quotes in the user's order", async () => {
    expect(await act(alice, "add", item("AAPL", "NASDAQ"))).toMatchObject({ status: 1, data: null });
    await act(alice, "add", item("RELIANCE", "NSE"));
    await act(alice, "add", item("BTCUSD", "CRYPTO"));
    await act(alice, "add", item("AAPL", "NASDAQ"));
    expect(await codes(alice)).toEqual(["BTCUSD", "RELIANCE", "AAPL"]);
    const [first] = (await act(alice, "list")).data as { close: string; simulated: boolean }[];
    expect(first?.close).toMatch(/^\d+\.\d+$/);
  });

  it("refuses unknown symbols and a symbol on the wrong exchange", async () => {
    expect(await act(alice, "add", item("NOPE", "NSE"))).toMatchObject({
      code: "UNKNOWN_SYMBOL",
      params: { symbol: "NOPE" },
    });
    expect(await act(alice, "add", item("AAPL", "NYSE"))).toMatchObject({ code: "UNKNOWN_SYMBOL" });
  });

  it("tells whether an instrument is watched", async () => {
    expect(await act(alice, "contains", item("AAPL", "NASDAQ"))).toMatchObject({ status: 1, data: true });
    expect(await act(alice, "contains", item("MSFT", "NASDAQ"))).toMatchObject({ status: 1, data: false });
    expect(await act(bob, "contains", item("AAPL", "NASDAQ"))).toMatchObject({ data: false });
  });

  it("reorders to exactly the watched set, and refuses anything else", async () => {
    const order = [item("AAPL", "NASDAQ"), item("BTCUSD", "CRYPTO"), item("RELIANCE", "NSE")];
    expect(await act(alice, "reorder", { items: order })).toMatchObject({ status: 1 });
    expect(await codes(alice)).toEqual(["AAPL", "BTCUSD", "RELIANCE"]);

    const invalid = { status: 0, code: "INVALID_INPUT", params: { field: "items" } };
    expect(await act(alice, "reorder", { items: order.slice(0, 2) })).toMatchObject(invalid);
    expect(
      await act(alice, "reorder", { items: [...order.slice(0, 2), item("MSFT", "NASDAQ")] }),
    ).toMatchObject(invalid);
    expect(await act(alice, "reorder", { items: [...order, order[0]] })).toMatchObject(invalid);
    expect(await act(alice, "reorder", { items: [] })).toMatchObject({ code: "INVALID_INPUT" });
    expect(await codes(alice)).toEqual(["AAPL", "BTCUSD", "RELIANCE"]);
  });

  it("removes idempotently", async () => {
    expect(await act(alice, "remove", item("BTCUSD", "CRYPTO"))).toMatchObject({ status: 1 });
    expect(await act(alice, "remove", item("BTCUSD", "CRYPTO"))).toMatchObject({ status: 1 });
    expect(await codes(alice)).toEqual(["AAPL", "RELIANCE"]);
    expect(await act(alice, "contains", item("BTCUSD", "CRYPTO"))).toMatchObject({ data: false });
  });

  it("keeps each user's list apart", async () => {
    await act(bob, "add", item("ETHUSD", "CRYPTO"));
    expect(await codes(bob)).toEqual(["ETHUSD"]);
    expect(await codes(alice)).toEqual(["AAPL", "RELIANCE"]);
    // Bob cannot remove or reorder Alice's items.
    await act(bob, "remove", item("AAPL", "NASDAQ"));
    expect(await codes(alice)).toEqual(["AAPL", "RELIANCE"]);
    expect(
      await act(bob, "reorder", { items: [item("AAPL", "NASDAQ"), item("RELIANCE", "NSE")] }),
    ).toMatchObject({ code: "INVALID_INPUT" });
  });

  it("caps the list at 200 instruments", async () => {
    const symbols = t.app.market
      .instruments()
      .filter((i) => i.symbol !== "ETHUSD")
      .slice(0, 199);
    for (const i of symbols) await act(bob, "add", item(i.symbol, i.exchange));
    expect((await codes(bob)).length).toBe(200);
    const extra = t.app.market.instruments().find((i) => !symbols.includes(i) && i.symbol !== "ETHUSD");
    expect(extra).toBeDefined();
    expect(await act(bob, "add", item(extra?.symbol ?? "", extra?.exchange ?? ""))).toMatchObject({
      code: "WATCHLIST_FULL",
      params: { limit: "200" },
    });
    // Adding one already watched is still fine at the cap.
    expect(await act(bob, "add", item("ETHUSD", "CRYPTO"))).toMatchObject({ status: 1 });
  });

  it("needs a session", async () => {
    expect(await call(t.app, "watchlist/list", {})).toMatchObject({ httpStatus: 401, code: "UNAUTHORIZED" });
    expect(await call(t.app, "watchlist/add", item("AAPL", "NASDAQ"))).toMatchObject({ httpStatus: 401 });
  });
});
