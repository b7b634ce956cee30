/** Helpers of the withdrawal tests (imported by *.test.ts only). */
import { randomBytes, randomInt } from "node:crypto";
import type { Withdrawal } from "@brokerage/api";
import { credit } from "@brokerage/core";
import { eq } from "drizzle-orm";
import { expect } from "vitest";
import { reviews, users, withdrawals } from "../../db/schema/index.js";
import { call, registerUser, type Answer, type Session, type TestApp } from "../../../test/helper.js";
import { userIdOf } from "../kyc/testing.js";
import { book, userWallets } from "../ledger/index.js";
import { adminCall, type StaffLogin } from "../staff/testing.js";

export const REAL_NAME = "Priya Sharma";
export const FUND_PASSWORD = "fund-pass-2468";

/** A fresh idempotency key. */
export const newKey = () => `wd-${randomBytes(8).toString("hex")}`;

/** A card number no other test uses: 16 digits. */
export const freshCardNumber = () =>
  `6222${String(randomInt(0, 1e6)).padStart(6, "0")}${String(randomInt(0, 1e6)).padStart(6, "0")}`;

export interface Ready {
  session: Session;
  userId: string;
  cardId: string;
}

export const fund = (t: TestApp, session: Session, action: string, body: unknown = {}) =>
  call(t.app, `fund/${action}`, body, session.headers);

export async function setUser(t: TestApp, userId: string, values: Partial<typeof users.$inferInsert>) {
  await t.database.db.update(users).set(values).where(eq(users.id, userId));
}

/** KYC approved (as the review's approval sets it). */
export const verifyKyc = (t: TestApp, userId: string) =>
  setUser(t, userId, { kycStatus: "verified", realname: REAL_NAME });

export async function setFundPassword(t: TestApp, session: Session) {
  const answer = await call(
    t.app,
    "user/setFundPassword",
    { fundPassword: FUND_PASSWORD, confirmFundPassword: FUND_PASSWORD },
    session.headers,
  );
  expect(answer).toMatchObject({ status: 1 });
}

export async function bindCard(t: TestApp, session: Session): Promise<string> {
  const answer = await call(
    t.app,
    "bank/add",
    {
      holderName: REAL_NAME,
      cardNumber: freshCardNumber(),
      bankName: "State Bank of India",
      branchName: "Mumbai Main Branch",
      ifsc: "SBIN0000300",
    },
    session.headers,
  );
  expect(answer).toMatchObject({ status: 1 });
  return (answer.data as { id: string }).id;
}

/** A valid address of each wallet type (Tron's USDT contract, Ethereum's, the Bitcoin genesis output). */
export const ADDRESSES = {
  "USDT-TRC20": "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t",
  "USDT-ERC20": "0xdac17f958d2ee523a2206206994597c13d831ec7",
  BTC: "1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa",
} as const;

/** Saves a wallet address of the user and answers its id. */
export async function saveWallet(
  t: TestApp,
  session: Session,
  type: keyof typeof ADDRESSES = "USDT-TRC20",
): Promise<string> {
  const answer = await call(t.app, "wallet/add", { type, address: ADDRESSES[type] }, session.headers);
  expect(answer).toMatchObject({ status: 1 });
  return (answer.data as { id: string }).id;
}

/** A withdrawal to a wallet: as withdrawBody, with `walletId` in the place of `bankCardId`. */
export const walletBody = (walletId: string, overrides: Record<string, unknown> = {}) => {
  const { bankCardId: _card, ...body } = withdrawBody("", overrides);
  return { ...body, walletId };
};

/** Money in, as an approved deposit books it. */
export async function deposit(t: TestApp, userId: string, currency: string, amount: string) {
  await t.database.db.transaction((tx) =>
    book(tx, {
      entry: credit("deposit", userId, currency, amount),
      userId,
      cause: { by: "system" },
      at: t.clock.now(),
    }),
  );
}

/** A user who meets every rule: fund password, KYC, a card, and `balance` USD available. */
export async function readyUser(t: TestApp, balance = "1000.00"): Promise<Ready> {
  const session = await registerUser(t.app);
  const userId = await userIdOf(t.database.db, session);
  await setFundPassword(t, session);
  await verifyKyc(t, userId);
  const cardId = await bindCard(t, session);
  if (balance !== "0") await deposit(t, userId, "USD", balance);
  return { session, userId, cardId };
}

export const withdrawBody = (cardId: string, overrides: Record<string, unknown> = {}) => ({
  currency: "USD",
  amount: "100.00",
  bankCardId: cardId,
  fundPassword: FUND_PASSWORD,
  idempotencyKey: newKey(),
  ...overrides,
});

export async function withdrawOk(t: TestApp, ready: Ready, overrides: Record<string, unknown> = {}) {
  const answer = await fund(t, ready.session, "withdraw", withdrawBody(ready.cardId, overrides));
  expect(answer).toMatchObject({ status: 1 });
  return answer.data as Withdrawal;
}

/** The user's wallet of one currency as the ledger has it (zeros when it has none). */
export async function walletOf(t: TestApp, userId: string, currency = "USD") {
  const wallet = (await userWallets(t.database.db, userId)).find((w) => w.currency === currency);
  return { available: wallet?.available ?? "0", held: wallet?.held ?? "0" };
}

export async function withdrawalRows(t: TestApp, userId: string) {
  return t.database.db.select().from(withdrawals).where(eq(withdrawals.userId, userId));
}

export async function reviewOf(t: TestApp, withdrawalId: string) {
  const [row] = await t.database.db.select().from(reviews).where(eq(reviews.subjectId, withdrawalId));
  if (!row) throw new Error(`no review of ${withdrawalId}`);
  return row;
}

export async function decide(
  t: TestApp,
  staff: StaffLogin,
  withdrawalId: string,
  decision: "approve" | "reject",
  reason = "",
): Promise<Answer> {
  const review = await reviewOf(t, withdrawalId);
  return adminCall(
    t.app,
    "reviews/decide",
    { kind: "withdrawal", id: review.id, decision, reason },
    staff.headers,
  );
}
