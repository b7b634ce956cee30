import { credit, exchange, toProofUnits, verifyInclusion, type InclusionClaim } from "@brokerage/core";
import type { ProofInclusion, ProofMine } from "@brokerage/api";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, call, registerUser, type TestApp } from "../../../test/helper.js";
import { rowsOf } from "../../db/index.js";
import { auditLog, users } from "../../db/schema/index.js";
import { book } from "../ledger/index.js";
import { adminCall, BOOTSTRAP_ADMIN, createStaff, staffLogin } from "../staff/testing.js";
import { verifyProofs } from "./index.js";

/**
 * Proof of liabilities (docs/honesty.md): staff build now (audited, one tree per instant and currency even
 * when two builds race), anyone reads the roots and totals, each user reads only their own leaf and path,
 * which verifies with core's verifier while a changed balance does not; the scheduler builds each ended
 * day, and `proof:verify`'s check finds a tree the database no longer makes.
 */
let t: TestApp;
let admin: { headers: Record<string, string> };
const people: { headers: Record<string, string>; id: string }[] = [];

async function person(usd: string, inr?: string) {
  const session = await registerUser(t.app);
  const [row] = await t.database.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.account, session.account));
  if (!row) throw new Error("no user");
  const userId = row.id;
  await t.database.db.transaction(async (tx) => {
    await book(tx, {
      entry: credit("deposit", userId, "USD", usd),
      userId,
      cause: { by: "system" },
      at: t.clock.now(),
    });
    if (inr)
      await book(tx, {
        entry: exchange("exchange", userId, "USD", "1.00", "INR", inr),
        userId,
        cause: { by: "user" },
        at: t.clock.now(),
      });
  });
  return { headers: session.headers, id: userId };
}

const claimOf = (inclusion: ProofInclusion): InclusionClaim => ({
  currency: inclusion.currency,
  userId: inclusion.userId,
  salt: inclusion.salt,
  balance: BigInt(inclusion.balanceUnits),
  path: inclusion.path.map((s) => ({ side: s.side, hash: s.hash, sum: BigInt(s.sumUnits) })),
  root: inclusion.root,
  total: BigInt(inclusion.totalUnits),
});

beforeAll(async () => {
  t = await buildTestApp();
  t.clock.set(new Date("2026-11-10T06:00:00Z"));
  admin = await staffLogin(t.app, BOOTSTRAP_ADMIN, "10.77.0.1");
  people.push(await person("100.00", "83.00"), await person("2.50"), await person("0.01"));
  // A staff build is as of the minute it is asked in: what was booked before it.
  t.clock.set(new Date("2026-11-10T06:01:30Z"));
});
afterAll(() => t.close());

describe("proof of liabilities", { timeout: 120_000 }, () => {
  it("publishes nothing before the first proof, to anyone", async () => {
    const latest = await call(t.app, "proof/latest", {});
    expect(latest.status).toBe(1);
    expect(latest.data).toMatchObject({ date: null, totals: [] });
  });

  it("builds once per minute even when two staff builds race, audited", async () => {
    const before = rowsOf<{ n: string }>(
      await t.database.db.execute(
        sql`select count(*)::text as n from audit_log where action = 'proof.build'`,
      ),
    )[0]?.n;
    const [a, b] = await Promise.all([
      adminCall(t.app, "proofs/build", {}, admin.headers),
      adminCall(t.app, "proofs/build", {}, admin.headers),
    ]);
    expect([a.data?.built, b.data?.built].sort()).toEqual([false, true]);
    expect(a.data?.items.map((p) => p.id)).toEqual(b.data?.items.map((p) => p.id));
    const trees = rowsOf<{ currency: string; n: string }>(
      await t.database.db.execute(
        sql`select currency, count(*)::text as n from liability_proofs group by as_of, currency order by currency`,
      ),
    );
    expect(trees).toEqual([
      { currency: "INR", n: "1" },
      { currency: "USD", n: "1" },
    ]);
    const audits = await t.database.db.select().from(auditLog).where(eq(auditLog.action, "proof.build"));
    expect(audits.length - Number(before)).toBe(1);
  });

  it("publishes the roots and totals without a session", async () => {
    const latest = await call(t.app, "proof/latest", {});
    expect(latest.data?.date).toBe("2026-11-10");
    expect(latest.data?.kind).toBe("staff");
    expect(latest.data?.totals.map((x) => [x.currency, x.total, x.leaves])).toEqual([
      ["INR", "83", 1],
      ["USD", "101.51", 3],
    ]);
  });

  it("answers each user their own leaf and path, which verifies; a changed balance or sibling does not", async () => {
    const first = people[0]!;
    const mine = await call(t.app, "proof/mine", {}, first.headers);
    expect(mine.data?.inclusions.map((i) => [i.currency, i.balance, i.userId])).toEqual([
      ["INR", "83", first.id],
      ["USD", "99", first.id],
    ]);
    for (const inclusion of mine.data?.inclusions ?? []) {
      const claim = claimOf(inclusion);
      expect(verifyInclusion(claim)).toMatchObject({ ok: true, leaf: inclusion.leaf });
      expect(verifyInclusion({ ...claim, balance: claim.balance + toProofUnits("0.01") })).toMatchObject({
        ok: false,
      });
      if (claim.path[0])
        expect(
          verifyInclusion({
            ...claim,
            path: [{ ...claim.path[0], sum: claim.path[0].sum + 1n }, ...claim.path.slice(1)],
          }),
        ).toMatchObject({ ok: false });
    }
    // Another user's ids in the body change nothing: each sees only their own leaf.
    const other = await call(t.app, "proof/mine", { userId: first.id } as object, people[1]!.headers);
    const theirs = other.data as ProofMine;
    expect(theirs.inclusions.map((i) => [i.currency, i.userId, i.balance])).toEqual([
      ["USD", people[1]!.id, "2.5"],
    ]);
    expect(theirs.inclusions[0]?.leaf).not.toBe(mine.data?.inclusions[1]?.leaf);
    expect(JSON.stringify(other.data)).not.toContain(first.id);
  });

  it("needs a session for proof/mine, refuses a malformed body, and the back office's reads need staff", async () => {
    expect((await call(t.app, "proof/mine", {})).httpStatus).toBe(401);
    const malformed = await call(t.app, "proof/mine", [1, 2] as unknown as object, people[0]!.headers);
    expect(malformed.status).not.toBe(1);
    expect(malformed.httpStatus).toBeLessThan(500);
    expect((await adminCall(t.app, "proofs/list", {})).status).not.toBe(1);
    const support = await createStaff(t.database.db, "support");
    const supportLogin = await staffLogin(t.app, support, "10.77.0.2");
    expect((await adminCall(t.app, "proofs/build", {}, supportLogin.headers)).code).toBe("FORBIDDEN");
    const listed = await adminCall(t.app, "proofs/list", {}, admin.headers);
    expect(listed.data?.items.map((p) => p.currency)).toEqual(["INR", "USD"]);
  });

  it("builds each ended day as of its end, and the check finds a tree the database no longer makes", async () => {
    // The next day: a deposit after the day's end is not in the day's tree.
    t.clock.set(new Date("2026-11-10T20:00:00Z")); // 01:30 on the 11th in Kolkata
    const late = people[2]!;
    await t.database.db.transaction((tx) =>
      book(tx, {
        entry: credit("deposit", late.id, "USD", "5.00"),
        userId: late.id,
        cause: { by: "system" },
        at: t.clock.now(),
      }),
    );
    await t.app.tradingEngine.round();
    const daily = rowsOf<{ day: string; kind: string; currency: string; total: string }>(
      await t.database.db.execute(
        sql`select day::text as day, kind, currency, total from liability_proofs where kind = 'daily' order by currency`,
      ),
    );
    expect(daily).toEqual([
      { day: "2026-11-10", kind: "daily", currency: "INR", total: "8300000000" },
      { day: "2026-11-10", kind: "daily", currency: "USD", total: "10151000000" },
    ]);
    expect((await call(t.app, "proof/latest", {})).data?.kind).toBe("daily");
    const clean = await verifyProofs(t.database.db, "2026-11-10");
    expect(clean.proofs).toHaveLength(4);
    expect(clean.differences).toEqual([]);
    // A leaf's balance lowered behind the triggers' back: the ledger and the root say otherwise.
    await t.database.db.execute(sql`alter table liability_proof_leaves disable trigger user`);
    await t.database.db.execute(
      sql`update liability_proof_leaves set balance = '1' where user_id = ${people[1]!.id}::uuid
          and proof_id in (select id from liability_proofs where kind = 'daily')`,
    );
    await t.database.db.execute(sql`alter table liability_proof_leaves enable trigger user`);
    const tampered = await verifyProofs(t.database.db, "2026-11-10");
    expect(tampered.differences.map((d) => d.what)).toEqual([
      "user " + people[1]!.id + ": the leaf is not the hash of its own fields",
      "user " + people[1]!.id + ": the ledger had 2.5, the leaf 0.00000001",
      expect.stringMatching(/^the leaves make the root/),
      "the leaves add up to 99.01000001, not the published 101.51",
    ]);
  });
});
