import type { AuditListEntry } from "@brokerage/api";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, reviews } from "../../db/schema/index.js";
import { buildTestApp, registerUser, type TestApp } from "../../../test/helper.js";
import { submitKyc, userIdOf } from "../kyc/testing.js";
import { adminCall, createStaff, staffLogin, type StaffLogin } from "../staff/testing.js";

let t: TestApp;
let imageDir: string;
let reader: StaffLogin;
let operatorId: string;
let user: { id: string; account: string; reviewId: string; reviewSeq: number };
const start = new Date("2031-01-01T00:00:00Z");

beforeAll(async () => {
  imageDir = await mkdtemp(join(tmpdir(), "audit-viewer-test-"));
  t = await buildTestApp({ imageDir });
  reader = await staffLogin(t.app, await createStaff(t.database.db, "reviewer"), "10.75.0.1");
  const operator = await createStaff(t.database.db, "operator");
  operatorId = operator.id;
  const session = await registerUser(t.app);
  expect(await submitKyc(t.app, session)).toMatchObject({ status: 1 });
  const id = await userIdOf(t.database.db, session);
  const [review] = await t.database.db.select().from(reviews).where(eq(reviews.userId, id));
  if (!review) throw new Error("no KYC review");
  user = { id, account: session.account, reviewId: review.id, reviewSeq: review.seq };
  const row = (i: number, values: Partial<typeof auditLog.$inferInsert>) => ({
    adminUserId: null,
    actor: "system",
    action: "user.setFlags",
    target: "user:00000000-0000-4000-8000-000000000009",
    details: {},
    createdAt: new Date(start.getTime() + i * 60_000),
    ...values,
  });
  await t.database.db.insert(auditLog).values([
    row(0, { target: `user:${id}`, reason: "about the user" }),
    row(1, { target: `review:${review.id}`, action: "review.approve", reason: "their review" }),
    row(2, {
      target: "users:search",
      action: "read.userSearch",
      details: { users: [id] },
      reason: "showed them",
    }),
    row(3, { reason: "someone else" }),
    row(4, {
      adminUserId: operatorId,
      actor: operator.account,
      target: "config:trading.US",
      reason: "operator",
    }),
  ]);
});
afterAll(async () => {
  await t.close();
  await rm(imageDir, { recursive: true, force: true });
});

const list = async (body: Record<string, unknown>) => {
  const answer = await adminCall(t.app, "audit/list", { from: start.toISOString(), ...body }, reader.headers);
  expect(answer).toMatchObject({ status: 1 });
  return (answer.data as { items: AuditListEntry[] }).items;
};
const reasons = (items: AuditListEntry[]) => items.map((e) => e.reason);
/** The reads of the audit log so far, newest first (the seeded rows lie in the clock's future). */
const logReads = () =>
  t.database.db
    .select()
    .from(auditLog)
    .where(eq(auditLog.action, "read.auditLog"))
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id));

describe("audit/list in words", () => {
  it("filters by user: their rows, their reviews' rows and the reads that showed them", async () => {
    expect(reasons(await list({ user: user.id }))).toEqual(["showed them", "their review", "about the user"]);
  });

  it("filters by the target's start and by the actor's role", async () => {
    expect(reasons(await list({ targetPrefix: "review:" }))).toEqual(["their review"]);
    expect(reasons(await list({ targetPrefix: "config:trading." }))).toEqual(["operator"]);
    expect(reasons(await list({ role: "operator" }))).toEqual(["operator"]);
    expect(await list({ role: "support" })).toEqual([]);
  });

  it("names each row's object and its actor's role", async () => {
    const items = await list({});
    const byReason = new Map(items.map((e) => [e.reason, e]));
    expect(byReason.get("about the user")).toMatchObject({
      actorRole: null,
      object: { kind: "user", id: user.id, name: user.account, review: null },
    });
    expect(byReason.get("their review")?.object).toEqual({
      kind: "review",
      id: user.reviewId,
      name: null,
      review: { kind: "kyc", seq: user.reviewSeq, userId: user.id, userAccount: user.account },
    });
    expect(byReason.get("someone else")?.object).toMatchObject({ kind: "user", name: null });
    expect(byReason.get("operator")).toMatchObject({
      actorRole: "operator",
      object: { kind: "config", id: "trading.US", name: null },
    });
  });

  it("records a page that named users as a staff read, with its filter; a page naming none writes nothing", async () => {
    const before = (await logReads()).length;
    t.clock.advance(60_000);
    await list({ user: user.id });
    const reads = await logReads();
    expect(reads).toHaveLength(before + 1);
    expect(reads[0]).toMatchObject({
      action: "read.auditLog",
      actor: reader.account,
      target: "audit:list",
      details: { user: user.id, from: start.toISOString(), users: [user.id] },
      createdAt: t.clock.now(),
    });
    t.clock.advance(60_000);
    await list({ role: "operator" });
    expect(await logReads()).toHaveLength(before + 1);
  });

  it("refuses a malformed user, role or target prefix as INVALID_INPUT", async () => {
    for (const body of [{ user: "nope" }, { role: "boss" }, { targetPrefix: "" }])
      expect(await adminCall(t.app, "audit/list", body, reader.headers)).toMatchObject({
        status: 0,
        code: "INVALID_INPUT",
      });
  });
});
