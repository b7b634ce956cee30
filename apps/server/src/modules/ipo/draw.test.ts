import type { AdminIpoVerification, IpoDrawRecord, IpoExpected, IpoProof } from "@brokerage/api";
import { verifyMerkleProof, type AllocationRule } from "@brokerage/core";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { registerUser, type TestApp } from "../../../test/helper.js";
import { ipoSubscriptions } from "../../db/schema/index.js";
import { createStaff, expectOneAuditRow, type StaffLogin, type StaffMember } from "../staff/testing.js";
import { PriceBoard, setUpTradingApp, userIdOf, type Trader } from "../trading/testing.js";
import { report } from "../../cli/ipo-verify.js";
import { rootBeforeRound, verifyRecord } from "./draw.js";
import {
  createOffering,
  ipoAdmin,
  ipoCall,
  login,
  offeringBody,
  SYMBOL,
  subscribeOk,
  subscriber,
} from "./testing.js";

/**
 * The draw nobody can rig, over HTTP: 1,000 applications under each rule, the root published at the close
 * with each applicant's proof, the draw recomputed from `ipo/drawRecord` alone by the function
 * `npm run ipo:verify` runs, and a changed application caught by the back office's verification.
 */
const board = new PriceBoard();
let t: TestApp;
let operatorMember: StaffMember;
let operator: StaffLogin;
const people: Trader[] = [];
setUpTradingApp(board, (app) => (t = app));
beforeAll(async () => {
  board.set(SYMBOL, "372.60");
  operatorMember = await createStaff(t.database.db, "operator");
  operator = await login(t, operatorMember);
  // 40 applicants; their 1,000 applications are written as the subscription writes them (the HTTP path
  // of a subscription is subscribe.test.ts's), a few through HTTP too.
  for (let i = 0; i < 40; i++) {
    const session = await registerUser(t.app);
    people.push({ session, userId: await userIdOf(t, session) });
  }
}, 120_000);

async function moveTo(iso: string) {
  t.clock.set(iso);
  operator = await login(t, operatorMember);
}

/** An offering under `rule` with 1,000 applications of 10,000–22,000 shares from the 40 applicants. */
async function bookOf(rule: AllocationRule, lotSize: string) {
  const offering = await createOffering(t, operator, {
    allocationRule: rule,
    lotSize,
    totalShares: "200000",
    subscriptionLimit: 20,
  });
  expect(offering).toMatchObject({
    allocationRule: rule,
    lotSize,
    applicationsRoot: null,
    beacon: { provider: "local", independent: false },
  });
  expect(Date.parse(offering.beacon?.roundAt ?? "")).toBeGreaterThan(Date.parse(offering.closesAt));
  const start = t.clock.now().getTime();
  const rows = Array.from({ length: 1_000 }, (_, i) => ({
    offeringId: offering.id,
    userId: (people[i % people.length] as Trader).userId,
    quantity: 10_000n + BigInt(i % 5) * 3_000n,
    createdAt: new Date(start + i),
  }));
  for (let i = 0; i < rows.length; i += 250)
    await t.database.db.insert(ipoSubscriptions).values(rows.slice(i, i + 250));
  return offering;
}

describe("the draw from published inputs", () => {
  const cases: [AllocationRule, string][] = [
    ["lottery", "10000"],
    ["equalThenProRata", "1000"],
    ["proRata", "1000"],
  ];
  for (const [rule, lotSize] of cases)
    it(`${rule}: 1,000 applications drawn and recomputed byte for byte from the record alone`, async () => {
      const offering = await bookOf(rule, lotSize);
      const who = people[0] as Trader;
      await moveTo(offering.drawAt);
      expect(await ipoAdmin(t, operator, "draw", { id: offering.id, reason: "Draw day" })).toMatchObject({
        status: 1,
        data: { status: "drawn" },
      });
      const answer = await ipoCall(t, who, "drawRecord", { offeringId: offering.id });
      const record = answer.data as IpoDrawRecord;
      expect(record.applications).toHaveLength(1_000);
      const check = verifyRecord(record);
      expect(check).toMatchObject({ ok: true, rootMatches: true, mismatches: [] });
      expect(check.digest).toBe(record.digest);
      expect(verifyRecord(structuredClone(record)).digest).toBe(check.digest);
      expect(rootBeforeRound(record)).toBe(false); // sealed by the draw itself, after the round
      const allotted = record.applications.map((a) => BigInt(a.allotted));
      expect(allotted.reduce((s, a) => s + a, 0n)).toBe(200_000n);
      for (const a of allotted) expect(a % BigInt(lotSize)).toBe(0n);
      if (rule === "lottery") {
        // 20 lots among 40 applicants: 20 win one lot each.
        expect(allotted.filter((a) => a > 0n)).toHaveLength(20);
        expect(allotted.every((a) => a === 0n || a === 10_000n)).toBe(true);
      }
      if (rule === "equalThenProRata") {
        const byApplicant = new Map<string, bigint>();
        for (const a of record.applications)
          byApplicant.set(a.applicant, (byApplicant.get(a.applicant) ?? 0n) + BigInt(a.allotted));
        // 100 equal lots among 40 applicants: at least 2 lots (2,000 shares) each.
        expect([...byApplicant.values()].every((s) => s >= 2_000n)).toBe(true);
      }

      // A changed application changes the root: the back office's verification finds it.
      const verified = await ipoAdmin(t, operator, "verify", { id: offering.id });
      expect(verified).toMatchObject({ status: 1, data: { ok: true, rootMatches: true, mismatches: 0 } });
      const victim = record.applications[7] as IpoDrawRecord["applications"][number];
      await t.database.db
        .update(ipoSubscriptions)
        .set({ quantity: 99_000n })
        .where(eq(ipoSubscriptions.id, victim.id));
      const tampered = (await ipoAdmin(t, operator, "verify", { id: offering.id }))
        .data as AdminIpoVerification;
      expect(tampered).toMatchObject({ ok: false, rootMatches: false, publishedRoot: record.root });
      expect(tampered.root).not.toBe(record.root);
      const forged = record.applications.map((a) => (a.id === victim.id ? { ...a, quantity: "99000" } : a));
      expect(verifyRecord({ ...record, applications: forged }).ok).toBe(false);
      // The CLI's own check of a saved record: the same answer, and an exit code.
      expect(report(record)).toBe(0);
      expect(report({ ...record, applications: forged })).toBe(1);
      const reallotted = record.applications.map((a, i) =>
        i === 7 ? { ...a, allotted: a.allotted === "0" ? String(lotSize) : "0" } : a,
      );
      expect(verifyRecord({ ...record, applications: reallotted }).mismatches.map((m) => m.id)).toEqual([
        victim.id,
      ]);
    }, 120_000);
});

describe("ipo/proof, ipo/expected, ipos/verify", () => {
  it("gives each applicant their path to the root published at the close, and nobody else's", async () => {
    const offering = await createOffering(t, operator, { totalShares: "100000" });
    const alice = await subscriber(t, "3300000.00");
    const bob = await subscriber(t, "3300000.00");
    const mine = await subscribeOk(t, alice, offering.id);
    const his = await subscribeOk(t, bob, offering.id);
    // Before the close there is no root.
    expect(await ipoCall(t, alice, "proof", { subscriptionId: mine.id })).toMatchObject({
      code: "NOT_YET_OPEN",
    });
    await moveTo(offering.closesAt);
    // Two at once publish one root.
    const [first, second] = await Promise.all([
      ipoCall(t, alice, "proof", { subscriptionId: mine.id }),
      ipoCall(t, bob, "proof", { subscriptionId: his.id }),
    ]);
    const proof = first.data as IpoProof;
    expect(first).toMatchObject({ status: 1 });
    expect((second.data as IpoProof).root).toBe(proof.root);
    expect(proof).toMatchObject({
      offeringId: offering.id,
      applications: 2,
      application: { id: mine.id, quantity: "10000" },
    });
    expect(proof.application.applicant).not.toContain(alice.userId);
    expect(verifyMerkleProof(proof.leaf, proof.path, proof.root)).toBe(true);
    expect(await ipoCall(t, alice, "offering", { offeringId: offering.id })).toMatchObject({
      data: { applicationsRoot: proof.root, rootPublishedAt: proof.rootPublishedAt },
    });
    // Another user's subscription is unknown to her; a malformed body is refused.
    expect(await ipoCall(t, alice, "proof", { subscriptionId: his.id })).toMatchObject({
      status: 0,
      code: "NOT_FOUND",
    });
    expect(await ipoCall(t, alice, "proof", { subscriptionId: "nope" })).toMatchObject({
      code: "INVALID_INPUT",
    });
    expect(await ipoCall(t, alice, "drawRecord", { offeringId: offering.id })).toMatchObject({
      code: "NOT_YET_OPEN",
    });
    // Drawn after the round: the root came first, and the verification says so; it is audited.
    await moveTo(offering.drawAt);
    expect(await ipoAdmin(t, operator, "draw", { id: offering.id, reason: "Draw day" })).toMatchObject({
      status: 1,
    });
    const { result: verified, row } = await expectOneAuditRow(t.database.db, () =>
      ipoAdmin(t, operator, "verify", { id: offering.id }),
    );
    expect(verified).toMatchObject({
      status: 1,
      data: { ok: true, rootBeforeRound: true, publishedRoot: proof.root },
    });
    expect(row).toMatchObject({ action: "ipo.verify", target: `ipo:${offering.id}` });
    expect(await ipoAdmin(t, operator, "verify", { id: "nope" })).toMatchObject({ code: "INVALID_INPUT" });
  });

  it("publishes the root at the close, in the scheduler's round, before the beacon round", async () => {
    const offering = await createOffering(t, operator);
    const who = await subscriber(t, "3300000.00");
    await subscribeOk(t, who, offering.id);
    await moveTo(offering.closesAt);
    await t.app.tradingEngine.round();
    const seen = await ipoCall(t, who, "offering", { offeringId: offering.id });
    expect(seen).toMatchObject({ data: { applicationsRoot: expect.stringMatching(/^[0-9a-f]{64}$/) } });
    const { rootPublishedAt, beacon } = seen.data as { rootPublishedAt: string; beacon: { roundAt: string } };
    expect(Date.parse(rootPublishedAt)).toBeLessThan(Date.parse(beacon.roundAt));
  });

  it("takes the market's rule unless staff choose one, and a lot no larger than the minimum", async () => {
    const indian = await createOffering(t, operator);
    expect(indian).toMatchObject({ allocationRule: "lottery", lotSize: "10000" });
    const chosen = await createOffering(t, operator, { allocationRule: "proRata", lotSize: "500" });
    expect(chosen).toMatchObject({ allocationRule: "proRata", lotSize: "500" });
    expect(await ipoAdmin(t, operator, "save", { ...offeringBody(t), lotSize: "20000" })).toMatchObject({
      status: 0,
      code: "INVALID_INPUT",
      params: { field: "lotSize" },
    });
    expect(
      await ipoAdmin(t, operator, "save", { ...offeringBody(t), allocationRule: "firstComeFirstServed" }),
    ).toMatchObject({ status: 0, code: "INVALID_INPUT" });
  });

  it("estimates the allotment for the quantity typed before applying", async () => {
    const offering = await createOffering(t, operator, { totalShares: "20000", allocationRule: "lottery" });
    const who = await subscriber(t, "6600000.00");
    const before = await ipoCall(t, who, "expected", { offeringId: offering.id, quantity: "10000" });
    expect(before).toMatchObject({
      status: 1,
      data: {
        allocationRule: "lottery",
        expectedShares: "10000.00",
        chance: "100.00",
        applicants: 0,
      } satisfies Partial<IpoExpected>,
    });
    for (let i = 0; i < 3; i++) await subscribeOk(t, await subscriber(t, "3300000.00"), offering.id);
    // 2 lots, 4 applicants with this one: a 50% chance of one lot.
    expect(await ipoCall(t, who, "expected", { offeringId: offering.id, quantity: "10000" })).toMatchObject({
      data: { expectedShares: "5000.00", chance: "50.00", applicants: 3 },
    });
    expect(await ipoCall(t, who, "expected", { offeringId: offering.id, quantity: "many" })).toMatchObject({
      code: "INVALID_INPUT",
    });
    expect(
      await ipoCall(t, who, "expected", {
        offeringId: "00000000-0000-4000-8000-000000000000",
        quantity: "10000",
      }),
    ).toMatchObject({ code: "NOT_FOUND" });
  });
});
