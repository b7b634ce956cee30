import { ERROR_MESSAGES, type UserFlag } from "@brokerage/api";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { PASSWORD, call, type TestApp } from "../../../test/helper.js";
import { users } from "../../db/schema/index.js";
import { adminCall, createStaff, staffLogin, type StaffLogin } from "../staff/testing.js";
import {
  PriceBoard,
  newKey,
  orderRows,
  placeOk,
  setUpTradingApp,
  trade,
  trader,
  type Trader,
} from "./testing.js";

/**
 * The account flags of spec §6 as they reach trading: set in the back office (users/setFlags), a trade ban
 * refuses new orders with its own message; frozen, login-banned and disabled accounts lose their sessions at
 * once and are told why at log-in; a withdrawal ban does not touch trading.
 */
const board = new PriceBoard();
let t: TestApp;
setUpTradingApp(board, (app) => (t = app));

let operator: StaffLogin;
beforeAll(async () => {
  operator = await staffLogin(t.app, await createStaff(t.database.db, "operator"), "10.92.0.1");
});

const order = { symbol: "BTCUSD", direction: "long", priceType: "market", quantity: "1", leverage: 1 };
const place = (who: Trader) => trade(t, who, "placeOrder", { idempotencyKey: newKey(), ...order });
async function setFlag(who: Trader, flag: UserFlag, on: boolean) {
  const answer = await adminCall(
    t.app,
    "users/setFlags",
    { userId: who.userId, flags: { [flag]: on }, reason: "Compliance check" },
    operator.headers,
  );
  expect(answer, JSON.stringify(answer)).toMatchObject({ status: 1, data: { [flag]: on } });
}
const logIn = (who: Trader) =>
  call(t.app, "user/login", { account: who.session.account, password: PASSWORD });

describe("a trade ban set in the back office", () => {
  it("refuses new orders with its message, leaves the account otherwise usable, and lifts", async () => {
    board.set("BTCUSD", "100.00");
    const who = await trader(t, { currency: "USD", amount: "500.00" });
    const open = await placeOk(t, who, order);
    await setFlag(who, "tradeBanned", true);

    expect(await place(who)).toMatchObject({
      httpStatus: 200,
      status: 0,
      code: "TRADE_BANNED",
      msg: ERROR_MESSAGES.TRADE_BANNED,
    });
    expect(ERROR_MESSAGES.TRADE_BANNED).toBe("This account cannot trade, please contact customer service");
    expect(await orderRows(t, who.userId)).toHaveLength(1);
    // Still signed in: the lists answer, and the open position is there.
    expect((await trade(t, who, "positions", { tab: "inProgress" })).data).toMatchObject({
      items: [{ id: open.id }],
    });

    await setFlag(who, "tradeBanned", false);
    expect(await place(who)).toMatchObject({ status: 1, data: { state: "open" } });
  });
});

describe.each<[UserFlag, string]>([
  ["frozen", "ACCOUNT_FROZEN"],
  ["disabled", "ACCOUNT_DISABLED"],
  ["loginBanned", "LOGIN_BANNED"],
])("the %s flag set in the back office", (flag, code) => {
  it(`ends the sessions at once, so trading answers 401, and log-in says ${code}`, async () => {
    board.set("BTCUSD", "100.00");
    const who = await trader(t, { currency: "USD", amount: "500.00" });
    await setFlag(who, flag, true);

    for (const action of ["placeOrder", "preview", "positions"])
      expect(
        await trade(t, who, action, { idempotencyKey: newKey(), ...order, tab: "inProgress" }),
      ).toMatchObject({ httpStatus: 401, code: "UNAUTHORIZED" });
    expect(await logIn(who)).toMatchObject({ status: 0, code, msg: ERROR_MESSAGES[code as "LOGIN_BANNED"] });
    expect(await orderRows(t, who.userId)).toEqual([]);

    await setFlag(who, flag, false);
    const again = await logIn(who);
    expect(again).toMatchObject({ status: 1 });
    const { token, account } = again.data as { token: string; account: string };
    expect(await place({ ...who, session: { token, account, headers: { token, account } } })).toMatchObject({
      status: 1,
    });
  });
});

describe("a flag committed by another process, while this one still holds the session", () => {
  /** Written straight to the database: this process is not told, so its session cache still lets the call in. */
  const setDirectly = (who: Trader, flags: Partial<Record<UserFlag, boolean>>) =>
    t.database.db.update(users).set(flags).where(eq(users.id, who.userId));

  it("refuses the order inside its transaction: frozen first, then the trade ban", async () => {
    board.set("BTCUSD", "100.00");
    const who = await trader(t, { currency: "USD", amount: "500.00" });
    expect((await trade(t, who, "positions", { tab: "inProgress" })).status).toBe(1);
    await setDirectly(who, { frozen: true, tradeBanned: true });
    expect(await place(who)).toMatchObject({ code: "ACCOUNT_FROZEN", msg: ERROR_MESSAGES.ACCOUNT_FROZEN });
    await setDirectly(who, { frozen: false });
    expect(await place(who)).toMatchObject({ code: "TRADE_BANNED" });
    expect(await orderRows(t, who.userId)).toEqual([]);
  });

  it("refuses a disabled account inside the transaction with ACCOUNT_DISABLED, before the other flags", async () => {
    board.set("BTCUSD", "100.00");
    const who = await trader(t, { currency: "USD", amount: "500.00" });
    expect((await trade(t, who, "positions", { tab: "inProgress" })).status).toBe(1);
    await setDirectly(who, { disabled: true, frozen: true });
    expect(await place(who)).toMatchObject({
      code: "ACCOUNT_DISABLED",
      msg: ERROR_MESSAGES.ACCOUNT_DISABLED,
    });
    expect(await orderRows(t, who.userId)).toEqual([]);
    await setDirectly(who, { disabled: false, frozen: false });
    expect(await place(who)).toMatchObject({ status: 1 });
  });
});

describe("a withdrawal ban", () => {
  it("does not stop trading", async () => {
    board.set("BTCUSD", "100.00");
    const who = await trader(t, { currency: "USD", amount: "500.00" });
    await setFlag(who, "withdrawBanned", true);
    expect(await place(who)).toMatchObject({ status: 1, data: { state: "open" } });
  });
});
