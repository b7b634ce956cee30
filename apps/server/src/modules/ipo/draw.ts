import { createHash, randomBytes } from "node:crypto";
import {
  IPO_VERIFY_AUDIT,
  type AdminIpoVerification,
  type IpoDrawRecord,
  type IpoExpected,
  type IpoProof,
  type ipoDrawTerms,
} from "@brokerage/api";
import {
  allot,
  announcedRound,
  applicationLeaf,
  applicationText,
  beaconChain,
  BEACON_PROVIDERS,
  DRAND_QUICKNET_HASH,
  defaultAllocationRule,
  expectedAllotment,
  merkleProof,
  merkleRoot,
  roundTime,
  verifyDraw,
  type AllocationRule,
  type BeaconChain,
  type BeaconProvider,
  type DrawVerification,
  type IpoApplication,
} from "@brokerage/core";
import type { z } from "zod";
import type { Db } from "../../db/index.js";
import type { Clock } from "../../lib/clock.js";
import { DomainError } from "../../lib/errors.js";
import { recordStaffAction } from "../audit/index.js";
import type { StaffAuth } from "../staff/index.js";
import { pricePending } from "./holds.js";
import * as repo from "./repository.js";

/**
 * Who gets how many new shares, and how anyone checks it (DESIGN §5a "Primary market"; docs/primary-market.md;
 * packages/api ipo-draw.ts). The rule and the beacon round are fixed when the offering is saved (before it
 * opens); at the close the applications' Merkle root is published; the draw reads the round's randomness and
 * runs core `allot`, a pure function of the published inputs, which `npm run ipo:verify` and the back office
 * run again.
 */

type OfferingRow = repo.OfferingRow;
type SubscriptionRow = repo.SubscriptionRow;

const sha256 = (text: string) => createHash("sha256").update(text, "utf8").digest("hex");

/** Who applied, without saying who: SHA-256(offering id ":" user id), one per user and offering. */
export const applicantOf = (offeringId: string, userId: string): string => sha256(`${offeringId}:${userId}`);

/** A subscription as the draw and the tree see it. */
export const applicationOf = (offeringId: string, s: SubscriptionRow): IpoApplication => ({
  id: s.id,
  applicant: applicantOf(offeringId, s.userId),
  quantity: s.quantity,
  appliedAt: s.createdAt.toISOString(),
});

// ---------------------------------------------------------------------------------------------------
// Beacons

/** Where a draw's randomness comes from: the value of a round produced after the close. */
export interface RandomnessBeacon {
  chain: BeaconChain;
  /** The round's randomness (hex); NOT_YET_OPEN while the round is not produced. */
  randomness(db: Db, round: number, at: Date): Promise<string>;
}

/** A round is not produced before its time (the draw waits: NOT_YET_OPEN). */
function refuseEarly(chain: BeaconChain, round: number, at: Date): void {
  if (at.getTime() < roundTime(chain, round).getTime()) throw new DomainError("NOT_YET_OPEN");
}

/**
 * The local beacon: 32 random bytes drawn the first time a round is asked for at or after its time, and
 * recorded so every later read (another offering, a verification) gets the same value. The operator runs it:
 * not independent of the operator (the data and every screen say so).
 */
export const localBeacon: RandomnessBeacon = {
  chain: beaconChain("local"),
  async randomness(db, round, at) {
    refuseEarly(this.chain, round, at);
    const known = await repo.findBeaconRound(db, { provider: "local", round });
    if (known) return known.randomness;
    const row = await repo.recordBeaconRound(db, {
      provider: "local",
      round,
      randomness: randomBytes(32).toString("hex"),
      signature: null,
      recordedAt: at,
    });
    return row.randomness;
  },
};

/**
 * drand's quicknet over HTTP (https://drand.love/docs/http-api-reference, read 2026-12-03): `GET
 * /{chain hash}/public/{round}` answers `{round, randomness, signature}`, the randomness being SHA-256 of
 * the signature's bytes, which is checked here. The BLS signature itself is not verified (that needs a
 * BLS12-381 library the server does not have): anyone can check it against the League of Entropy's public
 * key. Not exercised by the tests: this machine has no network.
 */
export function drandBeacon(
  fetchImpl: typeof fetch = fetch,
  base = "https://api.drand.sh",
): RandomnessBeacon {
  return {
    chain: beaconChain("drand-quicknet"),
    async randomness(db, round, at) {
      refuseEarly(this.chain, round, at);
      const known = await repo.findBeaconRound(db, { provider: "drand-quicknet", round });
      if (known) return known.randomness;
      const answer = await fetchImpl(`${base}/${DRAND_QUICKNET_HASH}/public/${round}`);
      if (!answer.ok) throw new DomainError("NOT_YET_OPEN");
      const body = (await answer.json()) as { round?: number; randomness?: string; signature?: string };
      const signature = body.signature ?? "";
      const digest = createHash("sha256").update(Buffer.from(signature, "hex")).digest("hex");
      if (body.round !== round || body.randomness !== digest) throw new Error("drand answered another round");
      const row = await repo.recordBeaconRound(db, {
        provider: "drand-quicknet",
        round,
        randomness: digest,
        signature,
        recordedAt: at,
      });
      return row.randomness;
    },
  };
}

export const beaconOf = (provider: BeaconProvider): RandomnessBeacon =>
  provider === "local" ? localBeacon : drandBeacon();

/** The beacon new offerings announce: IPO_BEACON=drand-quicknet where the network allows, else local. */
export function newOfferingBeacon(): BeaconProvider {
  const chosen = process.env.IPO_BEACON;
  return BEACON_PROVIDERS.find((p) => p === chosen) ?? "local";
}

/** The round an offering announces (an offering from before beacons: the local one its close implies). */
function announced(offering: OfferingRow): { chain: BeaconChain; round: number } {
  const chain = beaconChain(offering.beaconProvider ?? "local");
  return { chain, round: offering.beaconRound ?? announcedRound(chain, offering.closesAt) };
}

/** What the save writes of the draw's terms: the rule (default the market's), the lot size, the round. */
export function drawTermsOfSave(
  request: { allocationRule?: AllocationRule; lotSize?: string; minQuantity: string },
  market: string,
  closesAt: Date,
) {
  const beaconProvider = newOfferingBeacon();
  return {
    allocationRule: request.allocationRule ?? defaultAllocationRule(market),
    lotSize: BigInt(request.lotSize ?? request.minQuantity),
    beaconProvider,
    beaconRound: announcedRound(beaconChain(beaconProvider), closesAt),
  };
}

const beaconView = (offering: OfferingRow) => {
  const { chain, round } = announced(offering);
  return {
    provider: chain.provider,
    round,
    roundAt: roundTime(chain, round).toISOString(),
    independent: chain.independent,
  };
};

/** What every view of an offering shows of its draw. */
export function drawTermsOf(offering: OfferingRow): z.infer<typeof ipoDrawTerms> {
  const beforeBeacons = offering.drawnAt !== null && offering.randomness === null;
  return {
    allocationRule: offering.allocationRule,
    lotSize: String(offering.lotSize),
    beacon: beforeBeacons ? null : beaconView(offering),
    applicationsRoot: offering.applicationsRoot,
    rootPublishedAt: offering.rootPublishedAt?.toISOString() ?? null,
    randomness: offering.randomness,
  };
}

// ---------------------------------------------------------------------------------------------------
// The root and the draw

/**
 * Publishes the root of the applications once the subscription has closed (nothing before: NOT_YET_OPEN);
 * answers the offering with its root and the applications. Idempotent: a second call reads the first root.
 */
export async function sealApplications(
  tx: Db,
  offering: OfferingRow,
  at: Date,
): Promise<{ offering: OfferingRow; applications: SubscriptionRow[] }> {
  if (at.getTime() < offering.closesAt.getTime()) throw new DomainError("NOT_YET_OPEN");
  const applications = await repo.applicationsOf(tx, offering.id);
  if (offering.applicationsRoot !== null) return { offering, applications };
  // The root is of final applications: the price's step may still reduce or fail some.
  if (pricePending(offering)) throw new DomainError("NOT_YET_OPEN");
  const root = merkleRoot(applications.map((s) => applicationLeaf(applicationOf(offering.id, s))));
  const sealed = await repo.publishRoot(tx, { id: offering.id, root, count: applications.length, at });
  const after = sealed ?? (await repo.findOffering(tx, offering.id));
  if (!after) throw new Error("offering vanished while sealing");
  return { offering: after, applications };
}

/**
 * The scheduler leader's task (the matching engine's rounds, DESIGN §2): publishes the root of every
 * offering whose subscription has closed, each under its row lock (a subscription in flight holds it
 * shared, so it is in the root or was refused), so the root is out before its beacon round is produced.
 */
export const applicationsSeal = (db: Db) => ({
  async round(at: Date): Promise<void> {
    for (const due of await repo.unsealedClosed(db, at))
      await db.transaction(async (tx) => {
        const offering = await repo.findOffering(tx, due.id, "update");
        if (offering?.state === "active" && offering.applicationsRoot === null)
          await sealApplications(tx, offering, at);
      });
  },
  standDown: () => undefined,
});

export interface DrawOutcomes {
  /** Shares allotted by subscription id (0 for one that won nothing). */
  allotted: Map<string, bigint>;
  /** Each subscription's rank in the draw (its draw key). */
  ranks: Map<string, string>;
  winners: number;
  sharesAllotted: bigint;
  winRate: string;
  root: string;
  randomness: string;
}

/**
 * The draw of an offering locked for it (lifecycle.ts): its root published (now if not yet), the round's
 * randomness read (NOT_YET_OPEN before the round), core `allot` over the `applied` subscriptions, which must
 * be every application under the root; the randomness and the allotments' digest recorded on the offering.
 */
export async function drawAllotments(
  tx: Db,
  before: OfferingRow,
  applied: readonly SubscriptionRow[],
  at: Date,
): Promise<DrawOutcomes> {
  const { offering } = await sealApplications(tx, before, at);
  const { chain, round } = announced(offering);
  const randomness = await beaconOf(chain.provider).randomness(tx, round, at);
  const result = allot({
    applications: applied.map((s) => applicationOf(offering.id, s)),
    root: offering.applicationsRoot ?? "",
    randomness,
    rule: offering.allocationRule,
    totalShares: offering.totalShares,
    lotSize: offering.lotSize,
  });
  if (!(await repo.recordDrawInputs(tx, { id: offering.id, randomness, digest: result.digest })))
    throw new DomainError("ORDER_STATE_INVALID");
  return {
    allotted: result.allotted,
    ranks: result.ranks,
    winners: result.winners,
    sharesAllotted: result.sharesAllotted,
    winRate: result.winRate,
    root: offering.applicationsRoot ?? "",
    randomness,
  };
}

// ---------------------------------------------------------------------------------------------------
// What anyone reads, and the verification

/** A drawn offering's published inputs and allotments (NOT_YET_OPEN before a beacon draw). */
export async function drawRecordOf(db: Db, offering: OfferingRow): Promise<IpoDrawRecord> {
  const { applicationsRoot, rootPublishedAt, randomness, drawDigest, drawnAt } = offering;
  if (applicationsRoot === null || rootPublishedAt === null || randomness === null || drawDigest === null)
    throw new DomainError("NOT_YET_OPEN");
  const applications = await repo.applicationsOf(db, offering.id);
  return {
    offeringId: offering.id,
    symbol: offering.symbol,
    allocationRule: offering.allocationRule,
    totalShares: String(offering.totalShares),
    lotSize: String(offering.lotSize),
    beacon: beaconView(offering),
    root: applicationsRoot,
    rootPublishedAt: rootPublishedAt.toISOString(),
    randomness,
    digest: drawDigest,
    drawnAt: drawnAt?.toISOString() ?? "",
    applications: applications.map((s) => {
      const a = applicationOf(offering.id, s);
      return { ...a, quantity: a.quantity.toString(), allotted: String(s.allotted) };
    }),
  };
}

/** `ipo/drawRecord`: an offering's published draw (NOT_FOUND for an unknown one). */
export async function publishedDraw(db: Db, offeringId: string): Promise<IpoDrawRecord> {
  const offering = await repo.findOffering(db, offeringId);
  if (!offering) throw new DomainError("NOT_FOUND", { field: "offeringId" });
  return drawRecordOf(db, offering);
}

/**
 * The verification `npm run ipo:verify` and the back office run: the draw recomputed from the record alone
 * (the root from the applications, the allotments from root, randomness, rule, shares and lot size), with the
 * digest compared too.
 */
export function verifyRecord(record: IpoDrawRecord): DrawVerification & { digestMatches: boolean } {
  const check = verifyDraw({
    rule: record.allocationRule,
    totalShares: BigInt(record.totalShares),
    lotSize: BigInt(record.lotSize),
    root: record.root,
    randomness: record.randomness,
    applications: record.applications.map((a) => ({
      ...a,
      quantity: BigInt(a.quantity),
      allotted: BigInt(a.allotted),
    })),
  });
  const digestMatches = check.digest === record.digest;
  return { ...check, digestMatches, ok: check.ok && digestMatches };
}

/** Whether the root was published before the beacon round could be known. */
export const rootBeforeRound = (record: IpoDrawRecord): boolean =>
  Date.parse(record.rootPublishedAt) < Date.parse(record.beacon.roundAt);

/** The back office's "Verify draw" (audited as ipo.verify). NOT_FOUND for an unknown offering. */
export async function verifyOffering(
  deps: { db: Db; clock: Clock },
  staff: StaffAuth,
  id: string,
): Promise<AdminIpoVerification> {
  const { db, clock } = deps;
  const offering = await repo.findOffering(db, id);
  if (!offering) throw new DomainError("NOT_FOUND", { field: "id" });
  const record = await drawRecordOf(db, offering);
  const check = verifyRecord(record);
  const view: AdminIpoVerification = {
    id,
    ok: check.ok,
    root: check.root,
    publishedRoot: record.root,
    rootMatches: check.rootMatches,
    rootBeforeRound: rootBeforeRound(record),
    digest: check.digest,
    publishedDigest: record.digest,
    applications: record.applications.length,
    mismatches: check.mismatches.length,
    firstMismatches: check.mismatches.slice(0, 20).map((m) => ({
      id: m.id,
      recorded: m.recorded.toString(),
      recomputed: m.recomputed.toString(),
    })),
    allocationRule: record.allocationRule,
    beacon: record.beacon,
    randomness: record.randomness,
  };
  await recordStaffAction(db, staff, {
    action: IPO_VERIFY_AUDIT,
    target: `ipo:${id}`,
    details: { ok: view.ok, rootMatches: view.rootMatches, mismatches: view.mismatches },
    at: clock.now(),
  });
  return view;
}

/** The user's own application's path to the published root (NOT_FOUND for another user's; NOT_YET_OPEN before the close). */
export async function proofOf(
  deps: { db: Db; clock: Clock },
  userId: string,
  subscriptionId: string,
): Promise<IpoProof> {
  const { db, clock } = deps;
  const mine = await repo.findSubscription(db, { id: subscriptionId, userId });
  if (!mine) throw new DomainError("NOT_FOUND", { field: "subscriptionId" });
  return db.transaction(async (tx) => {
    // Sealing waits for subscriptions still in flight (they hold the offering shared), so none is left out.
    const unlocked = await repo.findOffering(tx, mine.offeringId);
    const found =
      unlocked?.applicationsRoot === null ? await repo.findOffering(tx, mine.offeringId, "update") : unlocked;
    if (!found) throw new DomainError("NOT_FOUND", { field: "subscriptionId" });
    const { offering, applications } = await sealApplications(tx, found, clock.now());
    const application = applicationOf(offering.id, mine);
    const leaves = applications.map((s) => applicationLeaf(applicationOf(offering.id, s)));
    const leaf = applicationLeaf(application);
    const path = merkleProof(leaves, leaf);
    if (!path || offering.applicationsRoot === null || offering.rootPublishedAt === null)
      throw new Error("an application missing from its own tree");
    return {
      offeringId: offering.id,
      application: { ...application, quantity: application.quantity.toString() },
      text: applicationText(application),
      leaf,
      path,
      root: offering.applicationsRoot,
      rootPublishedAt: offering.rootPublishedAt.toISOString(),
      applications: offering.applicationsCount ?? applications.length,
    };
  });
}

/** The expected allotment for `quantity` shares if the book stayed as it is (NOT_FOUND for an unknown offering). */
export async function expectedOf(
  db: Db,
  userId: string,
  request: { offeringId: string; quantity: string },
): Promise<IpoExpected> {
  const offering = await repo.findOffering(db, request.offeringId);
  if (!offering) throw new DomainError("NOT_FOUND", { field: "offeringId" });
  const book = await repo.applicantCount(db, { offeringId: offering.id, userId });
  const expected = expectedAllotment({
    rule: offering.allocationRule,
    quantity: BigInt(request.quantity),
    totalShares: offering.totalShares,
    lotSize: offering.lotSize,
    applicants: book.applicants,
    subscribedShares: book.shares,
    newApplicant: !book.applied,
  });
  return {
    allocationRule: offering.allocationRule,
    quantity: request.quantity,
    ...expected,
    applicants: book.applicants,
    subscribedShares: String(book.shares),
  };
}
