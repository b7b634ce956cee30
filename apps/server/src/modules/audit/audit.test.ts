import type { AuditEntry } from "@brokerage/api";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog } from "../../db/schema/index.js";
import { buildTestApp, type TestApp } from "../../../test/helper.js";
import { adminCall, createStaff, staffLogin, type StaffLogin } from "../staff/testing.js";

let t: TestApp;
let reader: StaffLogin;
const start = new Date("2030-01-01T00:00:00Z");

beforeAll(async () => {
  t = await buildTestApp();
  reader = await staffLogin(t.app, await createStaff(t.database.db, "reviewer"), "10.74.0.1");
  // 25 rows an hour apart, alternating actors, actions and targets.
  await t.database.db.insert(auditLog).values(
    Array.from({ length: 25 }, (_, i) => ({
      adminUserId: null,
      actor: i % 2 ? "Alice" : "bob",
      action: i % 2 ? "user.setFlags" : "review.approve",
      target: i % 5 === 0 ? "user:00000000-0000-4000-8000-000000000001" : `review:${i}`,
      reason: `reason ${i}`,
      details: { i },
      createdAt: new Date(start.getTime() + i * 3_600_000),
    })),
  );
});
afterAll(() => t.close());

type Page = { items: AuditEntry[]; nextCursor: string | null };
const list = async (body: Record<string, unknown>) => {
  const answer = await adminCall(t.app, "audit/list", body, reader.headers);
  expect(answer).toMatchObject({ status: 1 });
  return answer.data as Page;
};
const seeded = (body: Record<string, unknown> = {}) => list({ from: start.toISOString(), ...body });

describe("audit/list", () => {
  it("pages newest first, 20 a page", async () => {
    const page1 = await seeded();
    expect(page1.items).toHaveLength(20);
    expect(page1.items[0]).toMatchObject({ reason: "reason 24", details: { i: 24 } });
    const page2 = await seeded({ cursor: page1.nextCursor });
    expect(page2.items.map((e) => e.reason)).toEqual([
      "reason 4",
      "reason 3",
      "reason 2",
      "reason 1",
      "reason 0",
    ]);
    expect(page2.nextCursor).toBeNull();
  });

  it("filters by actor (any case), action (exact or prefix), target and time", async () => {
    expect((await seeded({ actor: "ALICE" })).items.every((e) => e.actor === "Alice")).toBe(true);
    expect((await seeded({ action: "review." })).items.every((e) => e.action === "review.approve")).toBe(
      true,
    );
    expect((await seeded({ action: "review" })).items).toEqual([]);
    const target = await seeded({ target: "user:00000000-0000-4000-8000-000000000001" });
    expect(target.items.map((e) => e.reason)).toEqual([
      "reason 20",
      "reason 15",
      "reason 10",
      "reason 5",
      "reason 0",
    ]);
    const window = await list({
      from: new Date(start.getTime() + 3_600_000).toISOString(),
      to: new Date(start.getTime() + 3 * 3_600_000).toISOString(),
    });
    expect(window.items.map((e) => e.reason)).toEqual(["reason 2", "reason 1"]);
  });

  it("refuses malformed filters and cursors as INVALID_INPUT", async () => {
    for (const body of [{ cursor: "nope" }, { from: "yesterday" }, { actor: "" }, { target: 5 }])
      expect(await adminCall(t.app, "audit/list", body, reader.headers)).toMatchObject({
        status: 0,
        code: "INVALID_INPUT",
      });
  });
});
