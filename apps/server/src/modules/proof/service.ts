import { randomBytes, randomUUID } from "node:crypto";
import {
  dayNumFromIso,
  fromProofUnits,
  isoFromDayNum,
  zonedDayMinute,
  zonedToInstant,
  liabilityLeaf,
  sumTreeLevels,
  sumTreePath,
  sumTreeRoot,
  toProofUnits,
  userCommitment,
  type DayNum,
  type SumNode,
} from "@brokerage/core";
import {
  PORTFOLIO_TIME_ZONE,
  type AdminProof,
  type ProofLatest,
  type ProofMine,
  type ProofTotal,
} from "@brokerage/api";
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../../db/index.js";
import type { Clock } from "../../lib/clock.js";
import { recordStaffAction } from "../audit/index.js";
import { chainHead } from "../ledger/index.js";
import type { StaffAuth } from "../staff/index.js";
import * as repo from "./repository.js";

/**
 * Proof of liabilities (docs/honesty.md "Proof of liabilities"): the Merkle sum tree (packages/core
 * proof/liabilities.ts) of every user's balance per currency at one instant, its leaves and root stored,
 * its roots and totals published (`proof/latest`), each user's leaf and path answered to that user only
 * (`proof/mine`).
 */

/** The proofs' calendar: days of PORTFOLIO_TIME_ZONE, as the portfolio's marks (account/days.ts). */
export const dayOf = (at: Date): DayNum => zonedDayMinute(PORTFOLIO_TIME_ZONE, at.getTime()).day;
const dayStart = (day: DayNum): Date => new Date(zonedToInstant(PORTFOLIO_TIME_ZONE, day, 0));
export const isoDay = (day: DayNum): string => isoFromDayNum(day);

/** The trees of one instant, built: one per currency with any user's balance, all in one transaction. */
export async function buildProofs(
  db: Db,
  at: {
    /** The calendar day the trees are of (for a daily tree, the day that ended at `asOf`). */
    day: string;
    asOf: Date;
    kind: "daily" | "staff";
    builtAt: Date;
    staff?: Pick<StaffAuth, "id" | "account">;
  },
): Promise<{ built: boolean; proofs: repo.ProofRow[] }> {
  return db.transaction(async (tx) => {
    await repo.lockBuilds(tx);
    const existing = await repo.proofsAt(tx, at.asOf);
    if (existing.length > 0) return { built: false, proofs: existing };
    const balances = await repo.owedBalancesAt(tx, at.asOf);
    const head = await chainHead(tx);
    const byCurrency = new Map<string, repo.OwedBalance[]>();
    for (const b of balances) byCurrency.set(b.currency, [...(byCurrency.get(b.currency) ?? []), b]);
    const proofs: repo.ProofRow[] = [];
    for (const [currency, owed] of byCurrency) {
      const leaves = owed.map((b) => {
        const salt = randomBytes(32).toString("hex");
        const units = toProofUnits(b.balance);
        return {
          userId: b.userId,
          salt,
          units,
          node: liabilityLeaf(currency, userCommitment(b.userId, salt), units),
        };
      });
      // A negative balance throws here (sumTreeLevels): the build fails rather than hide it in a sum.
      const levels = sumTreeLevels(leaves.map((l) => l.node));
      const root = levels[levels.length - 1]?.[0] as SumNode;
      const position = new Map((levels[0] ?? []).map((node, i) => [node.hash, i]));
      const proof: repo.ProofRow = {
        id: randomUUID(),
        day: at.day,
        asOf: at.asOf,
        kind: at.kind,
        currency,
        root: root.hash,
        total: root.sum.toString(),
        leaves: leaves.length,
        chainSeq: head.seq,
        chainHash: head.hash,
        builtAt: at.builtAt,
        builtBy: at.staff?.id ?? null,
      };
      await repo.insertProof(
        tx,
        proof,
        leaves.map((l) => ({
          userId: l.userId,
          position: position.get(l.node.hash) ?? 0,
          salt: l.salt,
          balance: l.units.toString(),
          hash: l.node.hash,
        })),
      );
      proofs.push(proof);
    }
    if (at.staff)
      await recordStaffAction(tx, at.staff, {
        action: "proof.build",
        target: `proof:${at.asOf.toISOString()}`,
        details: {
          asOf: at.asOf.toISOString(),
          roots: Object.fromEntries(proofs.map((p) => [p.currency, p.root])),
        },
        at: at.builtAt,
      });
    return { built: true, proofs };
  });
}

const totalOf = (p: repo.ProofRow): ProofTotal => ({
  currency: p.currency,
  root: p.root,
  total: fromProofUnits(BigInt(p.total)),
  totalUnits: p.total,
  leaves: p.leaves,
});

export const adminProofOf = (p: repo.ProofRow): AdminProof => ({
  id: p.id,
  date: p.day,
  asOf: p.asOf.toISOString(),
  kind: p.kind,
  currency: p.currency,
  root: p.root,
  total: fromProofUnits(BigInt(p.total)),
  leaves: p.leaves,
  chainSeq: String(p.chainSeq),
  builtAt: p.builtAt.toISOString(),
  builtBy: p.builtBy,
});

/** `proof/latest`: the latest instant's roots and totals (nulls and no totals before the first proof). */
export async function latestProof(db: Db): Promise<ProofLatest> {
  const proofs = await repo.latestProofs(db);
  const first = proofs[0];
  if (!first)
    return { date: null, asOf: null, kind: null, builtAt: null, chainSeq: null, chainHash: null, totals: [] };
  return {
    date: first.day,
    asOf: first.asOf.toISOString(),
    kind: first.kind,
    builtAt: first.builtAt.toISOString(),
    chainSeq: String(first.chainSeq),
    chainHash: first.chainHash,
    totals: proofs.map(totalOf),
  };
}

/** `proof/mine`: the caller's leaf and path in each tree of the latest instant that holds them. */
export async function myProof(db: Db, userId: string): Promise<ProofMine> {
  const proofs = await repo.latestProofs(db);
  const first = proofs[0];
  if (!first) return { date: null, asOf: null, inclusions: [] };
  const inclusions: ProofMine["inclusions"] = [];
  for (const proof of proofs) {
    const leaves = await repo.leavesOf(db, proof.id);
    const mine = leaves.find((l) => l.userId === userId);
    if (!mine) continue;
    const levels = sumTreeLevels(leaves.map((l) => ({ hash: l.hash, sum: BigInt(l.balance) })));
    const path = sumTreePath(levels, mine.hash) ?? [];
    inclusions.push({
      currency: proof.currency,
      userId,
      salt: mine.salt,
      balance: fromProofUnits(BigInt(mine.balance)),
      balanceUnits: mine.balance,
      leaf: mine.hash,
      path: path.map((s) => ({ side: s.side, hash: s.hash, sumUnits: s.sum.toString() })),
      root: proof.root,
      totalUnits: proof.total,
    });
  }
  return { date: first.day, asOf: first.asOf.toISOString(), inclusions };
}

/** One difference `verifyProofs` found. */
export interface ProofDifference {
  currency: string;
  asOf: string;
  what: string;
}

/**
 * `npm run proof:verify <date>`: each tree of the day recomputed from the database: every user's balance
 * at its instant from the ledger against its leaf, every leaf from its user, salt and balance, and the
 * root and total from the leaves. Answers the trees checked and the differences.
 */
export async function verifyProofs(
  db: Db,
  day: string,
): Promise<{ proofs: repo.ProofRow[]; differences: ProofDifference[] }> {
  const proofs = await repo.proofsOfDay(db, day);
  const differences: ProofDifference[] = [];
  const ledgerAt = new Map<number, Map<string, string>>();
  for (const proof of proofs) {
    const at = proof.asOf.getTime();
    if (!ledgerAt.has(at)) {
      const owed = new Map<string, string>();
      for (const b of await repo.owedBalancesAt(db, proof.asOf))
        owed.set(`${b.currency}\u0000${b.userId}`, toProofUnits(b.balance).toString());
      ledgerAt.set(at, owed);
    }
    const owed = ledgerAt.get(at) as Map<string, string>;
    const differ = (what: string) =>
      differences.push({ currency: proof.currency, asOf: proof.asOf.toISOString(), what });
    const leaves = await repo.leavesOf(db, proof.id);
    const inTree = new Set<string>();
    for (const leaf of leaves) {
      inTree.add(leaf.userId);
      const units = BigInt(leaf.balance);
      const recomputed = liabilityLeaf(proof.currency, userCommitment(leaf.userId, leaf.salt), units).hash;
      if (recomputed !== leaf.hash) differ(`user ${leaf.userId}: the leaf is not the hash of its own fields`);
      const ledger = owed.get(`${proof.currency}\u0000${leaf.userId}`) ?? "0";
      if (ledger !== leaf.balance)
        differ(
          `user ${leaf.userId}: the ledger had ${fromProofUnits(BigInt(ledger))}, the leaf ${fromProofUnits(units)}`,
        );
    }
    for (const [key, units] of owed) {
      const [currency, userId] = key.split("\u0000") as [string, string];
      if (currency === proof.currency && !inTree.has(userId))
        differ(`user ${userId}: a balance of ${fromProofUnits(BigInt(units))} in the ledger has no leaf`);
    }
    const root = sumTreeRoot(leaves.map((l) => ({ hash: l.hash, sum: BigInt(l.balance) })));
    if (root.hash !== proof.root)
      differ(`the leaves make the root ${root.hash}, not the published ${proof.root}`);
    if (root.sum.toString() !== proof.total)
      differ(
        `the leaves add up to ${fromProofUnits(root.sum)}, not the published ${fromProofUnits(BigInt(proof.total))}`,
      );
  }
  return { proofs, differences };
}

/**
 * The daily trees: a job of the scheduler's leader. Once a day has ended (PORTFOLIO_TIME_ZONE), its trees
 * are built as of its end; days missed while stopped are caught up, one a round, at most a week back.
 */
export class DailyProofs {
  readonly name = "proof.daily";
  /** The next day to build (undefined: read from the database). */
  private next: DayNum | undefined;

  constructor(private readonly deps: { db: Db; clock: Clock; log?: FastifyBaseLogger }) {}

  async round(at: Date = this.deps.clock.now()): Promise<void> {
    const lastEnded = dayOf(at) - 1;
    if (this.next === undefined) {
      const last = await repo.lastDailyDay(this.deps.db);
      this.next = last === undefined ? lastEnded : dayNumFromIso(last) + 1;
    }
    const day = Math.max(this.next, lastEnded - 6);
    if (day > lastEnded) return;
    const { built, proofs } = await buildProofs(this.deps.db, {
      day: isoDay(day),
      asOf: dayStart(day + 1),
      kind: "daily",
      builtAt: this.deps.clock.now(),
    });
    if (built) this.deps.log?.info({ day: isoDay(day), trees: proofs.length }, "proof of liabilities built");
    // A day with no balance at all writes no tree: it is done all the same.
    this.next = day + 1;
  }

  standDown(): void {
    this.next = undefined;
  }
}
