import { randomInt } from "node:crypto";
import type { BankCard } from "@brokerage/api";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bankCards, users } from "../../db/schema/index.js";
import { HOUR } from "../../lib/clock.js";
import { buildTestApp, call, registerUser, type Session, type TestApp } from "../../../test/helper.js";

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ authLimits: { registrationsPerAddress: { max: 100, windowMs: HOUR } } });
});
afterAll(() => t.close());

const REAL_NAME = "Priya Sharma";
const bank = (session: Session, action: string, body: unknown = {}) =>
  call(t.app, `bank/${action}`, body, session.headers);

async function verifiedUser(): Promise<Session> {
  const session = await registerUser(t.app);
  await t.database.db
    .update(users)
    .set({ kycStatus: "verified", realname: REAL_NAME })
    .where(eq(users.account, session.account));
  return session;
}

async function rowsOf(session: Session) {
  const [user] = await t.database.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.account, session.account));
  return t.database.db
    .select()
    .from(bankCards)
    .where(eq(bankCards.userId, user?.id ?? ""));
}

const digits = (n: number) => Array.from({ length: n }, () => randomInt(0, 10)).join("");

const indianCard = (overrides: Record<string, unknown> = {}) => ({
  country: "IN",
  holderName: REAL_NAME,
  cardNumber: `6222${digits(12)}`,
  branchName: "Mumbai Main Branch",
  ifsc: "SBIN0000300",
  ...overrides,
});

const thaiCard = (overrides: Record<string, unknown> = {}) => ({
  country: "TH",
  holderName: REAL_NAME,
  cardNumber: digits(10),
  bankName: "Bangkok Bank",
  branchName: "Silom",
  swift: "BKKBTHBK",
  ...overrides,
});

describe("bank/lookup", () => {
  let session: Session;
  beforeAll(async () => {
    session = await registerUser(t.app);
  });

  it("resolves a real IFSC to its bank, in any case, from the bundled dataset", async () => {
    expect(await bank(session, "lookup", { country: "IN", code: " sbin0000300 " })).toMatchObject({
      status: 1,
      data: {
        country: "IN",
        scheme: "IFSC",
        code: "SBIN0000300",
        bankName: "State Bank of India",
        branchName: null,
      },
    });
    expect(await bank(session, "lookup", { country: "in", code: "HDFC0000001" })).toMatchObject({
      data: { bankName: "HDFC Bank" },
    });
    // A code of HDFC Bank's range used by a co-operative bank it clears for names that bank.
    expect(await bank(session, "lookup", { country: "IN", code: "HDFC0CAACOB" })).toMatchObject({
      data: { bankName: "Akhand Anand Co.op Bank" },
    });
  });

  it("refuses an IFSC that does not exist, though well-formed, and one of the wrong shape", async () => {
    for (const code of ["SBIN0999999", "ABCD0123456", "HDFC0ZZZZZZ"])
      expect(await bank(session, "lookup", { country: "IN", code }), code).toMatchObject({
        status: 0,
        code: "IFSC_UNKNOWN",
        params: { field: "code" },
        msg: "No bank branch has this IFSC code: check it against your cheque book or passbook",
      });
    for (const code of ["SBIN1000300", "SBIN000030", "BKKBTHBK"])
      expect(await bank(session, "lookup", { country: "IN", code }), code).toMatchObject({
        status: 0,
        code: "IFSC_INVALID",
      });
  });

  it("checks a SWIFT/BIC's format and country elsewhere, naming no bank", async () => {
    expect(await bank(session, "lookup", { country: "TH", code: "bkkb th bk xxx" })).toMatchObject({
      status: 1,
      data: { country: "TH", scheme: "SWIFT", code: "BKKBTHBKXXX", bankName: null, branchName: null },
    });
    expect(await bank(session, "lookup", { country: "TH", code: "DEUTDEFF" })).toMatchObject({
      status: 0,
      code: "SWIFT_COUNTRY_MISMATCH",
      params: { codeCountry: "DE", field: "code" },
    });
    for (const code of ["BKKBTHB", "BKKB1HBK", "SBIN0000300", "BKKBTHB0"])
      expect(await bank(session, "lookup", { country: "TH", code }), code).toMatchObject({
        status: 0,
        code: "SWIFT_INVALID",
      });
  });

  it.each<[string, unknown]>([
    ["no fields", {}],
    ["no code", { country: "IN" }],
    ["an unknown country", { country: "ZZ", code: "SBIN0000300" }],
    ["a three-letter country", { country: "IND", code: "SBIN0000300" }],
    ["a code as a number", { country: "IN", code: 300 }],
    ["a huge code", { country: "IN", code: "S".repeat(10_000) }],
    ["an array", [{ country: "IN", code: "SBIN0000300" }]],
  ])("answers INVALID_INPUT (%s)", async (_name, body) => {
    expect(await bank(session, "lookup", body)).toMatchObject({
      httpStatus: 200,
      status: 0,
      code: "INVALID_INPUT",
    });
  });

  it("needs a user session", async () => {
    expect(await call(t.app, "bank/lookup", { country: "IN", code: "SBIN0000300" })).toMatchObject({
      httpStatus: 401,
      code: "UNAUTHORIZED",
    });
  });
});

describe("bank/add per country", () => {
  it("refuses an Indian card whose IFSC does not exist, storing nothing", async () => {
    const session = await verifiedUser();
    expect(await bank(session, "add", indianCard({ ifsc: "SBIN0999999" }))).toMatchObject({
      status: 0,
      code: "IFSC_UNKNOWN",
      params: { field: "ifsc" },
    });
    expect(await rowsOf(session)).toEqual([]);
  });

  it("names an Indian card's bank from its IFSC, whatever the form said", async () => {
    const session = await verifiedUser();
    const answer = await bank(
      session,
      "add",
      indianCard({ ifsc: "hdfc0000001", bankName: "Some other bank" }),
    );
    expect(answer).toMatchObject({
      status: 1,
      data: { country: "IN", ifsc: "HDFC0000001", swift: null, bankName: "HDFC Bank" },
    });
  });

  it("keeps the body of before countries (no country: India)", async () => {
    const session = await verifiedUser();
    const answer = await bank(session, "add", {
      holderName: REAL_NAME,
      cardNumber: `6222${digits(12)}`,
      bankName: "State Bank of India",
      branchName: "Mumbai Main Branch",
      ifsc: "SBIN0000300",
    });
    expect(answer).toMatchObject({ status: 1, data: { country: "IN", ifsc: "SBIN0000300" } });
  });

  it("binds a card elsewhere with its SWIFT/BIC and the bank's name as given", async () => {
    const session = await verifiedUser();
    const number = `12-3456-${digits(4)}`;
    const answer = await bank(session, "add", thaiCard({ cardNumber: number, swift: "bkkb thbk" }));
    expect(answer).toMatchObject({ status: 1 });
    const card = answer.data as BankCard;
    expect(card).toMatchObject({
      country: "TH",
      swift: "BKKBTHBK",
      ifsc: null,
      bankName: "Bangkok Bank",
      branchName: "Silom",
      cardNumber: expect.stringMatching(/^\*{6}\d{4}$/),
    });
    const listed = await bank(session, "list");
    expect((listed.data as { items: BankCard[] }).items).toEqual([card]);
    const [row] = await rowsOf(session);
    expect(row).toMatchObject({
      country: "TH",
      swift: "BKKBTHBK",
      ifsc: null,
      cardNumber: number.replace(/-/g, ""),
    });
  });

  it("takes an IBAN where the country's banks use them, its check digits verified", async () => {
    const session = await verifiedUser();
    const german = (overrides: Record<string, unknown>) =>
      thaiCard({
        country: "DE",
        bankName: "Deutsche Bank",
        branchName: "Frankfurt",
        swift: "DEUTDEFF",
        ...overrides,
      });
    expect(await bank(session, "add", german({ cardNumber: "DE88370400440532013000" }))).toMatchObject({
      status: 0,
      code: "ACCOUNT_NUMBER_INVALID",
      params: { field: "cardNumber" },
    });
    expect(await bank(session, "add", german({ cardNumber: "DE89 3704 0044 0532 0130 00" }))).toMatchObject({
      status: 1,
      data: { country: "DE", cardNumber: "DE89**************3000" },
    });
  });

  it.each<[string, Record<string, unknown>, string, string]>([
    ["a BIC of another country", { swift: "DEUTDEFF" }, "SWIFT_COUNTRY_MISMATCH", "swift"],
    ["a malformed BIC", { swift: "BKKB" }, "SWIFT_INVALID", "swift"],
    ["no BIC", { swift: undefined }, "INVALID_INPUT", "swift"],
    ["an IFSC for a Thai bank", { ifsc: "SBIN0000300" }, "INVALID_INPUT", "ifsc"],
    ["no bank name", { bankName: undefined }, "INVALID_INPUT", "bankName"],
    ["an account number too short", { cardNumber: "12345" }, "ACCOUNT_NUMBER_INVALID", "cardNumber"],
    ["an unknown country", { country: "ZZ" }, "INVALID_INPUT", "country"],
  ])("refuses %s, storing nothing", async (_name, overrides, code, field) => {
    const session = await verifiedUser();
    expect(await bank(session, "add", thaiCard(overrides))).toMatchObject({
      status: 0,
      code,
      params: { field },
    });
    expect(await rowsOf(session)).toEqual([]);
  });

  it("refuses a SWIFT/BIC on an Indian card", async () => {
    const session = await verifiedUser();
    expect(await bank(session, "add", indianCard({ swift: "SBININBB" }))).toMatchObject({
      status: 0,
      code: "INVALID_INPUT",
      params: { field: "swift" },
    });
    expect(await rowsOf(session)).toEqual([]);
  });
});
