import { FUND_RECORDS_PAGE_SIZE, type FundRecord, type FundRecordPage } from "@brokerage/api";
import { adjustment, credit, hold, postHold, voidHold } from "@brokerage/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, call, registerUser, type Session, type TestApp } from "../../../test/helper.js";
import { seqCursor } from "../../lib/cursor.js";
import { userIdOf } from "../kyc/testing.js";
import { bookFor } from "./testing.js";

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

interface Member {
  session: Session;
  userId: string;
}

async function member(): Promise<Member> {
  const session = await registerUser(t.app);
  return { session, userId: await userIdOf(t.database.db, session) };
}

async function records(who: Member, body: Record<string, unknown> = {}): Promise<FundRecordPage> {
  const answer = await call(t.app, "fund/records", body, who.session.headers);
  expect(answer, JSON.stringify(answer)).toMatchObject({ httpStatus: 200, status: 1 });
  return answer.data as FundRecordPage;
}

/** Every page of a listing, following nextCursor to the end. */
async function allPages(who: Member, filters: Record<string, unknown> = {}): Promise<FundRecordPage[]> {
  const pages: FundRecordPage[] = [];
  let cursor: string | undefined;
  do {
    const page = await records(who, cursor ? { ...filters, cursor } : filters);
    pages.push(page);
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  return pages;
}

const deposit = (who: Member, currency: string, amount: string) =>
  bookFor(t.database.db, who.userId, credit("deposit", who.userId, currency, amount), t.clock.now(), {
    reference: `deposit:${currency}-${amount}`,
  });

describe("fund/records", () => {
  it("explains a withdrawal: the hold on both accounts, the refusal with its reason, the payout as frozen", async () => {
    const alice = await member();
    const db = t.database.db;
    const at = () => t.clock.now();
    await deposit(alice, "USD", "100.00");
    await bookFor(db, alice.userId, hold("withdrawalHold", alice.userId, "USD", "30.00"), at(), {
      reference: "withdrawal:w1",
    });
    await bookFor(db, alice.userId, voidHold("withdrawalRefusal", alice.userId, "USD", "30.00"), at(), {
      reference: "withdrawal:w1",
      reason: "The card holder's name does not match",
    });
    await bookFor(db, alice.userId, hold("withdrawalHold", alice.userId, "USD", "40.00"), at(), {
      reference: "withdrawal:w2",
    });
    await bookFor(db, alice.userId, postHold("withdrawalPayout", alice.userId, "USD", "40.00"), at(), {
      reference: "withdrawal:w2",
    });

    const { items, nextCursor } = await records(alice);
    expect(nextCursor).toBeNull();
    const shape = (r: FundRecord) => [r.type, r.account, r.amount, r.balanceAfter, r.reference, r.reason];
    // Newest first by posting id; an entry's postings are written in account order (available first).
    const refused = "The card holder's name does not match";
    expect(items.map(shape)).toEqual([
      ["withdrawalPayout", "held", "-40.00", "0.00", "withdrawal:w2", null],
      ["withdrawalHold", "held", "40.00", "40.00", "withdrawal:w2", null],
      ["withdrawalHold", "available", "-40.00", "60.00", "withdrawal:w2", null],
      ["withdrawalRefusal", "held", "-30.00", "0.00", "withdrawal:w1", refused],
      ["withdrawalRefusal", "available", "30.00", "100.00", "withdrawal:w1", refused],
      ["withdrawalHold", "held", "30.00", "30.00", "withdrawal:w1", null],
      ["withdrawalHold", "available", "-30.00", "70.00", "withdrawal:w1", null],
      ["deposit", "available", "100.00", "100.00", "deposit:USD-100.00", null],
    ]);
    expect(items.every((r) => r.currency === "USD" && r.createdAt === t.clock.now().toISOString())).toBe(
      true,
    );
  });

  it("lists only the caller's postings; a cursor from another user's list shows nothing of theirs", async () => {
    const alice = await member();
    const bob = await member();
    await deposit(bob, "USD", "555.00");
    for (let i = 1; i <= FUND_RECORDS_PAGE_SIZE + 5; i++) await deposit(alice, "USD", `${i}.00`);
    await deposit(bob, "USD", "777.00");
    await deposit(bob, "THB", "888.00");
    await deposit(alice, "USD", "99.00");

    const bobs = (await allPages(bob)).flatMap((p) => p.items);
    expect(bobs.map((r) => [r.currency, r.amount])).toEqual([
      ["THB", "888.00"],
      ["USD", "777.00"],
      ["USD", "555.00"],
    ]);
    const alices = await records(alice);
    const everyOfAlice = (await allPages(alice)).flatMap((p) => p.items);
    expect(everyOfAlice.map((r) => Number(r.amount)).sort((a, b) => a - b)).toEqual([
      ...Array.from({ length: FUND_RECORDS_PAGE_SIZE + 5 }, (_, i) => i + 1),
      99,
    ]);
    // Alice's cursor is an id position, not a key to her data: Bob paging from it sees his older postings only.
    const fromAlices = await records(bob, { cursor: alices.nextCursor });
    expect(fromAlices.items.map((r) => r.amount)).toEqual(["555.00"]);
    // A user id sent in the body is not a filter: the session decides whose records these are.
    const spoofed = await records(bob, { userId: alice.userId });
    expect(spoofed.items.map((r) => r.id)).toEqual(bobs.map((r) => r.id));
  });

  it("pages newest first across pages without duplicates or gaps, with and without filters", async () => {
    const carol = await member();
    const total = 2 * FUND_RECORDS_PAGE_SIZE + 7;
    for (let i = 1; i <= total; i++) await deposit(carol, i % 3 === 0 ? "THB" : "USD", `${i}.00`);

    const pages = await allPages(carol);
    expect(pages.map((p) => p.items.length)).toEqual([FUND_RECORDS_PAGE_SIZE, FUND_RECORDS_PAGE_SIZE, 7]);
    const amounts = pages.flatMap((p) => p.items.map((r) => Number(r.amount)));
    expect(amounts).toEqual(Array.from({ length: total }, (_, i) => total - i));
    const ids = pages.flatMap((p) => p.items.map((r) => Number(r.id)));
    expect(new Set(ids).size).toBe(total);
    expect([...ids].sort((a, b) => b - a)).toEqual(ids);

    const thb = (await allPages(carol, { currency: "THB" })).flatMap((p) => p.items);
    expect(thb.map((r) => Number(r.amount))).toEqual(
      Array.from({ length: total }, (_, i) => total - i).filter((n) => n % 3 === 0),
    );
    // The running balance of each currency's available account, as the account screen shows it.
    expect(thb[0]?.balanceAfter).toBe(`${thb.reduce((sum, r) => sum + Number(r.amount), 0)}.00`);
  });

  it("filters by fund-flow type and currency", async () => {
    const dave = await member();
    const db = t.database.db;
    await deposit(dave, "USD", "50.00");
    await deposit(dave, "INR", "5000.00");
    await bookFor(db, dave.userId, adjustment("adjustment", dave.userId, "INR", "-100.00"), t.clock.now(), {
      reason: "Fee charged twice, returned, then reversed",
    });
    await bookFor(db, dave.userId, adjustment("adjustment", dave.userId, "USD", "2.50"), t.clock.now(), {
      reason: "Goodwill",
    });

    const adjustments = await records(dave, { type: "adjustment" });
    expect(adjustments.items.map((r) => [r.currency, r.amount, r.reason])).toEqual([
      ["USD", "2.50", "Goodwill"],
      ["INR", "-100.00", "Fee charged twice, returned, then reversed"],
    ]);
    const inrAdjustments = await records(dave, { type: "adjustment", currency: "INR" });
    expect(inrAdjustments.items.map((r) => r.balanceAfter)).toEqual(["4900.00"]);
    expect((await records(dave, { type: "withdrawalRefusal" })).items).toEqual([]);
    expect((await records(dave, { currency: "KRW" })).items).toEqual([]);
  });

  it("refuses bad input with INVALID_INPUT on its field, never a 500", async () => {
    const erin = await member();
    await deposit(erin, "USD", "1.00");
    const refusal = async (body: Record<string, unknown>) => {
      const answer = await call(t.app, "fund/records", body, erin.session.headers);
      return [answer.httpStatus, answer.status, answer.code, answer.params?.field];
    };
    const messages = seqCursor("msg").encode(5);
    const oversized = Buffer.from("fundrec.99999999999999999", "utf8").toString("base64url");
    for (const cursor of ["%%%", "not-a-cursor", messages, oversized, "", "ZnVuZHJlYy4wMQ"])
      expect(await refusal({ cursor })).toEqual([200, 0, "INVALID_INPUT", "cursor"]);
    expect(await refusal({ type: "lottery" })).toEqual([200, 0, "INVALID_INPUT", "type"]);
    expect(await refusal({ currency: "usd" })).toEqual([200, 0, "INVALID_INPUT", "currency"]);
    expect(await refusal({ cursor: 12 })).toEqual([200, 0, "INVALID_INPUT", "cursor"]);
  });

  it("needs a session", async () => {
    const answer = await call(t.app, "fund/records", {});
    expect(answer).toMatchObject({ httpStatus: 401, code: "UNAUTHORIZED" });
  });

  it("documents fund/records and fund/statement in the OpenAPI document", async () => {
    const response = await t.app.inject({ method: "GET", url: "/api/docs/openapi.json" });
    const paths = (response.json() as { paths: Record<string, { post?: { summary?: string } }> }).paths;
    for (const path of ["/api/vue/fund/records", "/api/vue/fund/statement"])
      expect(paths[path]?.post?.summary?.length ?? 0, path).toBeGreaterThan(80);
  });
});
