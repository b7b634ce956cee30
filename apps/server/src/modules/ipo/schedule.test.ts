import type { AdminIpoOffering, IpoSubscription } from "@brokerage/api";
import { asc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { TestApp } from "../../../test/helper.js";
import { auditLog } from "../../db/schema/index.js";
import { createStaff, type StaffLogin, type StaffMember } from "../staff/testing.js";
import { PriceBoard, setUpTradingApp, walletOf, type Trader } from "../trading/testing.js";
import { ON_TIME } from "./schedule.js";
import {
  MIN_COST,
  SYMBOL,
  createOffering,
  ipoCall,
  login,
  offeringBody,
  pay,
  step,
  subscribeOk,
  subscriber,
} from "./testing.js";

/**
 * Draws and listings on time (issue 29, part 5): the scheduler's leader (the engine's round) draws an
 * offering once its draw date and its beacon round have passed and lists it at its listing date, with
 * nobody pressing anything; each step is audited as the system's, and staff pressing after it are told the
 * step was taken.
 */
const board = new PriceBoard();
let t: TestApp;
let operatorMember: StaffMember;
let operator: StaffLogin;
setUpTradingApp(board, (app) => (t = app));
beforeAll(async () => {
  board.set(SYMBOL, "372.60");
  operatorMember = await createStaff(t.database.db, "operator");
  operator = await login(t, operatorMember);
});

async function moveTo(iso: string, offset = 0) {
  t.clock.set(new Date(Date.parse(iso) + offset).toISOString());
  operator = await login(t, operatorMember);
}

const stateOf = async (who: Trader, offeringId: string) => {
  const answer = await ipoCall(t, who, "mine", { offeringId });
  return ((answer.data as { items: IpoSubscription[] }).items[0] as IpoSubscription).state;
};

const auditOf = (offeringId: string) =>
  t.database.db
    .select()
    .from(auditLog)
    .where(eq(auditLog.target, `ipo:${offeringId}`))
    .orderBy(asc(auditLog.createdAt));

describe("an offering's draw and listing on time", () => {
  it("waits for the beacon round when the draw date comes first", async () => {
    // Drawn at the close: the beacon round announced for it is produced only after the close.
    const offering = await createOffering(t, operator, { drawAt: offeringBody(t).closesAt });
    const who = await subscriber(t, MIN_COST);
    await subscribeOk(t, who, offering.id);
    const roundAt = Date.parse(offering.beacon?.roundAt ?? "");
    expect(roundAt).toBeGreaterThan(Date.parse(offering.closesAt));
    await moveTo(offering.closesAt, 1000);
    await t.app.tradingEngine.round();
    expect(await stateOf(who, offering.id)).toBe("applied");
    await moveTo(new Date(roundAt).toISOString(), 1000);
    await t.app.tradingEngine.round();
    expect(await stateOf(who, offering.id)).toBe("awaitingPayment");
  });

  it("draws once the draw date and the beacon round have passed, lists at the listing date, audited", async () => {
    const offering = await createOffering(t, operator);
    const who = await subscriber(t, MIN_COST);
    const subscription = await subscribeOk(t, who, offering.id);

    // Before its date nothing happens, however many rounds run.
    await moveTo(offering.drawAt, -60_000);
    await t.app.tradingEngine.round();
    expect(await stateOf(who, offering.id)).toBe("applied");

    // The round after the draw date (and the beacon round, announced after the close) draws it.
    const roundAt = Date.parse(offering.beacon?.roundAt ?? "");
    await moveTo(new Date(Math.max(Date.parse(offering.drawAt), roundAt)).toISOString(), 1000);
    await t.app.tradingEngine.round();
    expect(await stateOf(who, offering.id)).toBe("awaitingPayment");
    // Pressed after it, the draw was taken already.
    expect(await step(t, operator, "draw", offering.id)).toMatchObject({ code: "ORDER_STATE_INVALID" });
    // A second round draws nothing twice.
    await t.app.tradingEngine.round();
    expect(await pay(t, who, subscription.id)).toMatchObject({ status: 1, data: { state: "paid" } });

    await moveTo(offering.listingAt, 1000);
    await t.app.tradingEngine.round();
    expect(await stateOf(who, offering.id)).toBe("listed");
    expect(await walletOf(t, who.userId, "INR")).toMatchObject({ held: "0" });

    const rows = await auditOf(offering.id);
    const system = rows.filter((r) => r.actor === "system");
    expect(system.map((r) => [r.action, r.reason, r.adminUserId])).toEqual([
      ["ipo.draw", ON_TIME.draw, null],
      ["ipo.listing", ON_TIME.listing, null],
    ]);
    const view = await ipoCall(t, who, "offering", { offeringId: offering.id });
    expect((view.data as AdminIpoOffering).status).toBe("listed");
  });
});
