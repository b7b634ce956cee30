import { bytesToHex } from "@noble/hashes/utils.js";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  ALLOCATION_RULES,
  allot,
  defaultAllocationRule,
  expectedAllotment,
  type AllocationRule,
} from "./allocation.js";
import { announcedRound, LOCAL_BEACON, roundTime } from "./beacon.js";
import { applicationLeaf, merkleRoot, type IpoApplication } from "./merkle.js";
import { verifyDraw } from "./verify.js";

const R = "ab".repeat(32);
const id = (i: number) => `00000000-0000-4000-8000-${String(i).padStart(12, "0")}`;
const app = (i: number, quantity: bigint, applicant = `u${i}`): IpoApplication => ({
  id: id(i),
  applicant,
  quantity,
  appliedAt: new Date(Date.UTC(2026, 11, 1, 0, 0, i)).toISOString(),
});
const rootOf = (applications: readonly IpoApplication[]) => merkleRoot(applications.map(applicationLeaf));
const draw = (
  applications: IpoApplication[],
  rule: AllocationRule,
  totalShares: bigint,
  lotSize: bigint,
  randomness = R,
) => allot({ applications, root: rootOf(applications), randomness, rule, totalShares, lotSize });
const shares = (result: ReturnType<typeof allot>) => [...result.allotted.values()];

describe("allot", () => {
  it("lottery: one lot to each winner while lots last, as many winners as lots", () => {
    const applications = Array.from({ length: 20 }, (_, i) => app(i, 300n));
    const result = draw(applications, "lottery", 500n, 100n);
    expect(result.winners).toBe(5);
    expect(shares(result).filter((s) => s === 100n)).toHaveLength(5);
    expect(result.sharesAllotted).toBe(500n);
  });

  it("lottery: with more lots than applicants everyone has one, the rest pro rata", () => {
    const applications = [app(1, 100n), app(2, 500n), app(3, 1000n)];
    // 10 lots: one each (7 left), then 0, 4 and 9 still asked: 7×4/13 = 2, 7×9/13 = 4, one more by draw.
    const result = draw(applications, "lottery", 1000n, 100n);
    expect(result.allotted.get(id(1))).toBe(100n);
    expect(result.sharesAllotted).toBe(1000n);
    expect((result.allotted.get(id(2)) ?? 0n) + (result.allotted.get(id(3)) ?? 0n)).toBe(900n);
  });

  it("equalThenProRata: half the lots equally, the other half by amount (Korea)", () => {
    // 10 lots: 5 equal among 5 applicants (1 each), 5 pro rata by the 25 lots still asked.
    const applications = [app(1, 100n), app(2, 100n), app(3, 100n), app(4, 100n), app(5, 2600n)];
    const result = draw(applications, "equalThenProRata", 1000n, 100n);
    for (const i of [1, 2, 3, 4]) expect(result.allotted.get(id(i))).toBe(100n);
    expect(result.allotted.get(id(5))).toBe(600n);
  });

  it("proRata: in proportion, rounded down to lots, the rest by draw order", () => {
    const applications = [app(1, 1000n), app(2, 2000n), app(3, 3000n)];
    const result = draw(applications, "proRata", 3000n, 100n);
    expect(shares(result)).toEqual(expect.arrayContaining([500n, 1000n, 1500n]));
  });

  it("undersubscribed, every rule allots all that was asked", () => {
    const applications = [app(1, 100n), app(2, 300n)];
    for (const rule of ALLOCATION_RULES)
      expect(draw(applications, rule, 10_000n, 100n).sharesAllotted).toBe(400n);
  });

  it("counts one user's applications as one applicant", () => {
    const applications = [app(1, 100n, "same"), app(2, 100n, "same"), app(3, 100n, "other")];
    const result = draw(applications, "lottery", 200n, 100n);
    expect(result.allotted.get(id(3))).toBe(100n);
    expect((result.allotted.get(id(1)) ?? 0n) + (result.allotted.get(id(2)) ?? 0n)).toBe(100n);
  });

  it("refuses applications that are not the published ones", () => {
    const applications = [app(1, 100n), app(2, 100n)];
    const root = rootOf(applications);
    const changed = [app(1, 100n), app(2, 200n)];
    expect(() =>
      allot({
        applications: changed,
        root,
        randomness: R,
        rule: "proRata",
        totalShares: 100n,
        lotSize: 100n,
      }),
    ).toThrow(RangeError);
  });

  it("defaults per market", () => {
    expect(defaultAllocationRule("IN")).toBe("lottery");
    expect(defaultAllocationRule("KR")).toBe("equalThenProRata");
    expect(defaultAllocationRule("US")).toBe("proRata");
  });
});

const book = fc.array(
  fc.record({ quantity: fc.bigInt({ min: 1n, max: 5_000n }), applicant: fc.integer({ min: 0, max: 30 }) }),
  { maxLength: 60 },
);

describe("allot, for every book", () => {
  it("never allots more than offered, nor more than asked, and only whole lots", () => {
    fc.assert(
      fc.property(
        book,
        fc.constantFrom(...ALLOCATION_RULES),
        fc.bigInt({ min: 0n, max: 50_000n }),
        fc.bigInt({ min: 1n, max: 500n }),
        fc.uint8Array({ minLength: 32, maxLength: 32 }),
        (entries, rule, totalShares, lotSize, seed) => {
          const applications = entries.map((e, i) => app(i, e.quantity, `u${e.applicant}`));
          const randomness = bytesToHex(seed);
          const result = draw(applications, rule, totalShares, lotSize, randomness);
          expect(result.sharesAllotted).toBeLessThanOrEqual(totalShares);
          for (const a of applications) {
            const got = result.allotted.get(a.id) ?? -1n;
            expect(got % lotSize).toBe(0n);
            expect(got).toBeGreaterThanOrEqual(0n);
            expect(got).toBeLessThanOrEqual(a.quantity);
          }
          // No lot is left over while someone still asks for a whole one.
          const asked = applications.reduce((sum, a) => sum + (a.quantity / lotSize) * lotSize, 0n);
          const offered = (totalShares / lotSize) * lotSize;
          expect(result.sharesAllotted).toBe(asked < offered ? asked : offered);
        },
      ),
    );
  });

  it("is the same whatever order the applications come in, and verifies", () => {
    fc.assert(
      fc.property(book, fc.constantFrom(...ALLOCATION_RULES), (entries, rule) => {
        const applications = entries.map((e, i) => app(i, e.quantity, `u${e.applicant}`));
        const first = draw(applications, rule, 20_000n, 10n);
        const again = draw([...applications].reverse(), rule, 20_000n, 10n);
        expect(again.digest).toBe(first.digest);
        const published = applications.map((a) => ({ ...a, allotted: first.allotted.get(a.id) ?? 0n }));
        const root = rootOf(applications);
        expect(
          verifyDraw({
            rule,
            totalShares: 20_000n,
            lotSize: 10n,
            root,
            randomness: R,
            applications: published,
          }).ok,
        ).toBe(true);
      }),
    );
  });

  it("lottery gives no applicant more than one lot when lots are scarce", () => {
    fc.assert(
      fc.property(book, (entries) => {
        const applications = entries.map((e, i) => app(i, e.quantity, `u${i}`));
        const eligible = applications.filter((a) => a.quantity >= 10n).length;
        const lots = BigInt(Math.max(0, eligible - 1));
        const result = draw(applications, "lottery", lots * 10n, 10n);
        for (const s of result.allotted.values()) expect(s <= 10n).toBe(true);
      }),
    );
  });
});

describe("verifyDraw", () => {
  const applications = Array.from({ length: 30 }, (_, i) => app(i, 1000n));
  const result = draw(applications, "proRata", 5000n, 100n);
  const published = applications.map((a) => ({ ...a, allotted: result.allotted.get(a.id) ?? 0n }));
  const inputs = {
    rule: "proRata" as const,
    totalShares: 5000n,
    lotSize: 100n,
    root: rootOf(applications),
    randomness: R,
  };

  it("finds a changed application by the root", () => {
    const changed = published.map((a, i) => (i === 3 ? { ...a, quantity: 2000n } : a));
    const check = verifyDraw({ ...inputs, applications: changed });
    expect(check.rootMatches).toBe(false);
    expect(check.ok).toBe(false);
  });

  it("finds an allotment that is not the draw's", () => {
    const first = published.find((a) => a.allotted > 0n);
    const changed = published.map((a) => (a === first ? { ...a, allotted: 0n } : a));
    const check = verifyDraw({ ...inputs, applications: changed });
    expect(check.rootMatches).toBe(true);
    expect(check.mismatches.map((m) => m.id)).toEqual([first?.id]);
  });

  it("a different randomness draws differently", () => {
    expect(draw(applications, "proRata", 5000n, 100n, "cd".repeat(32)).digest).not.toBe(result.digest);
  });
});

describe("expectedAllotment", () => {
  const base = { totalShares: 1000n, lotSize: 100n, newApplicant: true };
  // [what, rule, quantity, applicants so far, shares asked so far, expected shares, chance]
  it.each([
    ["undersubscribed: all of it, surely", "proRata", 300n, 1, 200n, "300.00", "100.00"],
    [
      "lottery oversubscribed: a lot with the chance lots ÷ applicants",
      "lottery",
      500n,
      39,
      100_000n,
      "25.00",
      "25.00",
    ],
    ["proRata: the share of the book", "proRata", 1000n, 3, 9000n, "100.00", "100.00"],
    // 10 lots, 5 equal among 5 applicants: 1; 5 pro rata of (10 + 40 − 5) = 45 lots, mine 9 left: 1.
    [
      "equalThenProRata: the equal part and a pro rata part",
      "equalThenProRata",
      1000n,
      4,
      4000n,
      "200.00",
      "100.00",
    ],
  ] as const)("%s", (_what, rule, quantity, applicants, subscribedShares, expectedShares, chance) => {
    expect(expectedAllotment({ ...base, rule, quantity, applicants, subscribedShares })).toEqual({
      expectedShares,
      chance,
    });
  });
});

describe("beacon rounds", () => {
  it("announces the first round after the close and the margin", () => {
    const closesAt = new Date("2026-12-04T10:00:00Z");
    const round = announcedRound(LOCAL_BEACON, closesAt);
    expect(roundTime(LOCAL_BEACON, round).getTime()).toBeGreaterThanOrEqual(closesAt.getTime() + 60_000);
    expect(roundTime(LOCAL_BEACON, round - 1).getTime()).toBeLessThan(closesAt.getTime() + 60_000);
  });
});
