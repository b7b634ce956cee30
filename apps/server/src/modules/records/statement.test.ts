import { STATEMENT_MAX_DAYS } from "@brokerage/api";
import { adjustment, credit, exchange, hold, money, postHold, voidHold } from "@brokerage/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, registerUser, type Session, type TestApp } from "../../../test/helper.js";
import { userWallets } from "../ledger/index.js";
import { userIdOf } from "../kyc/testing.js";
import { bookFor, parseCsv, postStatement } from "./testing.js";

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

const HEADER = [
  "Currency",
  "Account",
  "Date (Asia/Kolkata)",
  "Type",
  "Type code",
  "Reference",
  "Amount",
  "Balance",
  "Reason",
] as const;

type Row = Record<(typeof HEADER)[number], string>;

/** The statement, parsed back into rows keyed by the header (which must be the expected one). */
async function statement(
  who: Member,
  body: Record<string, unknown>,
  header: readonly string[] = HEADER,
): Promise<Row[]> {
  const answer = await postStatement(t.app, body, who.session.headers);
  expect(answer.httpStatus, answer.text).toBe(200);
  const [head, ...rows] = parseCsv(answer.text);
  expect(head).toEqual(header);
  return rows.map((cells) => {
    expect(cells).toHaveLength(header.length);
    return Object.fromEntries(header.map((name, i) => [HEADER[i], cells[i] ?? ""])) as Row;
  });
}

/** Splits rows into their sections and checks each: opening + every amount = closing, row by row. */
function sections(rows: Row[]) {
  const found: { key: string; opening: string; closing: string; postings: Row[] }[] = [];
  for (const row of rows) {
    const key = `${row.Currency}/${row.Account}`;
    if (row.Type === "Opening balance") found.push({ key, opening: row.Balance, closing: "", postings: [] });
    const section = found.at(-1);
    expect(section?.key).toBe(key);
    if (!section) continue;
    if (row.Type === "Closing balance") section.closing = row.Balance;
    else if (row.Type !== "Opening balance") section.postings.push(row);
  }
  for (const section of found) {
    let running = money(section.opening);
    for (const posting of section.postings) {
      running = running.plus(posting.Amount);
      expect(money(posting.Balance).equals(running), `${section.key} ${posting.Reference}`).toBe(true);
    }
    expect(money(section.closing).equals(running), section.key).toBe(true);
  }
  return found;
}

describe("fund/statement", () => {
  it("answers a CSV download: opening balance, every posting with its running balance, closing balance", async () => {
    const alice = await member();
    const bob = await member();
    const db = t.database.db;
    const at = (iso: string) => new Date(iso);
    // Before the period (31 Oct in Kolkata), inside it, and after it.
    await bookFor(
      db,
      alice.userId,
      credit("deposit", alice.userId, "USD", "500.00"),
      at("2026-10-31T10:00:00Z"),
      {
        reference: "deposit:d0",
      },
    );
    await bookFor(
      db,
      bob.userId,
      credit("deposit", bob.userId, "USD", "12345.67"),
      at("2026-11-02T10:00:00Z"),
      {
        reference: "deposit:bob",
      },
    );
    // 1 Nov 00:10 in Kolkata is still 31 Oct in UTC.
    await bookFor(
      db,
      alice.userId,
      credit("deposit", alice.userId, "USD", "100.00"),
      at("2026-10-31T18:40:00Z"),
      {
        reference: "deposit:d1",
      },
    );
    await bookFor(
      db,
      alice.userId,
      hold("withdrawalHold", alice.userId, "USD", "50.00"),
      at("2026-11-03T05:00:00Z"),
      {
        reference: "withdrawal:w1",
      },
    );
    await bookFor(
      db,
      alice.userId,
      voidHold("withdrawalRefusal", alice.userId, "USD", "50.00"),
      at("2026-11-04T05:00:00Z"),
      { reference: "withdrawal:w1", reason: "Name differs" },
    );
    await bookFor(
      db,
      alice.userId,
      exchange("exchange", alice.userId, "USD", "10.00", "INR", "830.00"),
      at("2026-11-05T05:00:00Z"),
      { reference: "exchange:q1" },
    );
    await bookFor(
      db,
      alice.userId,
      hold("withdrawalHold", alice.userId, "USD", "20.00"),
      at("2026-11-06T05:00:00Z"),
      {
        reference: "withdrawal:w2",
      },
    );
    await bookFor(
      db,
      alice.userId,
      postHold("withdrawalPayout", alice.userId, "USD", "20.00"),
      at("2026-11-06T06:00:00Z"),
      { reference: "withdrawal:w2" },
    );
    // 30 Nov 23:50 in Kolkata, the period's last minute; then 1 Dec 00:10, after it.
    await bookFor(
      db,
      alice.userId,
      credit("deposit", alice.userId, "USD", "1.00"),
      at("2026-11-30T18:20:00Z"),
      {
        reference: "deposit:d2",
      },
    );
    await bookFor(
      db,
      alice.userId,
      credit("deposit", alice.userId, "USD", "2.00"),
      at("2026-11-30T18:40:00Z"),
      {
        reference: "deposit:d3",
      },
    );

    const answer = await postStatement(
      t.app,
      { from: "2026-11-01", to: "2026-11-30" },
      alice.session.headers,
    );
    expect(answer.httpStatus).toBe(200);
    expect(answer.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(answer.headers["content-disposition"]).toBe(
      'attachment; filename="funds-statement-2026-11-01-to-2026-11-30.csv"',
    );
    expect(answer.headers["cache-control"]).toBe("no-store");
    expect(answer.text).not.toContain("12345.67");

    const rows = await statement(alice, { from: "2026-11-01", to: "2026-11-30" });
    const found = sections(rows);
    expect(found.map((s) => [s.key, s.opening, s.closing, s.postings.map((p) => p.Reference)])).toEqual([
      [
        "USD/Available",
        "500.00",
        "571.00",
        ["deposit:d1", "withdrawal:w1", "withdrawal:w1", "exchange:q1", "withdrawal:w2", "deposit:d2"],
      ],
      [
        "USD/Frozen funds",
        "0.00",
        "0.00",
        ["withdrawal:w1", "withdrawal:w1", "withdrawal:w2", "withdrawal:w2"],
      ],
      ["INR/Available", "0.00", "830.00", ["exchange:q1"]],
    ]);
    expect(rows[1]).toEqual({
      Currency: "USD",
      Account: "Available",
      "Date (Asia/Kolkata)": "2026-11-01 00:10:00",
      Type: "Deposit",
      "Type code": "deposit",
      Reference: "deposit:d1",
      Amount: "100.00",
      Balance: "600.00",
      Reason: "",
    });
    expect(rows.find((r) => r["Type code"] === "withdrawalRefusal")).toMatchObject({
      Type: "Withdrawal refusal",
      Reason: "Name differs",
    });

    // A period reaching today closes on the balances the account screen shows.
    const today = await statement(alice, { from: "2026-11-01", to: "2026-12-01" });
    const wallets = await userWallets(db, alice.userId);
    const closing = (key: string) => sections(today).find((s) => s.key === key)?.closing;
    expect(
      money(closing("USD/Available") ?? "x").equals(
        wallets.find((w) => w.currency === "USD")?.available ?? "",
      ),
    ).toBe(true);
    expect(money(closing("INR/Available") ?? "x").equals("830")).toBe(true);
  });

  it("reads the days in the time zone asked for, and states one currency when asked", async () => {
    const carol = await member();
    const db = t.database.db;
    // 31 Oct 20:00 UTC is 1 Nov 01:30 in Kolkata.
    await bookFor(
      db,
      carol.userId,
      credit("deposit", carol.userId, "THB", "300.00"),
      new Date("2026-10-31T20:00:00Z"),
    );
    await bookFor(
      db,
      carol.userId,
      credit("deposit", carol.userId, "USD", "5.00"),
      new Date("2026-11-01T12:00:00Z"),
    );

    const kolkata = sections(
      await statement(carol, { from: "2026-11-01", to: "2026-11-01", currency: "THB" }),
    );
    expect(kolkata.map((s) => [s.key, s.opening, s.closing, s.postings.length])).toEqual([
      ["THB/Available", "0.00", "300.00", 1],
    ]);
    const utcHeader = HEADER.map((h) => h.replace("Asia/Kolkata", "UTC"));
    const utc = await statement(carol, { from: "2026-11-01", to: "2026-11-01", timeZone: "UTC" }, utcHeader);
    expect(sections(utc).map((s) => [s.key, s.opening, s.closing, s.postings.length])).toEqual([
      ["USD/Available", "0.00", "5.00", 1],
      ["THB/Available", "300.00", "300.00", 0],
    ]);
    expect(utc[1]?.["Date (Asia/Kolkata)"]).toBe("2026-11-01 12:00:00");
    // A currency never held is stated as zero to zero.
    const krw = sections(await statement(carol, { from: "2026-11-01", to: "2026-11-30", currency: "KRW" }));
    expect(krw.map((s) => [s.key, s.opening, s.closing])).toEqual([["KRW/Available", "0", "0"]]);
  });

  it("quotes reasons with commas, quotes and line breaks, and keeps formula-like text as text", async () => {
    const dave = await member();
    const db = t.database.db;
    const tricky = 'Refund of "double fee", see ticket 12,\r\nsecond line\nthird — दूसरा';
    await bookFor(
      db,
      dave.userId,
      credit("deposit", dave.userId, "USD", "10.00"),
      new Date("2026-11-10T00:00:00Z"),
    );
    await bookFor(
      db,
      dave.userId,
      adjustment("adjustment", dave.userId, "USD", "-1.25"),
      new Date("2026-11-11T00:00:00Z"),
      {
        reason: tricky,
      },
    );
    await bookFor(
      db,
      dave.userId,
      adjustment("adjustment", dave.userId, "USD", "0.25"),
      new Date("2026-11-12T00:00:00Z"),
      {
        reason: '=HYPERLINK("http://evil")',
      },
    );
    const answer = await postStatement(t.app, { from: "2026-11-01", to: "2026-11-30" }, dave.session.headers);
    expect(answer.text).toContain('"Refund of ""double fee"", see ticket 12,\r\nsecond line\nthird — दूसरा"');
    const rows = await statement(dave, { from: "2026-11-01", to: "2026-11-30" });
    expect(rows.filter((r) => r["Type code"] === "adjustment").map((r) => [r.Amount, r.Reason])).toEqual([
      ["-1.25", tricky],
      ["0.25", `'=HYPERLINK("http://evil")`],
    ]);
    expect(sections(rows).map((s) => s.closing)).toEqual(["9.00"]);
  });

  it("writes the texts in the language asked for, with the same rows, codes and numbers", async () => {
    const gina = await member();
    const db = t.database.db;
    await bookFor(
      db,
      gina.userId,
      credit("deposit", gina.userId, "USD", "100.00"),
      new Date("2026-11-02T05:00:00Z"),
      { reference: "deposit:g1" },
    );
    await bookFor(
      db,
      gina.userId,
      hold("withdrawalHold", gina.userId, "USD", "40.00"),
      new Date("2026-11-03T05:00:00Z"),
      { reference: "withdrawal:g2" },
    );
    await bookFor(
      db,
      gina.userId,
      adjustment("adjustment", gina.userId, "USD", "-0.50"),
      new Date("2026-11-04T05:00:00Z"),
      { reason: "=1+1" },
    );
    const period = { from: "2026-11-01", to: "2026-11-30" };
    const english = await statement(gina, period);
    expect(await statement(gina, { ...period, language: "en" })).toEqual(english);

    const chinese = await statement(gina, { ...period, language: "zh-CN" }, [
      "币种",
      "账户",
      "日期（Asia/Kolkata）",
      "类型",
      "类型代码",
      "参考编号",
      "金额",
      "余额",
      "原因",
    ]);
    expect(chinese.map((r) => [r.Account, r.Type, r["Type code"]])).toEqual([
      ["可用", "期初余额", ""],
      ["可用", "充值", "deposit"],
      ["可用", "提现申请", "withdrawalHold"],
      ["可用", "余额调整", "adjustment"],
      ["可用", "期末余额", ""],
      ["冻结资金", "期初余额", ""],
      ["冻结资金", "提现申请", "withdrawalHold"],
      ["冻结资金", "期末余额", ""],
    ]);
    expect(english.map((r) => [r.Account, r.Type])).toEqual([
      ["Available", "Opening balance"],
      ["Available", "Deposit"],
      ["Available", "Withdrawal request"],
      ["Available", "Balance adjustment"],
      ["Available", "Closing balance"],
      ["Frozen funds", "Opening balance"],
      ["Frozen funds", "Withdrawal request"],
      ["Frozen funds", "Closing balance"],
    ]);
    // Everything but the words is the same: currency, days and times, codes, references, amounts, balances,
    // and the reason still guarded against running as a formula.
    const figures = (rows: Row[]) =>
      rows.map(({ Account: _account, Type: _type, ...rest }) => Object.values(rest));
    expect(figures(chinese)).toEqual(figures(english));
    expect(chinese.map((r) => r.Balance)).toEqual([
      "0.00",
      "100.00",
      "60.00",
      "59.50",
      "59.50",
      "0.00",
      "40.00",
      "40.00",
    ]);
    expect(chinese.find((r) => r["Type code"] === "adjustment")?.Reason).toBe("'=1+1");
  });

  it("refuses bad ranges and bad input with the JSON envelope; another user's data never appears", async () => {
    const erin = await member();
    const frank = await member();
    await bookFor(
      t.database.db,
      frank.userId,
      credit("deposit", frank.userId, "USD", "42.00"),
      new Date("2026-11-10T00:00:00Z"),
    );
    const refusal = async (body: Record<string, unknown>) => {
      const answer = await postStatement(t.app, body, erin.session.headers);
      expect(answer.headers["content-type"]).toMatch(/^application\/json/);
      const envelope = JSON.parse(answer.text) as {
        status: number;
        code: string;
        params: Record<string, string>;
      };
      return [answer.httpStatus, envelope.status, envelope.code, envelope.params];
    };
    const range = [200, 0, "DATE_RANGE_INVALID", { maxDays: String(STATEMENT_MAX_DAYS) }];
    expect(await refusal({ from: "2026-11-02", to: "2026-11-01" })).toEqual(range);
    expect(await refusal({ from: "2025-01-01", to: "2026-01-02" })).toEqual(range);
    const field = (name: string) => [200, 0, "INVALID_INPUT", { field: name }];
    expect(await refusal({ from: "2026-02-30", to: "2026-03-01" })).toEqual(field("from"));
    expect(await refusal({ from: "2026-11-01", to: "30/11/2026" })).toEqual(field("to"));
    expect(await refusal({ from: "2026-11-01" })).toEqual(field("to"));
    expect(await refusal({ from: "2026-11-01", to: "2026-11-30", timeZone: "Mars/Olympus" })).toEqual(
      field("timeZone"),
    );
    expect(await refusal({ from: "2026-11-01", to: "2026-11-30", currency: "XYZ" })).toEqual(
      field("currency"),
    );
    // A language is one of the app's locale tags, spelled exactly: a stored code, another tag or casing is refused.
    for (const language of ["zh", "fr", "ZH-cn", "", 42, null])
      expect(await refusal({ from: "2026-11-01", to: "2026-11-30", language })).toEqual(field("language"));
    const unauthorized = await postStatement(t.app, { from: "2026-11-01", to: "2026-11-30" }, {});
    expect([unauthorized.httpStatus, JSON.parse(unauthorized.text).code]).toEqual([401, "UNAUTHORIZED"]);

    // The longest period is accepted; Erin, who has no postings, gets the header alone, nothing of Frank's.
    const longest = await postStatement(
      t.app,
      { from: "2025-11-01", to: "2026-11-01", userId: frank.userId },
      erin.session.headers,
    );
    expect(longest.httpStatus).toBe(200);
    expect(parseCsv(longest.text)).toEqual([HEADER]);
  });
});
