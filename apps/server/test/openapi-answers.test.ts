import type {
  AdminAnswer,
  AdminFilePath,
  AdminJsonPath,
  AdminRequest,
  UserAnswer,
  UserFilePath,
  UserJsonPath,
  UserMultipartPath,
  UserRequest,
} from "@brokerage/api";
import { Ajv, type ValidateFunction } from "ajv";
import addFormats from "ajv-formats";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listNullInNullableEnums } from "../src/plugins/openapi.js";
import { multipartBody, photo } from "../src/modules/kyc/testing.js";
import { BOOTSTRAP_ADMIN } from "../src/modules/staff/testing.js";
import { buildTestApp, registration, type TestApp } from "./helper.js";

/**
 * The OpenAPI document is true of the server's real answers: a journey through the app and the back office
 * (register, KYC, a deposit, an exchange, trades, records, the back office's lists) records every answer,
 * and each is validated against the response schema of its operation in the generated document by an
 * independent validator (Ajv, OpenAPI 3.0's `nullable` included), not by the zod schemas it came from.
 */

interface OpenApiOperation {
  operationId?: string;
  security?: Record<string, string[]>[];
  responses: Record<string, { content?: Record<string, { schema: object }> }>;
}
interface OpenApiDocument {
  openapi: string;
  servers?: unknown[];
  paths: Record<string, Record<string, OpenApiOperation>>;
}

interface Recorded {
  method: string;
  url: string;
  httpStatus: number;
  contentType: string;
  body: unknown;
}

type Headers = Record<string, string>;

let t: TestApp;
let doc: OpenApiDocument;
const recorded: Recorded[] = [];

async function send(
  url: string,
  payload: object | Buffer,
  headers: Headers,
  contentType = "application/json",
): Promise<Recorded> {
  const response = await t.app.inject({
    method: "POST",
    url,
    payload: payload as Record<string, unknown>,
    headers: { ...headers, "content-type": contentType },
  });
  const type = String(response.headers["content-type"] ?? "").split(";")[0] ?? "";
  const answer: Recorded = {
    method: "post",
    url,
    httpStatus: response.statusCode,
    contentType: type,
    body: type === "application/json" ? response.json() : response.rawPayload,
  };
  recorded.push(answer);
  return answer;
}

function dataOf<T>(answer: Recorded): T {
  const envelope = answer.body as { status: number; data: T };
  expect(envelope.status, `${answer.url}: ${JSON.stringify(answer.body)}`).toBe(1);
  return envelope.data;
}

/** A user call of the endpoint table that must succeed; its data. */
const user = async <P extends UserJsonPath>(path: P, body: UserRequest<P>, headers: Headers = {}) =>
  dataOf<UserAnswer<P>>(await send(`/api/vue/${path}`, body, headers));
/** A user call whose answer may be a refusal (recorded and validated all the same). */
const userMay = <P extends UserJsonPath>(path: P, body: UserRequest<P>, headers: Headers = {}) =>
  send(`/api/vue/${path}`, body, headers);
const userFile = <P extends UserFilePath>(path: P, body: UserRequest<P>, headers: Headers) =>
  send(`/api/vue/${path}`, body, headers);
async function userUpload<P extends UserMultipartPath>(
  path: P,
  fields: Record<string, string>,
  files: { name: string; bytes: Buffer }[],
  headers: Headers,
): Promise<UserAnswer<P>> {
  const form = multipartBody(fields, files);
  return dataOf(await send(`/api/vue/${path}`, form.payload, headers, form.contentType));
}
const admin = async <P extends AdminJsonPath>(path: P, body: AdminRequest<P>, headers: Headers) =>
  dataOf<AdminAnswer<P>>(await send(`/api/admin/${path}`, body, headers));
const adminMay = <P extends AdminJsonPath>(path: P, body: AdminRequest<P>, headers: Headers) =>
  send(`/api/admin/${path}`, body, headers);
const adminFile = <P extends AdminFilePath>(path: P, body: AdminRequest<P>, headers: Headers) =>
  send(`/api/admin/${path}`, body, headers);

const key = (name: string) => `${name}-${Math.random().toString(36).slice(2, 12)}`;

/** The journey: every call of it is recorded. */
async function journey(): Promise<void> {
  await user("common/config", { type: "all" });
  await user("parameter/zhishu", { type: "inr" });
  await user("market/quote", { symbol: "BTCUSD" });
  await user("market/list", { type: "crypto" });
  await user("market/rankings", { type: "inr", kind: "gainers" });
  await user("trade/kline", { symbol: "BTCUSD", type: "crypto", exchange: "CRYPTO", kline_type: 1 });
  await userMay("user/getUserinfo", {});

  const signup = registration();
  const session = await user("user/register", signup);
  const headers = { token: session.token, account: session.account };
  await user("user/login", { account: signup.account, password: signup.password });
  await user("user/getUserinfo", {}, headers);
  await user("user/setFundPassword", { fundPassword: "246810", confirmFundPassword: "246810" }, headers);
  await user("user/fundPasswordStatus", {}, headers);
  await user("user/twoStepStatus", {}, headers);
  await user("market/search", { keyword: "BTC" }, headers);
  await user("market/searchHistory", {}, headers);
  await user("watchlist/add", { symbol: "BTCUSD", exchange: "CRYPTO" }, headers);
  await user("watchlist/list", {}, headers);
  await user("watchlist/contains", { symbol: "BTCUSD", exchange: "CRYPTO" }, headers);

  // KYC, approved in the back office.
  await user("kyc/status", {}, headers);
  await userUpload(
    "kyc/submit",
    { realName: "Asha Verma", idNumber: "ABCDE1234F" },
    [
      { name: "front", bytes: await photo() },
      { name: "back", bytes: await photo("png") },
    ],
    headers,
  );
  await userFile("kyc/photo", { side: "front" }, headers);
  const staffSession = await admin("auth/login", BOOTSTRAP_ADMIN, {});
  const staff = { token: staffSession.token, account: staffSession.account };
  await admin("auth/me", {}, staff);
  await admin("reviews/summary", {}, staff);
  const kycReviews = await admin("reviews/list", { kind: "kyc", state: "pending" }, staff);
  const kycReview = kycReviews.items.find((item) => item.userId !== null);
  if (kycReview) {
    const submissionId = kycReview.subject.submissionId;
    if (submissionId) await adminFile("kyc/photo", { submissionId, side: "back" }, staff);
    await admin("reviews/decide", { kind: "kyc", id: kycReview.id, decision: "approve" }, staff);
  }
  await user("kyc/status", {}, headers);

  // Cards and wallets.
  await userMay(
    "bank/add",
    {
      holderName: "Asha Verma",
      cardNumber: "4111111111111111",
      bankName: "State Bank of India",
      branchName: "Mumbai Main",
      ifsc: "SBIN0000300",
    },
    headers,
  );
  await user("bank/list", {}, headers);
  await user("wallet/list", {}, headers);

  // A deposit with its voucher, credited by a reviewer.
  const channels = await user("fund/rechargeChannels", {}, headers);
  const channel = channels.channels.find((item) => item.demo) ?? channels.channels[0];
  if (channel) {
    await userUpload(
      "fund/recharge",
      { channelId: channel.id, currency: "USD", amount: "5000.00", idempotencyKey: key("deposit") },
      [{ name: "voucher", bytes: await photo() }],
      headers,
    );
  }
  const deposits = await user("fund/rechargeList", {}, headers);
  const deposit = deposits.items[0];
  if (deposit) await userFile("fund/rechargeVoucher", { id: deposit.id }, headers);
  const depositReviews = await admin("reviews/list", { kind: "deposit", state: "pending" }, staff);
  for (const review of depositReviews.items) {
    const depositId = review.subject.depositId;
    if (depositId) await adminFile("deposits/voucher", { depositId }, staff);
    await admin("reviews/decide", { kind: "deposit", id: review.id, decision: "approve" }, staff);
  }
  await user("account/overview", { currency: "USD" }, headers);

  // An exchange.
  const quote = await userMay("fund/exchangeQuote", { from: "USD", to: "INR", amount: "100.00" }, headers);
  const quoteData = (quote.body as { status: number; data: UserAnswer<"fund/exchangeQuote"> }).data;
  if (quoteData)
    await userMay("fund/exchange", { quoteId: quoteData.quoteId, idempotencyKey: key("fx") }, headers);

  // Trades: a market order opened, its stops set and closed; a limit order placed and cancelled.
  await user("trade/terms", { market: "CRYPTO" }, headers);
  const draft = {
    symbol: "XRPUSD",
    direction: "long",
    priceType: "market",
    quantity: "10",
    leverage: 1,
  } as const;
  await userMay("trade/preview", draft, headers);
  const placed = await userMay("trade/placeOrder", { ...draft, idempotencyKey: key("order") }, headers);
  const order = (placed.body as { data: UserAnswer<"trade/placeOrder"> | null }).data;
  const limitPrice = await user("market/quote", { symbol: "XRPUSD" });
  const limit = await userMay(
    "trade/placeOrder",
    {
      ...draft,
      priceType: "limit",
      price: (Number(limitPrice.close) * 0.9).toFixed(2),
      idempotencyKey: key("limit"),
    },
    headers,
  );
  await user("trade/orders", { tab: "purchase" }, headers);
  await user("trade/positions", { tab: "inProgress" }, headers);
  await user("trade/inventory", {}, headers);
  if (order) {
    await userMay("trade/positionDetail", { id: order.id }, headers);
    await userMay("trade/setStops", { positionId: order.id, stopLoss: null, takeProfit: null }, headers);
    await userMay("trade/closePosition", { positionId: order.id, idempotencyKey: key("close") }, headers);
  }
  const limitOrder = (limit.body as { data: UserAnswer<"trade/placeOrder"> | null }).data;
  if (limitOrder) await userMay("trade/cancelOrder", { orderId: limitOrder.id }, headers);
  await user("trade/orders", { tab: "finished" }, headers);
  await user("trade/trades", {}, headers);
  // A refusal: the error envelope at HTTP 200.
  await userMay("trade/cancelOrder", { orderId: "00000000-0000-4000-8000-000000000000" }, headers);

  // Records, the statement, withdrawals, messages, products.
  await user("fund/records", {}, headers);
  await userFile("fund/statement", { from: "2026-01-01", to: "2026-01-31" }, headers);
  await user("fund/withdrawRules", { currency: "USD" }, headers);
  const cards = await user("bank/list", {}, headers);
  const card = cards.items[0];
  if (card)
    await userMay(
      "fund/withdraw",
      {
        currency: "USD",
        amount: "100.00",
        bankCardId: card.id,
        fundPassword: "246810",
        idempotencyKey: key("withdraw"),
      },
      headers,
    );
  await user("fund/withdrawList", {}, headers);
  const inbox = await user("message/list", {}, headers);
  await user("message/unreadCount", {}, headers);
  const message = inbox.items[0];
  if (message) await user("message/read", { id: message.id }, headers);
  await user("news/list", { category: "hot", lang: "en" }, headers);
  await user("ipo/offerings", {}, headers);
  await user("ipo/mine", {}, headers);
  await user("blockTrade/offers", {}, headers);
  await user("blockTrade/mine", {}, headers);
  await user("loan/status", {}, headers);
  await user("loan/list", {}, headers);
  await user("dayTrading/status", {}, headers);
  await userMay(
    "dayTrading/apply",
    { currency: "USD", amount: "100.00", idempotencyKey: key("dt") },
    headers,
  );
  await userMay("loan/apply", { amount: "100.00", idempotencyKey: key("loan") }, headers);
  await user("checkin/status", {}, headers);
  await user("checkin/checkIn", { idempotencyKey: key("checkin") }, headers);
  await userMay("checkin/redeem", { rewardId: "week", idempotencyKey: key("redeem") }, headers);
  await user("seat/status", {}, headers);
  await userMay("seat/apply", {}, headers);
  await user("lending/terms", {}, headers);
  await user("lending/list", {}, headers);
  await userMay(
    "lending/apply",
    { positionId: crypto.randomUUID(), quantity: "1", days: 7, idempotencyKey: key("lend") },
    headers,
  );
  await userMay("lending/recall", { id: crypto.randomUUID() }, headers);
  await user("watchlist/reorder", { items: [{ symbol: "BTCUSD", exchange: "CRYPTO" }] }, headers);
  await user("watchlist/remove", { symbol: "BTCUSD", exchange: "CRYPTO" }, headers);
  await user("market/clearSearchHistory", {}, headers);
  await userMay("wallet/add", { type: "BTC", address: "not-an-address" }, headers);
  await userMay("user/enrollTotp", {}, headers);

  // The back office's lists.
  const found = await admin("users/search", { q: signup.account }, staff);
  const userId = found.items[0]?.id;
  if (userId) {
    await admin("users/detail", { userId }, staff);
    await admin("users/ledger", { userId }, staff);
    await admin("users/orders", { userId, tab: "finished" }, staff);
    const reason = "Checked with the customer";
    await admin("users/setFlags", { userId, flags: { tradeBanned: false }, reason }, staff);
    await admin("users/setCreditScore", { userId, score: 90, reason }, staff);
    await adminMay("users/reveal", { userId, field: "idNumber", reason }, staff);
    await adminMay(
      "users/adjust",
      { userId, currency: "USD", amount: "1.00", reason, idempotencyKey: key("adjust") },
      staff,
    );
  }
  const member = await admin(
    "staff/create",
    { account: `staff${Date.now() % 100000}`, password: "Staff-password-42", role: "support" },
    staff,
  );
  await adminMay("staff/setRole", { id: member.id, role: "reviewer" }, staff);
  await adminMay("staff/disable", { id: member.id }, staff);
  await admin("audit/list", {}, staff);
  await admin("staff/list", {}, staff);
  await admin("config/list", {}, staff);
  await admin("channels/list", {}, staff);
  await admin("news/list", {}, staff);
  await admin("ipos/offerings", {}, staff);
  await admin("blockTrades/list", {}, staff);
  const offer = await admin(
    "placements/save",
    {
      kind: "capitalIncrease",
      symbol: "BTCUSD",
      price: "50000.00",
      minAmount: "100.00",
      maxAmount: null,
      opensAt: "2020-01-01T00:00:00Z",
      closesAt: "2100-01-01T00:00:00Z",
      lockDays: 0,
      reason: "OpenAPI check",
    },
    staff,
  );
  await admin("placements/list", {}, staff);
  await user("placement/offers", {}, headers);
  await user("placement/offer", { id: offer.id }, headers);
  await user("placement/mine", {}, headers);
  // A copy product: created by staff, marked, bought, listed; its portfolio and followers in the back office.
  const product = await admin(
    "follow/save",
    {
      name: "OpenAPI copy",
      strategy: "Long crypto at 1x.",
      leaderAccount: signup.account,
      currency: "USD",
      minBuy: "100.00",
      maxBuy: null,
      opensAt: "2020-01-01T00:00:00Z",
      closesAt: "2099-01-01T00:00:00Z",
      endsAt: "2100-01-01T00:00:00Z",
      private: false,
      earlyRedeem: true,
      managementFeeRate: "0.02",
      performanceFeeRate: "0.2",
      leaderShare: "0.5",
      reason: "OpenAPI check",
    },
    staff,
  );
  await user("follow/products", {}, headers);
  await user("follow/preview", { productId: product.id, amount: "100.00", copyStopLoss: 30 }, headers);
  const holding = await userMay(
    "follow/buy",
    { productId: product.id, amount: "100.00", copyStopLoss: 30, idempotencyKey: key("follow") },
    headers,
  );
  await t.app.tradingEngine.round();
  await user("follow/product", { id: product.id }, headers);
  await user("follow/nav", { id: product.id, period: "all" }, headers);
  await user("follow/mine", {}, headers);
  const bought = holding.body as { status: number; data: { id: string } | null };
  if (bought.status === 1 && bought.data)
    await userMay("follow/redeem", { holdingId: bought.data.id, idempotencyKey: key("redeem") }, headers);
  await admin("follow/list", {}, staff);
  await admin("follow/detail", { productId: product.id }, staff);
  await admin("reviews/list", { kind: "withdrawal" }, staff);

  // An article published in the back office, read in the app; the settings' two-step changes.
  const article = await admin(
    "news/save",
    {
      category: "hot",
      lang: "en",
      title: "Markets open higher",
      summary: "Shares rose at the open.",
      body: "Shares rose at the open across the board.",
      symbol: null,
      reason: "Morning brief",
    },
    staff,
  );
  await user("news/detail", { id: article.id }, headers);
  await admin("news/withdraw", { id: article.id, reason: "Out of date" }, staff);
  await adminMay("config/set", { key: "withdrawal.minCreditScore", value: 50, reason: "Policy" }, staff);
  await adminMay("config/reset", { key: "withdrawal.minCreditScore", reason: "Policy" }, staff);
  await user(
    "user/changeFundPassword",
    {
      oldFundPassword: "246810",
      fundPassword: "135790",
      confirmFundPassword: "135790",
    },
    headers,
  );
  await userMay("user/confirmTotp", { otp: "000000" }, headers);
  await userMay("user/disableTotp", { password: signup.password, otp: "000000" }, headers);
  await userMay(
    "user/changeLoginPassword",
    { oldPassword: "not-the-password", newPassword: "Another-pass-93", confirmPassword: "Another-pass-93" },
    headers,
  );

  // Without a session: the 401 envelope; and the sessions' end.
  await userMay("account/overview", { currency: "USD" });
  await user("user/logout", {}, headers);
  if (userId) await admin("users/endSessions", { userId, reason: "Session review" }, staff);
  await admin("auth/logout", {}, staff);
}

function validatorOf(ajv: Ajv) {
  const cache = new Map<object, ValidateFunction>();
  return (schema: object) => {
    let validate = cache.get(schema);
    if (!validate) {
      validate = ajv.compile(schema);
      cache.set(schema, validate);
    }
    return validate;
  };
}

function newAjv(): Ajv {
  // strict: the document's keywords are all known to Ajv (OpenAPI 3.0's `nullable` included), or it says so.
  const ajv = new Ajv({ allErrors: true, strict: true, strictTypes: false, strictRequired: false });
  addFormats(ajv);
  // OpenAPI's formats without a rule: file bytes and `int32`/`double` number widths.
  for (const format of ["binary", "int32", "int64", "float", "double"]) ajv.addFormat(format, true);
  ajv.addKeyword("example");
  return ajv;
}

/** The problems of each recorded answer against its operation's response in `document`. */
function problemsOf(document: OpenApiDocument, answers: Recorded[]) {
  const validate = validatorOf(newAjv());
  const problems: string[] = [];
  for (const answer of answers) {
    const where = `${answer.url} ${answer.httpStatus}`;
    const operation = document.paths[answer.url]?.[answer.method];
    const content = operation?.responses[String(answer.httpStatus)]?.content;
    const media = content?.[answer.contentType];
    if (!media) {
      problems.push(`${where}: ${answer.contentType} is not documented (${Object.keys(content ?? {})})`);
      continue;
    }
    if (answer.contentType !== "application/json") continue;
    const check = validate(media.schema);
    if (!check(answer.body))
      problems.push(
        `${where}: ${JSON.stringify(check.errors?.slice(0, 3))} in ${JSON.stringify(answer.body)}`,
      );
  }
  return problems;
}

/** The document as it was before null was listed: `nullable: true` beside an enum without null. */
function withoutNullInEnums(node: unknown): void {
  if (Array.isArray(node)) return node.forEach(withoutNullInEnums);
  if (typeof node !== "object" || node === null) return;
  const schema = node as Record<string, unknown>;
  if (schema.nullable === true && Array.isArray(schema.enum) && schema.enum.some((value) => value !== null))
    schema.enum = schema.enum.filter((value) => value !== null);
  Object.values(schema).forEach(withoutNullInEnums);
}

beforeAll(async () => {
  t = await buildTestApp();
  const response = await t.app.inject({ method: "GET", url: "/api/docs/openapi.json" });
  doc = response.json<OpenApiDocument>();
  await journey();
});
afterAll(() => t?.close());

describe("the OpenAPI document against real answers", () => {
  it("documents every answer of the journey, and each JSON one validates", () => {
    expect(problemsOf(doc, recorded)).toEqual([]);
    const operations = new Set(recorded.map((answer) => answer.url));
    // The journey's reach, so a shrinking journey is noticed.
    expect(recorded.length).toBeGreaterThanOrEqual(110);
    expect(operations.size).toBeGreaterThanOrEqual(95);
    expect(recorded.some((answer) => answer.contentType === "text/csv")).toBe(true);
    expect(recorded.some((answer) => answer.contentType === "image/jpeg")).toBe(true);
    expect(recorded.some((answer) => answer.httpStatus === 401)).toBe(true);
  });

  it("catches a nullable enum that does not list null", () => {
    const trading = recorded.filter((answer) => answer.url.startsWith("/api/vue/trade/"));
    const broken = structuredClone(doc);
    withoutNullInEnums(broken);
    // An open position has no close reason yet: `closeReason: null` against an enum without null.
    expect(problemsOf(broken, trading).join("\n")).toContain("closeReason");
    // And the fix puts them back.
    listNullInNullableEnums(broken.paths);
    expect(problemsOf(broken, trading)).toEqual([]);
  });
});

describe("the OpenAPI document's operations", () => {
  it("names every operation and a server", () => {
    expect(doc.servers?.length).toBeGreaterThan(0);
    const ids = Object.values(doc.paths).flatMap((item) => Object.values(item).map((op) => op.operationId));
    expect(ids.every((id) => typeof id === "string" && id.length > 0)).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("says who may call each operation: `security: []` ones answer without a session, the others 401", async () => {
    const wrong: string[] = [];
    for (const [url, item] of Object.entries(doc.paths)) {
      for (const [method, operation] of Object.entries(item)) {
        expect(operation.security, `${method} ${url}`).toBeDefined();
        const options = operation.security ?? [];
        const needsSession =
          options.length > 0 && !options.some((option) => Object.keys(option).length === 0);
        const response = await t.app.inject({
          method: method.toUpperCase() as "GET" | "POST",
          url,
          ...(method === "post" ? { payload: {} } : {}),
        });
        if (needsSession !== (response.statusCode === 401))
          wrong.push(
            `${method} ${url}: security ${JSON.stringify(operation.security)}, ${response.statusCode}`,
          );
      }
    }
    expect(wrong).toEqual([]);
  });
});
