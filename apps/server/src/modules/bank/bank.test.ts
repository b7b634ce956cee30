import { randomInt, randomUUID } from "node:crypto";
import type { KycStatus } from "@brokerage/api";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bankCards, users } from "../../db/schema/index.js";
import { HOUR } from "../../lib/clock.js";
import { buildTestApp, call, registerUser, type Session, type TestApp } from "../../../test/helper.js";
import { createStaff, staffLogin } from "../staff/testing.js";
import { BankCardService, cardHasPendingWithdrawal } from "./service.js";

let t: TestApp;
beforeAll(async () => {
  // Every scenario registers its own users, more than the default limit of registrations per address.
  t = await buildTestApp({ authLimits: { registrationsPerAddress: { max: 200, windowMs: HOUR } } });
});
afterAll(() => t.close());

const REAL_NAME = "Priya Sharma";

interface Card {
  id: string;
  holderName: string;
  cardNumber: string;
  bankName: string;
  branchName: string;
  country: string;
  ifsc: string | null;
  swift: string | null;
  createdAt: string;
}

const bank = (session: Session, action: string, body: unknown = {}) =>
  call(t.app, `bank/${action}`, body, session.headers);

/** A card number no other test uses: 16 digits. */
const freshNumber = () =>
  `6222${String(randomInt(0, 1e6)).padStart(6, "0")}${String(randomInt(0, 1e6)).padStart(6, "0")}`;

const cardBody = (overrides: Record<string, unknown> = {}) => ({
  holderName: REAL_NAME,
  cardNumber: freshNumber(),
  bankName: "State Bank of India",
  branchName: "Mumbai Main Branch",
  ifsc: "SBIN0000300",
  ...overrides,
});

async function userIdOf(session: Session): Promise<string> {
  const [row] = await t.database.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.account, session.account));
  if (!row) throw new Error(`no user ${session.account}`);
  return row.id;
}

/** Sets the KYC outcome directly, as the review's approval does. */
async function setKyc(session: Session, kycStatus: KycStatus, realname: string | null) {
  await t.database.db.update(users).set({ kycStatus, realname }).where(eq(users.account, session.account));
}

async function verifiedUser(realname = REAL_NAME): Promise<Session> {
  const session = await registerUser(t.app);
  await setKyc(session, "verified", realname);
  return session;
}

async function list(session: Session): Promise<Card[]> {
  const answer = await bank(session, "list");
  expect(answer).toMatchObject({ status: 1 });
  return (answer.data as { items: Card[] }).items;
}

async function add(session: Session, body: Record<string, unknown> = cardBody()): Promise<Card> {
  const answer = await bank(session, "add", body);
  expect(answer).toMatchObject({ status: 1 });
  return answer.data as Card;
}

/** Every row of the user, removed ones too. */
async function rowsOf(session: Session) {
  return t.database.db
    .select()
    .from(bankCards)
    .where(eq(bankCards.userId, await userIdOf(session)));
}

describe("bank/add and bank/list", () => {
  it("binds a card in the verified name and lists it masked, newest first", async () => {
    const session = await verifiedUser();
    expect(await list(session)).toEqual([]);
    const first = await add(session, cardBody({ cardNumber: "6222 0212-3456 7890 123" }));
    expect(first).toEqual({
      id: expect.any(String),
      country: "IN",
      holderName: REAL_NAME,
      cardNumber: "6222***********0123",
      bankName: "State Bank of India",
      branchName: "Mumbai Main Branch",
      ifsc: "SBIN0000300",
      swift: null,
      createdAt: t.clock.now().toISOString(),
    });
    t.clock.advance(1000);
    const second = await add(session, cardBody({ cardNumber: "123456789012" }));
    expect(second.cardNumber).toBe("1234****9012");
    expect((await list(session)).map((c) => c.id)).toEqual([second.id, first.id]);
    // The full number is kept, without the grouping the user typed, for payouts; never answered.
    const stored = await rowsOf(session);
    expect(stored.map((r) => r.cardNumber).sort()).toEqual(["123456789012", "6222021234567890123"]);
    expect(JSON.stringify(await bank(session, "list"))).not.toContain("6222021234567890123");
  });

  it("forgives case, width and spacing in the holder name and the IFSC code's case", async () => {
    const session = await verifiedUser("Rahul Kumar Verma");
    const card = await add(
      session,
      cardBody({ holderName: "  RAHUL   kumar verma ", ifsc: " hdfc0001234 ", bankName: "  HDFC Bank " }),
    );
    expect(card).toMatchObject({
      holderName: "RAHUL kumar verma",
      ifsc: "HDFC0001234",
      bankName: "HDFC Bank",
    });
  });

  it.each<[KycStatus, string | null]>([
    ["not_verified", null],
    ["under_review", null],
    ["failed", null],
    // A name without the verified state does not open it either.
    ["under_review", REAL_NAME],
  ])("refuses before KYC is verified (%s) with KYC_REQUIRED", async (status, realname) => {
    const session = await registerUser(t.app);
    await setKyc(session, status, realname);
    expect(await bank(session, "add", cardBody())).toMatchObject({
      status: 0,
      code: "KYC_REQUIRED",
      msg: "Please complete real-name verification first",
    });
    expect(await rowsOf(session)).toEqual([]);
  });

  it.each(["Priya Sharmaa", "P. Sharma", "Sharma Priya", "Priya", "Someone Else"])(
    "refuses a holder name other than the verified one (%s): card not the holder's",
    async (holderName) => {
      const session = await verifiedUser();
      expect(await bank(session, "add", cardBody({ holderName }))).toMatchObject({
        status: 0,
        code: "CARD_NOT_OWNED",
        msg: "This card is not the holder's own",
        params: { field: "holderName" },
      });
      expect(await rowsOf(session)).toEqual([]);
    },
  );

  it("refuses a card bound already, by the same user or anyone else, however it is grouped", async () => {
    const alice = await verifiedUser();
    const bob = await verifiedUser();
    const number = freshNumber();
    await add(alice, cardBody({ cardNumber: number }));
    const exists = {
      status: 0,
      code: "CARD_EXISTS",
      msg: "This card already exists",
      params: { field: "cardNumber" },
    };
    expect(await bank(alice, "add", cardBody({ cardNumber: number }))).toMatchObject(exists);
    expect(await bank(bob, "add", cardBody({ cardNumber: number }))).toMatchObject(exists);
    const grouped = number.replace(/(\d{4})(?=\d)/g, "$1 ");
    expect(await bank(bob, "add", cardBody({ cardNumber: grouped }))).toMatchObject(exists);
    // Full-width digits from a CJK keyboard are the same digits.
    const fullWidth = [...number].map((d) => String.fromCharCode(0xff10 + Number(d))).join("");
    expect(await bank(bob, "add", cardBody({ cardNumber: fullWidth }))).toMatchObject(exists);
    expect(await rowsOf(bob)).toEqual([]);
    expect(await rowsOf(alice)).toHaveLength(1);
  });

  it("lets a removed card be bound again, by its owner or by someone else", async () => {
    const alice = await verifiedUser();
    const bob = await verifiedUser();
    const number = freshNumber();
    const card = await add(alice, cardBody({ cardNumber: number }));
    expect(await bank(alice, "remove", { id: card.id })).toMatchObject({ status: 1 });
    const again = await add(bob, cardBody({ cardNumber: number }));
    expect(again.id).not.toBe(card.id);
    expect(await bank(alice, "add", cardBody({ cardNumber: number }))).toMatchObject({ code: "CARD_EXISTS" });
  });

  it.each([
    "12345678901",
    "12345678901234567890",
    "6222 0212 3456 789X",
    "６２２２abc",
    "+6222021234567890",
    "0x12345678901234",
  ])("refuses a card number that is not 12 to 19 digits (%s)", async (cardNumber) => {
    const session = await verifiedUser();
    expect(await bank(session, "add", cardBody({ cardNumber }))).toMatchObject({
      status: 0,
      code: "CARD_NUMBER_INVALID",
      msg: "Enter a card or account number of 12 to 19 digits",
      params: { field: "cardNumber" },
    });
    expect(await rowsOf(session)).toEqual([]);
  });

  it.each([
    "SBIN1000300",
    "SBI00000300",
    "SBIN000030",
    "SBIN00003000",
    "1BIN0000300",
    "SBIN0-00300",
    "SBIN 0000300",
  ])("refuses an IFSC code other than 4 letters, 0 and 6 letters or digits (%s)", async (ifsc) => {
    const session = await verifiedUser();
    expect(await bank(session, "add", cardBody({ ifsc }))).toMatchObject({
      status: 0,
      code: "IFSC_INVALID",
      msg: "Enter a valid IFSC code: 4 letters, then 0, then 6 letters or digits",
      params: { field: "ifsc" },
    });
    expect(await rowsOf(session)).toEqual([]);
  });

  it("keeps at most 10 cards bound; a removed card frees its place", async () => {
    const session = await verifiedUser();
    const cards: Card[] = [];
    for (let i = 0; i < 10; i++) cards.push(await add(session));
    expect(await bank(session, "add", cardBody())).toMatchObject({
      status: 0,
      code: "CARD_LIMIT_REACHED",
      params: { limit: "10" },
      msg: "You can bind at most 10 bank cards",
    });
    expect(await list(session)).toHaveLength(10);
    expect(await bank(session, "remove", { id: cards[3]?.id })).toMatchObject({ status: 1 });
    await add(session);
    expect(await list(session)).toHaveLength(10);
  });
});

describe("bank/remove", () => {
  it("unbinds the card and keeps its row; a second removal answers NOT_FOUND", async () => {
    const session = await verifiedUser();
    const card = await add(session);
    const other = await add(session);
    t.clock.advance(5000);
    expect(await bank(session, "remove", { id: card.id })).toMatchObject({ status: 1, data: null });
    expect((await list(session)).map((c) => c.id)).toEqual([other.id]);
    const row = (await rowsOf(session)).find((r) => r.id === card.id);
    expect(row?.removedAt).toEqual(t.clock.now());
    expect(await bank(session, "remove", { id: card.id })).toMatchObject({
      status: 0,
      code: "NOT_FOUND",
      msg: "Not found",
    });
  });

  it("is refused while a withdrawal to the card is pending, and the card stays", async () => {
    const session = await verifiedUser();
    const card = await add(session);
    const asked: string[] = [];
    const cards = new BankCardService({
      db: t.database.db,
      clock: t.clock,
      hasPendingWithdrawal: async (_tx, cardId) => {
        asked.push(cardId);
        return true;
      },
    });
    await expect(cards.remove(await userIdOf(session), card.id)).rejects.toMatchObject({
      code: "CARD_WITHDRAWAL_PENDING",
    });
    expect(asked).toEqual([card.id]);
    expect((await list(session)).map((c) => c.id)).toEqual([card.id]);
    // No withdrawal was asked to this card: nothing is pending (withdrawals.test.ts asks one for real).
    expect(await cardHasPendingWithdrawal(t.database.db, card.id)).toBe(false);
  });
});

describe("object-level access", () => {
  it("never shows or removes another user's card: NOT_FOUND, and the card stays", async () => {
    const alice = await verifiedUser();
    const bob = await verifiedUser();
    const card = await add(alice);
    expect(await list(bob)).toEqual([]);
    expect(await bank(bob, "remove", { id: card.id })).toMatchObject({ status: 0, code: "NOT_FOUND" });
    expect(await bank(bob, "remove", { id: randomUUID() })).toMatchObject({ status: 0, code: "NOT_FOUND" });
    // Extra fields naming another user are not read.
    expect(await bank(bob, "list", { userId: await userIdOf(alice), account: alice.account })).toMatchObject({
      status: 1,
      data: { items: [] },
    });
    expect((await list(alice)).map((c) => c.id)).toEqual([card.id]);
  });
});

describe("concurrency", () => {
  it("binds a card once when two users add it at the same time", async () => {
    const alice = await verifiedUser();
    const bob = await verifiedUser();
    const number = freshNumber();
    const answers = await Promise.all([
      bank(alice, "add", cardBody({ cardNumber: number })),
      bank(bob, "add", cardBody({ cardNumber: number })),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([0, 1]);
    expect(answers.find((a) => a.status === 0)).toMatchObject({
      httpStatus: 200,
      code: "CARD_EXISTS",
      msg: "This card already exists",
    });
    const bound = await t.database.db.select().from(bankCards).where(eq(bankCards.cardNumber, number));
    expect(bound).toHaveLength(1);
  });

  it("binds a card once when one user sends it twice at the same time", async () => {
    const session = await verifiedUser();
    const body = cardBody();
    const answers = await Promise.all([bank(session, "add", body), bank(session, "add", body)]);
    expect(answers.map((a) => a.status).sort()).toEqual([0, 1]);
    expect(answers.find((a) => a.status === 0)).toMatchObject({ code: "CARD_EXISTS" });
    expect(await rowsOf(session)).toHaveLength(1);
  });

  it("holds the limit when the last places are taken at the same time", async () => {
    const session = await verifiedUser();
    for (let i = 0; i < 9; i++) await add(session);
    const answers = await Promise.all([1, 2, 3].map(() => bank(session, "add", cardBody())));
    expect(answers.filter((a) => a.status === 1)).toHaveLength(1);
    expect(answers.filter((a) => a.code === "CARD_LIMIT_REACHED")).toHaveLength(2);
    expect(await list(session)).toHaveLength(10);
  });
});

describe("malformed input and sessions", () => {
  let session: Session;
  beforeAll(async () => {
    session = await verifiedUser();
  });

  it.each<[string, string, unknown]>([
    ["add: no fields", "add", {}],
    ["add: no IFSC", "add", { ...cardBody(), ifsc: undefined }],
    ["add: empty holder name", "add", cardBody({ holderName: "   " })],
    ["add: empty bank name", "add", cardBody({ bankName: "" })],
    ["add: card number as a number", "add", cardBody({ cardNumber: 6222021234567890 })],
    ["add: null branch", "add", cardBody({ branchName: null })],
    ["add: an object", "add", cardBody({ holderName: { $ne: "" } })],
    ["add: huge bank name", "add", cardBody({ bankName: "x".repeat(100_000) })],
    ["add: huge card number", "add", cardBody({ cardNumber: "1".repeat(10_000) })],
    ["add: an array", "add", [cardBody()]],
    ["remove: no id", "remove", {}],
    ["remove: not a uuid", "remove", { id: "1 or 1=1" }],
    ["remove: a number", "remove", { id: 7 }],
  ])("answers INVALID_INPUT and stores nothing (%s)", async (_name, action, body) => {
    const answer = await bank(session, action, body);
    expect(answer).toMatchObject({ httpStatus: 200, status: 0, code: "INVALID_INPUT" });
    expect(await rowsOf(session)).toEqual([]);
  });

  it("refuses every call without a user session with 401, a staff session included", async () => {
    const staff = await createStaff(t.database.db, "administrator");
    const staffSession = await staffLogin(t.app, staff, "10.9.0.1");
    for (const action of ["list", "add", "remove"]) {
      const body = action === "add" ? cardBody() : action === "remove" ? { id: randomUUID() } : {};
      expect(await call(t.app, `bank/${action}`, body)).toMatchObject({
        httpStatus: 401,
        code: "UNAUTHORIZED",
      });
      expect(await call(t.app, `bank/${action}`, body, staffSession.headers)).toMatchObject({
        httpStatus: 401,
        code: "UNAUTHORIZED",
      });
    }
  });
});

describe("documentation", () => {
  it("documents the card and wallet calls in the OpenAPI document", async () => {
    const response = await t.app.inject({ method: "GET", url: "/api/docs/openapi.json" });
    const paths = Object.keys((response.json() as { paths: Record<string, unknown> }).paths);
    for (const path of [
      "bank/list",
      "bank/lookup",
      "bank/add",
      "bank/remove",
      "wallet/list",
      "wallet/add",
      "wallet/remove",
    ])
      expect(paths).toContain(`/api/vue/${path}`);
  });
});
