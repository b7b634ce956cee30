import { beforeAll, describe, expect, it } from "vitest";
import type { TestApp } from "../../../test/helper.js";
import { createStaff, type StaffLogin } from "../staff/testing.js";
import { PriceBoard, setUpTradingApp, walletOf } from "../trading/testing.js";
import { releaseBeyond } from "./holds.js";
import type { SubscriptionRow } from "./repository.js";
import {
  SYMBOL,
  createOffering,
  entriesOf,
  login,
  subscribeOk,
  subscriber,
  subscriptionRows,
} from "./testing.js";

/**
 * What a subscription's block gives back when only part of it is needed (the unallotted part of a win
 * under a rule that allots part of a subscription), booked through the ledger with its row, exactly.
 */
const board = new PriceBoard();
let t: TestApp;
let operator: StaffLogin;
setUpTradingApp(board, (app) => (t = app));
beforeAll(async () => {
  board.set(SYMBOL, "372.60");
  operator = await login(t, await createStaff(t.database.db, "operator"));
});

const release = (row: SubscriptionRow, keep: string, to?: "failed") =>
  t.database.db.transaction((tx) =>
    releaseBeyond(tx, row, {
      currency: "INR",
      keep,
      ...(to && { to }),
      cause: { by: "system" },
      at: t.clock.now(),
    }),
  );

describe("releasing a block", () => {
  it("gives back exactly what is held beyond what is kept, once, and refuses a row that moved on", async () => {
    const offering = await createOffering(t, operator);
    const who = await subscriber(t, "6600000.00");
    const made = await subscribeOk(t, who, offering.id, "20000");
    const [row] = await subscriptionRows(t, who.userId);
    if (!row) throw new Error("no subscription");
    expect(await walletOf(t, who.userId, "INR")).toMatchObject({ available: "0", held: "6600000" });

    // 10,000 of 20,000 shares kept: 3,300,000.00 stays held, 3,300,000.00 comes back.
    const kept = await release(row, "3300000.00");
    expect(Number(kept.releasedAmount)).toBe(3_300_000);
    expect(kept.state).toBe("applied");
    expect(await walletOf(t, who.userId, "INR")).toMatchObject({ available: "3300000", held: "3300000" });
    expect(await entriesOf(t, made.id)).toEqual(["ipoPayment", "ipoRefund"]);
    // Asked again with the row as it is now, nothing more moves.
    expect(await release(kept, "3300000.00")).toEqual(kept);
    expect(await entriesOf(t, made.id)).toEqual(["ipoPayment", "ipoRefund"]);

    // The row read before it failed: the release is refused and nothing is booked.
    const failed = await release(kept, "0", "failed");
    expect(failed).toMatchObject({ state: "failed" });
    await expect(release(kept, "0", "failed")).rejects.toMatchObject({ code: "ORDER_STATE_INVALID" });
    expect(await walletOf(t, who.userId, "INR")).toMatchObject({ available: "6600000", held: "0" });
    expect(await entriesOf(t, made.id)).toEqual(["ipoPayment", "ipoRefund", "ipoRefund"]);
  });
});
