import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { depositChannels, deposits, reviews, users } from "../../db/schema/index.js";
import { HOUR } from "../../lib/clock.js";
import { pngHeaderOnly } from "../../lib/image-fixtures.js";
import { buildTestApp, call, registerUser, type Session, type TestApp } from "../../../test/helper.js";
import { checkLedger, userWallets } from "../ledger/index.js";
import { filesIn, multipartBody, userIdOf } from "../kyc/testing.js";
import { demoChannelId, depositsOf, newKey, photo, recharge, rechargeRaw } from "./testing.js";

let t: TestApp;
let imageDir: string;
let channelId: string;
const MONDAY_NOON_KOLKATA = "2026-01-05T06:30:00Z";

beforeAll(async () => {
  imageDir = await mkdtemp(join(tmpdir(), "deposit-test-"));
  t = await buildTestApp({
    imageDir,
    authLimits: { registrationsPerAddress: { max: 500, windowMs: HOUR } },
  });
  channelId = await demoChannelId(t.database.db);
});
afterAll(async () => {
  await t.close();
  await rm(imageDir, { recursive: true, force: true });
});

async function newUser(): Promise<{ session: Session; userId: string }> {
  const session = await registerUser(t.app);
  return { session, userId: await userIdOf(t.database.db, session) };
}

const usd = (amount: string) => ({ channelId, currency: "USD", amount });

/** A refusal leaves no deposit, no review and no voucher file behind. */
async function expectNothingStored(userId: string, filesBefore: number) {
  expect(await depositsOf(t.database.db, userId)).toHaveLength(0);
  expect(await t.database.db.select().from(reviews).where(eq(reviews.userId, userId))).toHaveLength(0);
  expect(await filesIn(imageDir)).toHaveLength(filesBefore);
}

describe("fund/rechargeChannels", () => {
  it("shows the enabled channels with their effective limits, the demo label and the window", async () => {
    t.clock.set(MONDAY_NOON_KOLKATA);
    const { session } = await newUser();
    const answer = await call(t.app, "fund/rechargeChannels", {}, session.headers);
    expect(answer).toMatchObject({ status: 1 });
    const data = answer.data as { window: unknown; open: boolean; channels: Record<string, unknown>[] };
    expect(data.window).toEqual({
      days: [1, 2, 3, 4, 5],
      from: "00:00",
      to: "23:59",
      timeZone: "Asia/Kolkata",
    });
    expect(data.open).toBe(true);
    expect(data.channels.find((c) => c.id === channelId)).toEqual({
      id: channelId,
      kind: "bank",
      name: "Demo bank transfer",
      demo: true,
      voucherRequired: true,
      details: { accountName: "Brokerage Demo Ltd", accountNumber: "000123456789", bankName: "Demo Bank" },
      // The channel's own limits narrowed by recharge.limits (INR max: the channel's 5,000,000).
      limits: {
        USD: { min: "10.00", max: "100000.00" },
        THB: { min: "300.00", max: "3000000.00" },
        INR: { min: "500.00", max: "5000000.00" },
      },
    });
  });

  it("says when the window is closed, and needs a session", async () => {
    const { session } = await newUser();
    t.clock.set("2026-01-04T06:30:00Z"); // a Sunday
    const answer = await call(t.app, "fund/rechargeChannels", {}, session.headers);
    expect(answer.data).toMatchObject({ open: false });
    t.clock.set(MONDAY_NOON_KOLKATA);
    expect(await call(t.app, "fund/rechargeChannels", {})).toMatchObject({ httpStatus: 401 });
  });
});

describe("fund/recharge", () => {
  it("creates a pending deposit with its review and voucher, credits nothing, and lists it", async () => {
    t.clock.set(MONDAY_NOON_KOLKATA);
    const { session, userId } = await newUser();
    const filesBefore = (await filesIn(imageDir)).length;
    // Fields that do not belong (state, userId) are ignored, not obeyed.
    const created = await recharge(t.app, session, {
      ...usd("100.5"),
      state: "approved",
      userId: crypto.randomUUID(),
      reason: "x",
    });
    expect(created).toMatchObject({
      status: 1,
      data: {
        channelId,
        channelName: "Demo bank transfer",
        channelKind: "bank",
        currency: "USD",
        amount: "100.50",
        state: "pending",
        reason: null,
        voucher: true,
        decidedAt: null,
      },
    });
    const id = (created.data as { id: string }).id;
    const [row] = await depositsOf(t.database.db, userId);
    expect(row).toMatchObject({ id, state: "pending", entryId: null });
    const [review] = await t.database.db.select().from(reviews).where(eq(reviews.subjectId, id));
    expect(review).toMatchObject({ kind: "deposit", userId, state: "pending" });
    expect(await filesIn(imageDir)).toHaveLength(filesBefore + 1);
    expect(await userWallets(t.database.db, userId)).toEqual([]);

    const list = await call(t.app, "fund/rechargeList", {}, session.headers);
    expect(list).toMatchObject({ status: 1, data: { items: [created.data], nextCursor: null } });
  });

  it("reaches every refusal, in order, storing nothing", async () => {
    t.clock.set(MONDAY_NOON_KOLKATA);
    const { session, userId } = await newUser();
    const files = (await filesIn(imageDir)).length;
    const db = t.database.db;
    const refusals: [Record<string, string>, unknown][] = [
      [usd("9.99"), { code: "AMOUNT_BELOW_MIN", params: { field: "amount", min: "10.00" } }],
      [usd("100000.01"), { code: "AMOUNT_ABOVE_MAX", params: { field: "amount", max: "100000.00" } }],
      [
        { ...usd("100"), currency: "KRW" },
        { code: "CURRENCY_UNSUPPORTED", params: { field: "currency" } },
      ],
      [{ ...usd("100"), channelId: crypto.randomUUID() }, { code: "CHANNEL_UNAVAILABLE" }],
      [usd("10.001"), { code: "INVALID_INPUT", params: { field: "amount" } }],
      [usd("0"), { code: "INVALID_INPUT", params: { field: "amount" } }],
      [usd("-5"), { code: "INVALID_INPUT", params: { field: "amount" } }],
      [usd("1e3"), { code: "INVALID_INPUT", params: { field: "amount" } }],
      [
        { ...usd("100"), currency: "usd" },
        { code: "INVALID_INPUT", params: { field: "currency" } },
      ],
      [
        { ...usd("100"), channelId: "demo" },
        { code: "INVALID_INPUT", params: { field: "channelId" } },
      ],
      [
        { ...usd("100"), idempotencyKey: "short" },
        { code: "INVALID_INPUT", params: { field: "idempotencyKey" } },
      ],
    ];
    for (const [fields, expected] of refusals)
      expect(await recharge(t.app, session, fields)).toMatchObject({
        httpStatus: 200,
        status: 0,
        ...(expected as object),
      });
    expect(await recharge(t.app, session, usd("100"), [])).toMatchObject({
      code: "VOUCHER_REQUIRED",
      params: { field: "voucher" },
    });
    expect(await recharge(t.app, session, usd("100"), Buffer.from("<html>not a photo</html>"))).toMatchObject(
      {
        code: "IMAGE_TYPE_UNSUPPORTED",
        params: { field: "voucher" },
      },
    );
    expect(await recharge(t.app, session, usd("100"), pngHeaderOnly(20_000, 20_000))).toMatchObject({
      code: "IMAGE_TOO_MANY_PIXELS",
    });
    expect(await recharge(t.app, session, usd("100"), Buffer.alloc(9 * 1024 * 1024, 1))).toMatchObject({
      code: "IMAGE_TOO_LARGE",
      params: { field: "voucher", maxMb: "8" },
    });

    // The window (a Sunday in Kolkata) comes before the channel's rules.
    t.clock.set("2026-01-04T06:30:00Z");
    expect(await recharge(t.app, session, usd("9.99"))).toMatchObject({
      code: "OUTSIDE_WINDOW",
      params: { start: "00:00", end: "23:59", timeZone: "Asia/Kolkata" },
    });
    t.clock.set(MONDAY_NOON_KOLKATA);

    // A disabled channel is unavailable like an unknown one.
    const [disabled] = await db
      .insert(depositChannels)
      .values({
        kind: "otc",
        name: "Closed desk",
        details: { key: "K-1" },
        limits: { USD: { min: "1", max: "10" } },
        enabled: false,
        createdAt: new Date(),
        updatedAt: new Date(),
      })
      .returning();
    expect(await recharge(t.app, session, { ...usd("5"), channelId: disabled?.id ?? "" })).toMatchObject({
      code: "CHANNEL_UNAVAILABLE",
    });
    await expectNothingStored(userId, files);
  });

  it("refuses a frozen or disabled account with its own message", async () => {
    t.clock.set(MONDAY_NOON_KOLKATA);
    const db = t.database.db;
    for (const [flag, code] of [
      ["frozen", "ACCOUNT_FROZEN"],
      ["disabled", "ACCOUNT_DISABLED"],
    ] as const) {
      const { session, userId } = await newUser();
      const files = (await filesIn(imageDir)).length;
      // The session was checked (and cached) before the flag is set, as when staff act mid-request.
      await call(t.app, "fund/rechargeChannels", {}, session.headers);
      await db
        .update(users)
        .set({ [flag]: true })
        .where(eq(users.id, userId));
      expect(await recharge(t.app, session, usd("100"))).toMatchObject({ status: 0, code });
      await expectNothingStored(userId, files);
    }
  });

  it("refuses malformed multipart bodies as bad input", async () => {
    const { session, userId } = await newUser();
    const files = (await filesIn(imageDir)).length;
    const good = multipartBody({ ...usd("100"), idempotencyKey: newKey() }, [
      { name: "voucher", bytes: await photo() },
    ]);
    const bodies = [
      {
        payload: JSON.stringify({ ...usd("100"), idempotencyKey: newKey() }),
        contentType: "application/json",
      },
      { payload: good.payload.subarray(0, good.payload.length - 40), contentType: good.contentType },
      { payload: "garbage", contentType: "multipart/form-data; boundary=nothing" },
      multipartBody({ ...usd("100"), idempotencyKey: newKey() }, [
        { name: "voucher", bytes: await photo() },
        { name: "voucher", bytes: await photo() },
      ]),
      multipartBody({ ...usd("100"), idempotencyKey: newKey() }, [{ name: "front", bytes: await photo() }]),
      // A few stray fields are ignored; a body stuffed with them is refused while it streams in.
      multipartBody({ ...usd("100"), idempotencyKey: newKey(), a: "1", b: "2", c: "3", d: "4", e: "5" }, [
        { name: "voucher", bytes: await photo() },
      ]),
    ];
    for (const body of bodies) {
      const answer = await rechargeRaw(t.app, session, body);
      expect(answer).toMatchObject({ httpStatus: 200, status: 0, code: "INVALID_INPUT" });
    }
    expect(await rechargeRaw(t.app, undefined, good)).toMatchObject({ httpStatus: 401 });
    await expectNothingStored(userId, files);
  });

  it("keeps one pending deposit per user: PENDING_REVIEW_EXISTS for the next", async () => {
    t.clock.set(MONDAY_NOON_KOLKATA);
    const { session, userId } = await newUser();
    expect(await recharge(t.app, session, usd("50"))).toMatchObject({ status: 1 });
    const files = (await filesIn(imageDir)).length;
    expect(await recharge(t.app, session, usd("60"))).toMatchObject({
      status: 0,
      code: "PENDING_REVIEW_EXISTS",
    });
    expect(await depositsOf(t.database.db, userId)).toHaveLength(1);
    expect(await filesIn(imageDir)).toHaveLength(files);
  });

  it("runs one idempotency key once: concurrent duplicates get one deposit and identical answers", async () => {
    t.clock.set(MONDAY_NOON_KOLKATA);
    const { session, userId } = await newUser();
    const files = (await filesIn(imageDir)).length;
    const voucher = await photo("png");
    const body = multipartBody({ ...usd("75.25"), idempotencyKey: "same-key-0001" }, [
      { name: "voucher", bytes: voucher },
    ]);
    const answers = await Promise.all(Array.from({ length: 12 }, () => rechargeRaw(t.app, session, body)));
    expect(answers.every((a) => a.httpStatus === 200 && a.status === 1)).toBe(true);
    expect(new Set(answers.map((a) => JSON.stringify(a.data))).size).toBe(1);
    expect(await depositsOf(t.database.db, userId)).toHaveLength(1);
    // Only the winner's voucher is kept.
    expect(await filesIn(imageDir)).toHaveLength(files + 1);

    // A later retry still answers the first result (not PENDING_REVIEW_EXISTS).
    expect((await rechargeRaw(t.app, session, body)).data).toEqual(answers[0]?.data);
    // The same key with another amount, or another photo, is another request.
    for (const other of [
      multipartBody({ ...usd("75.26"), idempotencyKey: "same-key-0001" }, [
        { name: "voucher", bytes: voucher },
      ]),
      multipartBody({ ...usd("75.25"), idempotencyKey: "same-key-0001" }, [
        { name: "voucher", bytes: await photo() },
      ]),
    ])
      expect(await rechargeRaw(t.app, session, other)).toMatchObject({
        status: 0,
        code: "IDEMPOTENCY_CONFLICT",
      });
    expect(await filesIn(imageDir)).toHaveLength(files + 1);
  });

  it("20 concurrent requests of one user with different keys: exactly one pending, no 5xx", async () => {
    t.clock.set(MONDAY_NOON_KOLKATA);
    const { session, userId } = await newUser();
    const files = (await filesIn(imageDir)).length;
    const voucher = await photo();
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => recharge(t.app, session, usd(`${100 + i}`), voucher)),
    );
    expect(answers.every((a) => a.httpStatus === 200)).toBe(true);
    expect(answers.filter((a) => a.status === 1)).toHaveLength(1);
    expect(answers.filter((a) => a.code === "PENDING_REVIEW_EXISTS")).toHaveLength(19);
    const rows = await depositsOf(t.database.db, userId);
    expect(rows.filter((r) => r.state === "pending")).toHaveLength(1);
    expect(rows).toHaveLength(1);
    expect(await filesIn(imageDir)).toHaveLength(files + 1);
    expect(await checkLedger(t.database.db)).toEqual([]);
  });
});

describe("fund/rechargeList and fund/rechargeVoucher", () => {
  it("pages the user's deposits newest first by cursor, and refuses a foreign cursor", async () => {
    const { session, userId } = await newUser();
    const at = new Date("2026-01-01T00:00:00Z");
    const values = Array.from({ length: 23 }, (_, i) => ({
      userId,
      channelId,
      currency: "THB",
      amount: `${300 + i}`,
      state: "rejected" as const,
      reason: `reason ${i}`,
      createdAt: new Date(at.getTime() + i * 1000),
      decidedAt: new Date(at.getTime() + i * 1000 + 500),
    }));
    for (const value of values) await t.database.db.insert(deposits).values(value);
    const page1 = await call(t.app, "fund/rechargeList", {}, session.headers);
    const data1 = page1.data as {
      items: { amount: string; reason: string; state: string }[];
      nextCursor: string;
    };
    expect(data1.items).toHaveLength(20);
    expect(data1.items[0]).toMatchObject({
      amount: "322.00",
      state: "rejected",
      reason: "reason 22",
      voucher: false,
    });
    const page2 = await call(t.app, "fund/rechargeList", { cursor: data1.nextCursor }, session.headers);
    const data2 = page2.data as { items: { amount: string }[]; nextCursor: string | null };
    expect(data2.items.map((i) => i.amount)).toEqual(["302.00", "301.00", "300.00"]);
    expect(data2.nextCursor).toBeNull();

    // Another user sees none of them; a cursor of another list is bad input.
    const other = await newUser();
    expect(await call(t.app, "fund/rechargeList", {}, other.session.headers)).toMatchObject({
      data: { items: [], nextCursor: null },
    });
    const foreign = Buffer.from("msg.5").toString("base64url");
    expect(await call(t.app, "fund/rechargeList", { cursor: foreign }, session.headers)).toMatchObject({
      code: "INVALID_INPUT",
      params: { field: "cursor" },
    });
  });

  it("shows the voucher to its owner only: another user's deposit answers NOT_FOUND", async () => {
    t.clock.set(MONDAY_NOON_KOLKATA);
    const owner = await newUser();
    const created = await recharge(t.app, owner.session, usd("20"));
    const id = (created.data as { id: string }).id;
    const voucher = (session: Session, body: unknown) =>
      t.app.inject({
        method: "POST",
        url: "/api/vue/fund/rechargeVoucher",
        payload: body as object,
        headers: session.headers,
      });

    const own = await voucher(owner.session, { id });
    expect(own.statusCode).toBe(200);
    expect(own.headers["content-type"]).toBe("image/jpeg");
    expect(own.headers["cache-control"]).toBe("private, no-store");
    expect(own.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));

    const stranger = await newUser();
    for (const body of [{ id }, { id: crypto.randomUUID() }])
      expect((await voucher(stranger.session, body)).json()).toMatchObject({ status: 0, code: "NOT_FOUND" });
    expect((await voucher(owner.session, { id: "x" })).json()).toMatchObject({ code: "INVALID_INPUT" });
  });
});
