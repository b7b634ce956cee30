import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { UserDetail } from "@brokerage/api";
import { eq } from "drizzle-orm";
import Fastify from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { kycSubmissions } from "../../db/schema/index.js";
import { HOUR } from "../../lib/clock.js";
import { ok } from "../../lib/envelope.js";
import { buildTestApp, registerUser, type Session, type TestApp } from "../../../test/helper.js";
import { recharge, demoChannelId } from "../deposits/testing.js";
import { submitKyc, userIdOf } from "../kyc/testing.js";
import { requireStaff, staffAuthPlugin } from "../staff/index.js";
import { readOfList, readOfUser } from "./reads.js";
import {
  adminCall,
  auditCount,
  createStaff,
  expectOneAuditRow,
  staffLogin,
  type StaffLogin,
} from "../staff/testing.js";

let t: TestApp;
let imageDir: string;
let reviewer: StaffLogin;
let reviewerId: string;
let support: StaffLogin;
let handled = 0;
let address = 0;
const nextAddress = () => `10.91.${++address}.1`;

beforeAll(async () => {
  imageDir = await mkdtemp(join(tmpdir(), "staff-reads-test-"));
  t = await buildTestApp({
    imageDir,
    authLimits: { registrationsPerAddress: { max: 200, windowMs: HOUR } },
    // Reads whose audit cannot be written: the data must not leave either.
    setup: (app) =>
      void app.register(
        async (module) => {
          await module.register(staffAuthPlugin);
          const failing = async () => {
            throw new Error("audit store down");
          };
          module.post(
            "/one",
            { onRequest: requireStaff("users.read", { read: readOfUser("read.userDetail", failing) }) },
            async () => {
              handled += 1;
              return ok({ secret: "personal data" });
            },
          );
          const users = () => {
            throw new Error("audit store down");
          };
          module.post(
            "/list",
            {
              onRequest: requireStaff("users.read", {
                read: readOfList("read.userSearch", () => "users:search", users),
              }),
            },
            async () => ok({ items: [{ secret: "personal data" }] }),
          );
        },
        { prefix: "/api/admin/test-only" },
      ),
  });
  t.clock.set("2026-01-05T06:30:00Z"); // a Monday, inside the recharge window
  const staff = await createStaff(t.database.db, "reviewer");
  reviewerId = staff.id;
  reviewer = await staffLogin(t.app, staff, nextAddress());
  support = await staffLogin(t.app, await createStaff(t.database.db, "support"), nextAddress());
});
afterAll(async () => {
  await t.close();
  await rm(imageDir, { recursive: true, force: true });
});

async function newUser(): Promise<{ session: Session; userId: string }> {
  const session = await registerUser(t.app);
  return { session, userId: await userIdOf(t.database.db, session) };
}

/** The one row `act` writes, checked to be the reviewer's read of `action` on `target`. */
async function readRow(action: string, target: string, act: () => Promise<unknown>) {
  const { result, row } = await expectOneAuditRow(t.database.db, act);
  expect(row).toMatchObject({
    adminUserId: reviewerId,
    actor: reviewer.account,
    action,
    target,
    createdAt: t.clock.now(),
  });
  return { result, row };
}

const inject = (path: string, body: unknown, headers: Record<string, string>) =>
  t.app.inject({ method: "POST", url: `/api/admin/${path}`, payload: body as object, headers });

describe("staff reads of one user's data", () => {
  it("audits users/detail with who, whose and when; an unknown or malformed id writes nothing", async () => {
    const { userId } = await newUser();
    const { result } = await readRow("read.userDetail", `user:${userId}`, () =>
      adminCall(t.app, "users/detail", { userId }, reviewer.headers),
    );
    expect(result).toMatchObject({ status: 1 });
    const before = await auditCount(t.database.db);
    expect(
      await adminCall(t.app, "users/detail", { userId: crypto.randomUUID() }, reviewer.headers),
    ).toMatchObject({ status: 0, code: "NOT_FOUND" });
    expect(await adminCall(t.app, "users/detail", { userId: "x" }, reviewer.headers)).toMatchObject({
      code: "INVALID_INPUT",
      params: { field: "userId" },
    });
    expect(await auditCount(t.database.db)).toBe(before);
  });

  it("audits users/ledger and users/orders with what was asked", async () => {
    const { userId } = await newUser();
    const ledger = await readRow("read.ledger", `user:${userId}`, () =>
      adminCall(t.app, "users/ledger", { userId, currency: "USD" }, reviewer.headers),
    );
    expect(ledger.result).toMatchObject({ status: 1 });
    expect(ledger.row?.details).toEqual({ currency: "USD" });
    const orders = await readRow("read.orders", `user:${userId}`, () =>
      adminCall(t.app, "users/orders", { userId, tab: "positions" }, reviewer.headers),
    );
    expect(orders.result).toMatchObject({ status: 1 });
    expect(orders.row?.details).toEqual({ tab: "positions" });
  });

  it("audits a KYC photo as a read of its owner's data, naming the submission and side", async () => {
    const { session, userId } = await newUser();
    expect(await submitKyc(t.app, session)).toMatchObject({ status: 1 });
    const [submission] = await t.database.db
      .select({ id: kycSubmissions.id })
      .from(kycSubmissions)
      .where(eq(kycSubmissions.userId, userId));
    const submissionId = submission?.id ?? "";
    const { result, row } = await readRow("read.kycPhoto", `user:${userId}`, () =>
      inject("kyc/photo", { submissionId, side: "back" }, reviewer.headers),
    );
    expect(result).toMatchObject({ statusCode: 200, headers: { "content-type": "image/jpeg" } });
    expect(row?.details).toEqual({ submissionId, side: "back" });
    const before = await auditCount(t.database.db);
    const unknown = await inject(
      "kyc/photo",
      { submissionId: crypto.randomUUID(), side: "front" },
      reviewer.headers,
    );
    expect(unknown.json()).toMatchObject({ code: "NOT_FOUND" });
    expect(await auditCount(t.database.db)).toBe(before);
  });

  it("audits a deposit voucher as a read of the depositor's data", async () => {
    const { session, userId } = await newUser();
    const channelId = await demoChannelId(t.database.db);
    const deposited = await recharge(t.app, session, { channelId, currency: "USD", amount: "20" });
    const depositId = (deposited.data as { id: string }).id;
    const { result, row } = await readRow("read.depositVoucher", `user:${userId}`, () =>
      inject("deposits/voucher", { depositId }, reviewer.headers),
    );
    expect(result).toMatchObject({ statusCode: 200 });
    expect(row?.details).toEqual({ depositId });
    const before = await auditCount(t.database.db);
    expect(
      (await inject("deposits/voucher", { depositId: crypto.randomUUID() }, reviewer.headers)).json(),
    ).toMatchObject({
      code: "NOT_FOUND",
    });
    expect(await auditCount(t.database.db)).toBe(before);
  });

  it("records each of two concurrent reads", async () => {
    const { userId } = await newUser();
    const before = await auditCount(t.database.db);
    const answers = await Promise.all(
      [1, 2].map(() => adminCall(t.app, "users/detail", { userId }, reviewer.headers)),
    );
    expect(answers.every((a) => a.status === 1)).toBe(true);
    expect(await auditCount(t.database.db)).toBe(before + 2);
  });

  it("leaves staff reads out of the user detail's audit trail (the audit log has them)", async () => {
    const { userId } = await newUser();
    await adminCall(t.app, "users/ledger", { userId }, reviewer.headers);
    t.clock.advance(60_000);
    const answer = await adminCall(t.app, "users/detail", { userId }, reviewer.headers);
    expect((answer.data as UserDetail).audit).toEqual([]);
    const logged = await adminCall(t.app, "audit/list", { target: `user:${userId}` }, reviewer.headers);
    expect((logged.data as { items: { action: string }[] }).items.map((i) => i.action)).toEqual([
      "read.userDetail",
      "read.ledger",
    ]);
  });
});

describe("staff reads of lists", () => {
  it("audits a users/search page with the query and the users it showed, and not an empty one", async () => {
    const { session, userId } = await newUser();
    const { result, row } = await readRow("read.userSearch", "users:search", () =>
      adminCall(t.app, "users/search", { q: session.account }, reviewer.headers),
    );
    expect(result).toMatchObject({ status: 1 });
    expect(row?.details).toEqual({ q: session.account, users: [userId] });
    const before = await auditCount(t.database.db);
    expect(await adminCall(t.app, "users/search", { q: "nobody-at-all" }, reviewer.headers)).toMatchObject({
      status: 1,
      data: { items: [] },
    });
    expect(await auditCount(t.database.db)).toBe(before);
  });

  it("audits a reviews/list page naming its users; reviews/summary shows no one and writes nothing", async () => {
    const { session, userId } = await newUser();
    expect(await submitKyc(t.app, session)).toMatchObject({ status: 1 });
    const { row } = await readRow("read.reviews", "reviews:kyc", () =>
      adminCall(t.app, "reviews/list", { kind: "kyc", state: "pending" }, reviewer.headers),
    );
    expect(row?.details).toMatchObject({ kind: "kyc", state: "pending" });
    expect(row?.details.users).toContain(userId);
    const before = await auditCount(t.database.db);
    expect(await adminCall(t.app, "reviews/summary", {}, reviewer.headers)).toMatchObject({ status: 1 });
    expect(await auditCount(t.database.db)).toBe(before);
  });
});

describe("refused staff calls", () => {
  it("audits a FORBIDDEN attempt with the route and the permission it needs, and nothing of the effect", async () => {
    const { userId } = await newUser();
    const { result, row } = await expectOneAuditRow(t.database.db, () =>
      adminCall(
        t.app,
        "users/adjust",
        { userId, currency: "USD", amount: "5", reason: "x", idempotencyKey: "forbidden-1" },
        support.headers,
      ),
    );
    expect(result).toMatchObject({ httpStatus: 403, code: "FORBIDDEN" });
    expect(row).toMatchObject({
      actor: support.account,
      action: "staff.forbidden",
      target: "route:/api/admin/users/adjust",
      details: { permission: "ledger.adjust", role: "support", method: "POST" },
      createdAt: t.clock.now(),
    });
  });

  it("does not audit a call without a staff session (log-ins are audited on their own)", async () => {
    const before = await auditCount(t.database.db);
    expect(await adminCall(t.app, "users/adjust", {})).toMatchObject({ httpStatus: 401 });
    expect(await auditCount(t.database.db)).toBe(before);
  });
});

describe("the declaration of reads", () => {
  it("answers 500 without the data when a read's audit cannot be written", async () => {
    for (const path of ["test-only/one", "test-only/list"]) {
      const answer = await inject(path, {}, reviewer.headers);
      expect(answer.statusCode, path).toBe(500);
      expect(answer.body, path).not.toContain("personal data");
    }
    expect(handled).toBe(0);
  });

  it("refuses to start with a route under a personal-data permission that declares no read", async () => {
    const app = Fastify();
    app.decorate("db", t.database.db);
    app.decorate("clock", t.clock);
    app.decorate("bus", t.app.bus);
    await app.register(staffAuthPlugin);
    void app.register(async (module) => {
      module.post("/undeclared", { onRequest: requireStaff("ledger.read") }, async () => ok({}));
    });
    await expect(app.ready()).rejects.toThrow(/\/undeclared needs ledger\.read.*declare requireStaff's read/);
    await app.close();
  });
});
