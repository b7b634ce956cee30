import { randomUUID } from "node:crypto";
import type {
  FundRecordPage,
  ReviewItem,
  Withdrawal,
  WithdrawListResponse,
  WithdrawRulesResponse,
} from "@brokerage/api";
import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { journalEntries, postings } from "../../db/schema/index.js";
import { HOUR } from "../../lib/clock.js";
import { buildTestApp, call, registerUser, type Session, type TestApp } from "../../../test/helper.js";
import { userIdOf } from "../kyc/testing.js";
import { checkLedger } from "../ledger/index.js";
import { setSetting } from "../settings/index.js";
import { adminCall, createStaff, staffLogin, type StaffLogin } from "../staff/testing.js";
import {
  ADDRESSES,
  decide,
  fund,
  newKey,
  readyUser,
  reviewOf,
  saveWallet,
  setFundPassword,
  verifyKyc,
  walletBody,
  walletOf,
  withdrawalRows,
  withdrawBody,
} from "./testing.js";

let t: TestApp;
let reviewer: StaffLogin;
beforeAll(async () => {
  t = await buildTestApp({ authLimits: { registrationsPerAddress: { max: 200, windowMs: HOUR } } });
  reviewer = await staffLogin(t.app, await createStaff(t.database.db, "reviewer"), "10.82.0.1");
});
afterAll(() => t.close());

/** A user who meets every rule and keeps a TRC-20 address (and a card, as readyUser binds one). */
async function walletUser(balance = "1000.00") {
  const ready = await readyUser(t, balance);
  const walletId = await saveWallet(t, ready.session);
  return { ...ready, walletId };
}

async function withdrawToWallet(ready: { session: Session }, walletId: string, amount = "100") {
  const answer = await fund(t, ready.session, "withdraw", walletBody(walletId, { amount }));
  expect(answer).toMatchObject({ status: 1 });
  return answer.data as Withdrawal;
}

/** Every posting of a withdrawal's entries, as "type owner:purpose amount", entry by entry. */
async function linesOf(withdrawalId: string) {
  const rows = await t.database.db
    .select({
      type: journalEntries.type,
      purpose: postings.purpose,
      userId: postings.userId,
      amount: postings.amount,
    })
    .from(postings)
    .innerJoin(journalEntries, eq(journalEntries.id, postings.entryId))
    .where(eq(journalEntries.reference, `withdrawal:${withdrawalId}`))
    .orderBy(asc(journalEntries.id), asc(postings.purpose));
  return rows.map((r) => `${r.type} ${r.userId === null ? "platform" : "user"}:${r.purpose} ${r.amount}`);
}

describe("fund/withdrawRules with wallets", () => {
  it("lists the networks that pay out the currency, with their fees, and counts an address as somewhere to pay", async () => {
    const session = await registerUser(t.app);
    const userId = await userIdOf(t.database.db, session);
    await setFundPassword(t, session);
    await verifyKyc(t, userId);
    const rulesOf = async () =>
      (await fund(t, session, "withdrawRules", { currency: "USD" })).data as WithdrawRulesResponse;
    // A BTC address cannot receive US dollars (no network fee configured for it): still nowhere to pay.
    await saveWallet(t, session, "BTC");
    let rules = await rulesOf();
    expect(rules.networks).toEqual([
      { type: "USDT-TRC20", fee: "1.00" },
      { type: "USDT-ERC20", fee: "10.00" },
    ]);
    expect(rules.rules.find((r) => r.id === "bankCard")).toMatchObject({
      met: false,
      code: "CARD_NOT_FOUND",
      params: { count: "0", wallets: "0" },
    });
    await saveWallet(t, session, "USDT-ERC20");
    rules = await rulesOf();
    expect(rules.rules.find((r) => r.id === "bankCard")).toMatchObject({
      met: true,
      params: { count: "0", wallets: "1" },
    });
    // No network pays out baht.
    const thb = (await fund(t, session, "withdrawRules", { currency: "THB" })).data as WithdrawRulesResponse;
    expect(thb.networks).toEqual([]);
  });
});

describe("fund/withdraw to a wallet address", () => {
  it("holds the whole amount, discloses the network fee and opens a withdrawal review showing the address", async () => {
    const ready = await walletUser();
    const withdrawal = await withdrawToWallet(ready, ready.walletId, "150.5");
    expect(withdrawal).toEqual({
      id: expect.any(String),
      currency: "USD",
      amount: "150.50",
      fee: "1.00",
      receive: "149.50",
      state: "pending",
      reason: null,
      card: null,
      wallet: { id: ready.walletId, type: "USDT-TRC20", address: ADDRESSES["USDT-TRC20"] },
      createdAt: t.clock.now().toISOString(),
      decidedAt: null,
    });
    expect(await walletOf(t, ready.userId)).toEqual({ available: "849.5", held: "150.5" });
    const [row] = await withdrawalRows(t, ready.userId);
    expect(row).toMatchObject({ walletAddressId: ready.walletId, bankCardId: null, fee: "1.00000000" });
    const review = await reviewOf(t, withdrawal.id);
    expect(review).toMatchObject({ kind: "withdrawal", state: "pending" });
    const listed = await adminCall(
      t.app,
      "reviews/list",
      { kind: "withdrawal", state: "pending" },
      reviewer.headers,
    );
    const item = (listed.data as { items: ReviewItem[] }).items.find((i) => i.id === review.id);
    expect(item?.subject).toMatchObject({
      amount: "150.50",
      currency: "USD",
      walletNetwork: "USDT-TRC20",
      walletAddress: ADDRESSES["USDT-TRC20"],
      networkFee: "1.00",
      receive: "149.50",
      walletRemovedAt: null,
    });
    expect(Object.keys(item?.subject ?? {}).filter((key) => key.startsWith("card"))).toEqual([]);
    expect(await linesOf(withdrawal.id)).toEqual([
      "withdrawalHold user:available -150.50000000",
      "withdrawalHold user:held 150.50000000",
    ]);
  });

  it("approving pays out the amount less the fee and books the fee to the platform, each in the fund records", async () => {
    const ready = await walletUser();
    const withdrawal = await withdrawToWallet(ready, ready.walletId, "200");
    expect(await decide(t, reviewer, withdrawal.id, "approve")).toMatchObject({ status: 1 });
    expect(await walletOf(t, ready.userId)).toEqual({ available: "800", held: "0" });
    expect(await linesOf(withdrawal.id)).toEqual([
      "withdrawalHold user:available -200.00000000",
      "withdrawalHold user:held 200.00000000",
      "withdrawalPayout platform:cash_out 199.00000000",
      "withdrawalPayout user:held -199.00000000",
      "withdrawalFee platform:fees 1.00000000",
      "withdrawalFee user:held -1.00000000",
    ]);
    const records = (await fund(t, ready.session, "records", { currency: "USD" })).data as FundRecordPage;
    expect(records.items.slice(0, 2).map((r) => [r.type, r.amount])).toEqual([
      ["withdrawalFee", "-1.00"],
      ["withdrawalPayout", "-199.00"],
    ]);
    const list = (await fund(t, ready.session, "withdrawList", {})).data as WithdrawListResponse;
    expect(list.items[0]).toMatchObject({
      id: withdrawal.id,
      state: "approved",
      fee: "1.00",
      receive: "199.00",
      card: null,
      wallet: { id: ready.walletId, type: "USDT-TRC20" },
    });
    expect(await checkLedger(t.database.db)).toEqual([]);
  });

  it("refusing releases the whole hold, the fee included, with the reason", async () => {
    const ready = await walletUser();
    const withdrawal = await withdrawToWallet(ready, ready.walletId, "300");
    const reason = "The address is on a sanctions list";
    expect(await decide(t, reviewer, withdrawal.id, "reject", reason)).toMatchObject({ status: 1 });
    expect(await walletOf(t, ready.userId)).toEqual({ available: "1000", held: "0" });
    expect(await linesOf(withdrawal.id)).toEqual([
      "withdrawalHold user:available -300.00000000",
      "withdrawalHold user:held 300.00000000",
      "withdrawalRefusal user:available 300.00000000",
      "withdrawalRefusal user:held -300.00000000",
    ]);
    const list = (await fund(t, ready.session, "withdrawList", {})).data as WithdrawListResponse;
    expect(list.items[0]).toMatchObject({ id: withdrawal.id, state: "rejected", reason });
    expect(await checkLedger(t.database.db)).toEqual([]);
  });

  it("answers another user's address, a removed one and an unknown id as not found, holding nothing", async () => {
    const ready = await walletUser();
    const other = await walletUser();
    const removed = await saveWallet(t, ready.session, "USDT-ERC20");
    expect(await call(t.app, "wallet/remove", { id: removed }, ready.session.headers)).toMatchObject({
      status: 1,
    });
    for (const walletId of [other.walletId, removed, randomUUID()]) {
      expect(await fund(t, ready.session, "withdraw", walletBody(walletId))).toMatchObject({
        status: 0,
        code: "WALLET_NOT_FOUND",
        params: { field: "walletId" },
      });
    }
    expect(await withdrawalRows(t, ready.userId)).toEqual([]);
    expect(await walletOf(t, ready.userId)).toEqual({ available: "1000", held: "0" });
    expect(await walletOf(t, other.userId)).toEqual({ available: "1000", held: "0" });
  });

  it("refuses a network that does not pay out the currency, and an amount not above the fee", async () => {
    const ready = await walletUser();
    const btc = await saveWallet(t, ready.session, "BTC");
    expect(await fund(t, ready.session, "withdraw", walletBody(btc))).toMatchObject({
      status: 0,
      code: "NETWORK_UNSUPPORTED",
      params: { type: "BTC", currency: "USD" },
    });
    const admin = await createStaff(t.database.db, "administrator");
    await setSetting(
      t.database.db,
      "withdrawal.networkFees",
      { "USDT-TRC20": { USD: "120" } },
      admin.id,
      t.clock.now(),
    );
    try {
      expect(
        await fund(t, ready.session, "withdraw", walletBody(ready.walletId, { amount: "120" })),
      ).toMatchObject({
        status: 0,
        code: "AMOUNT_BELOW_FEE",
        params: { amount: "120.00" },
      });
      // The ERC-20 network is not configured any more.
      const erc = await saveWallet(t, ready.session, "USDT-ERC20");
      expect(await fund(t, ready.session, "withdraw", walletBody(erc))).toMatchObject({
        code: "NETWORK_UNSUPPORTED",
      });
    } finally {
      await setSetting(
        t.database.db,
        "withdrawal.networkFees",
        { "USDT-TRC20": { USD: "1" }, "USDT-ERC20": { USD: "10" } },
        admin.id,
        t.clock.now(),
      );
    }
    expect(await withdrawalRows(t, ready.userId)).toEqual([]);
    expect(await walletOf(t, ready.userId)).toEqual({ available: "1000", held: "0" });
  });

  it.each<[string, (ready: Awaited<ReturnType<typeof walletUser>>) => unknown]>([
    ["both a card and an address", (r) => ({ ...walletBody(r.walletId), bankCardId: r.cardId })],
    [
      "neither",
      (r) => {
        const { walletId: _w, ...body } = walletBody(r.walletId);
        return body;
      },
    ],
    ["an address id that is no uuid", () => walletBody("1 or 1=1")],
    ["an address id as a number", () => walletBody("x", { walletId: 7 })],
  ])("answers INVALID_INPUT and holds nothing (%s)", async (_name, bodyOf) => {
    const ready = await walletUser();
    const answer = await fund(t, ready.session, "withdraw", bodyOf(ready));
    expect(answer).toMatchObject({ httpStatus: 200, status: 0, code: "INVALID_INPUT" });
    expect(await withdrawalRows(t, ready.userId)).toEqual([]);
    expect(await walletOf(t, ready.userId)).toEqual({ available: "1000", held: "0" });
  });

  it("answers concurrent requests sharing one key identically and holds once", async () => {
    const ready = await walletUser();
    const body = walletBody(ready.walletId, { idempotencyKey: newKey(), amount: "250" });
    const answers = await Promise.all(
      Array.from({ length: 12 }, () => fund(t, ready.session, "withdraw", body)),
    );
    expect(answers.filter((a) => a.httpStatus !== 200)).toEqual([]);
    expect(answers[0]).toMatchObject({
      status: 1,
      data: { amount: "250.00", fee: "1.00", state: "pending" },
    });
    for (const answer of answers) expect(answer).toEqual(answers[0]);
    expect((await withdrawalRows(t, ready.userId)).map((r) => r.id)).toEqual([
      (answers[0]?.data as Withdrawal).id,
    ]);
    expect(await walletOf(t, ready.userId)).toEqual({ available: "750", held: "250" });
    // The same key for another destination is another request.
    expect(
      await fund(
        t,
        ready.session,
        "withdraw",
        withdrawBody(ready.cardId, { idempotencyKey: body.idempotencyKey, amount: "250" }),
      ),
    ).toMatchObject({
      status: 0,
      code: "IDEMPOTENCY_CONFLICT",
    });
    expect(await checkLedger(t.database.db)).toEqual([]);
  });

  it("keeps an address with a pending withdrawal until it is decided, and never both when they race", async () => {
    const ready = await walletUser();
    const withdrawal = await withdrawToWallet(ready, ready.walletId);
    expect(await call(t.app, "wallet/remove", { id: ready.walletId }, ready.session.headers)).toMatchObject({
      status: 0,
      code: "WALLET_WITHDRAWAL_PENDING",
    });
    await decide(t, reviewer, withdrawal.id, "reject", "Try again later");
    expect(await call(t.app, "wallet/remove", { id: ready.walletId }, ready.session.headers)).toMatchObject({
      status: 1,
    });
    for (let round = 0; round < 3; round++) {
      const racer = await walletUser();
      const [withdrawn, removed] = await Promise.all([
        fund(t, racer.session, "withdraw", walletBody(racer.walletId)),
        call(t.app, "wallet/remove", { id: racer.walletId }, racer.session.headers),
      ]);
      if (withdrawn.status === 1)
        expect(removed).toMatchObject({ status: 0, code: "WALLET_WITHDRAWAL_PENDING" });
      else {
        expect(withdrawn).toMatchObject({ code: "WALLET_NOT_FOUND" });
        expect(removed).toMatchObject({ status: 1 });
      }
    }
    expect(await checkLedger(t.database.db)).toEqual([]);
  });
});
