import { sha256 } from "@noble/hashes/sha2.js";
import { bytesToHex, utf8ToBytes } from "@noble/hashes/utils.js";
import Decimal from "decimal.js";
import { ipoWinRate } from "./index.js";
import { applicationLeaf, merkleRoot, type IpoApplication } from "./merkle.js";

/**
 * Who gets how many new shares (DESIGN §5a "Primary market"; docs/primary-market.md). Pure: the draw is
 * f(applications, their Merkle root, the beacon's randomness, the rule, the shares offered, the lot size),
 * so anyone holding the published inputs recomputes every allotment byte for byte. Quantities are bigint
 * shares; the rules work in lots (shares ÷ lot size, rounded down) and never allot a part of a lot.
 *
 * The draw order: each application's rank is SHA-256(randomness ":" leaf) in hex, ascending (the leaf breaks
 * a tie). An applicant (one user of the offering, however many applications) ranks by their best-ranked
 * application, and an applicant's lots fill their applications in rank order.
 *
 * Undersubscribed (every lot asked for fits), every rule allots everything asked for.
 */

/** `lottery` (India), `equalThenProRata` (Korea since 2021), `proRata`. Published before anyone applies. */
export const ALLOCATION_RULES = ["lottery", "equalThenProRata", "proRata"] as const;
export type AllocationRule = (typeof ALLOCATION_RULES)[number];

/** A new offering's rule unless staff choose another: its market's. */
export function defaultAllocationRule(market: string): AllocationRule {
  if (market === "IN") return "lottery";
  if (market === "KR") return "equalThenProRata";
  return "proRata";
}

/** An application's rank in the draw: SHA-256(randomness ":" leaf), hex. */
export const drawRank = (randomness: string, leaf: string): string =>
  bytesToHex(sha256(utf8ToBytes(`${randomness}:${leaf}`)));

export interface DrawInputs {
  applications: readonly IpoApplication[];
  /** The published Merkle root of the applications: the draw refuses applications that do not make it. */
  root: string;
  /** The beacon's randomness for the announced round (hex). */
  randomness: string;
  rule: AllocationRule;
  totalShares: bigint;
  lotSize: bigint;
}

export interface AllotmentResult {
  /** Shares allotted by application id (0n for an application that won nothing), in leaf order. */
  allotted: Map<string, bigint>;
  /** Each application's rank (drawRank) by id. */
  ranks: Map<string, string>;
  /** Applications allotted anything. */
  winners: number;
  sharesAllotted: bigint;
  /** winners ÷ applications in percent, 2 decimals, half up ("0.00" with none). */
  winRate: string;
  /** SHA-256 of the allotment lines `id:shares\n` in leaf order: one value to compare two computations by. */
  digest: string;
}

interface Applicant {
  /** Their applications in rank order, with what each may still receive (lots). */
  entries: { id: string; rank: string; room: bigint }[];
  rank: string;
  /** Lots they asked for, and lots given so far. */
  demand: bigint;
  given: bigint;
}

const left = (a: Applicant) => a.demand - a.given;

/**
 * Pro rata: `lots` among the applicants by what each still asks for (`left`), each rounded down, the lots
 * left by rounding one each in draw order. Everything when it all fits.
 */
function proRata(applicants: readonly Applicant[], lots: bigint): bigint {
  const asking = applicants.filter((a) => left(a) > 0n);
  const wanted = asking.reduce((sum, a) => sum + left(a), 0n);
  if (wanted <= lots) {
    for (const a of asking) a.given = a.demand;
    return lots - wanted;
  }
  // wanted > lots, so each share rounds below what the applicant still asks for: one more always fits.
  const shares = asking.map((a) => (lots * left(a)) / wanted);
  let rest = lots;
  asking.forEach((a, i) => {
    const share = shares[i] as bigint;
    a.given += share;
    rest -= share;
  });
  for (const a of asking) {
    if (rest === 0n) break;
    a.given += 1n;
    rest -= 1n;
  }
  return rest;
}

/** One lot each in draw order, to applicants still asking, while `lots` last; answers the lots left. */
function oneEach(applicants: readonly Applicant[], lots: bigint): bigint {
  let rest = lots;
  for (const a of applicants) {
    if (rest === 0n) break;
    if (left(a) === 0n) continue;
    a.given += 1n;
    rest -= 1n;
  }
  return rest;
}

/**
 * India: SEBI (ICDR) Regulations 2018, reg. 49(5)/Schedule XIV Part A (as amended to 2024): a retail
 * applicant's allotment is not less than the minimum bid lot, subject to availability; oversubscribed, the
 * applicants who get one are drawn by lot; lots left once everyone has one go pro rata.
 */
function lottery(applicants: readonly Applicant[], lots: bigint): void {
  proRata(applicants, oneEach(applicants, lots));
}

/**
 * Korea: FSC, "Measures to improve the IPO system" (20 Nov 2020, for registrations from Dec 2020, in force
 * 2021; fsc.go.kr/eng/pr010101/22538): at least half of the retail shares are allocated equally to every
 * subscriber who deposited the minimum, regardless of the amount, the rest in proportion to it. Here the
 * equal half is ⌈lots ÷ 2⌉: each applicant the same whole lots (no more than asked for), the lots that do not
 * divide one each in draw order (the whole half so when there are more applicants than lots); what the equal
 * half leaves goes pro rata with the other half.
 */
function equalThenProRata(applicants: readonly Applicant[], lots: bigint): void {
  const equal = lots - lots / 2n;
  const count = BigInt(applicants.length);
  const each = count === 0n ? 0n : equal / count;
  let rest = equal;
  for (const a of applicants) {
    const share = each < a.demand ? each : a.demand;
    a.given += share;
    rest -= share;
  }
  rest = oneEach(applicants, rest);
  proRata(applicants, lots - equal + rest);
}

const compareRank = (a: { rank: string; id: string }, b: { rank: string; id: string }) =>
  a.rank < b.rank ? -1 : a.rank > b.rank ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0;

/** The draw. RangeError when the inputs are not what was published (the root) or not a possible offering. */
export function allot(inputs: DrawInputs): AllotmentResult {
  const { applications, randomness, rule, totalShares, lotSize } = inputs;
  if (lotSize <= 0n || totalShares < 0n) throw new RangeError("lotSize");
  if (!/^[0-9a-f]{64}$/.test(randomness)) throw new RangeError("randomness");
  const leaves = applications.map((a) => ({ application: a, leaf: applicationLeaf(a) }));
  if (merkleRoot(leaves.map((l) => l.leaf)) !== inputs.root) throw new RangeError("root");
  if (new Set(applications.map((a) => a.id)).size !== applications.length) throw new RangeError("id");
  leaves.sort((a, b) => (a.leaf < b.leaf ? -1 : a.leaf > b.leaf ? 1 : 0));

  const ranked = leaves
    .map(({ application, leaf }) => ({
      application,
      leaf,
      id: application.id,
      rank: drawRank(randomness, leaf),
    }))
    .sort(compareRank);
  const byApplicant = new Map<string, Applicant>();
  for (const { application, rank } of ranked) {
    const room = application.quantity / lotSize;
    const applicant = byApplicant.get(application.applicant) ?? { entries: [], rank, demand: 0n, given: 0n };
    applicant.entries.push({ id: application.id, rank, room });
    applicant.demand += room;
    byApplicant.set(application.applicant, applicant);
  }
  // Map keeps insertion order: the applicants come in the order of their best-ranked application.
  const applicants = [...byApplicant.values()];
  const lots = totalShares / lotSize;
  if (rule === "lottery") lottery(applicants, lots);
  else if (rule === "equalThenProRata") equalThenProRata(applicants, lots);
  else proRata(applicants, lots);

  const lotsOf = new Map<string, bigint>();
  for (const applicant of applicants) {
    let give = applicant.given;
    for (const entry of applicant.entries) {
      const take = give < entry.room ? give : entry.room;
      lotsOf.set(entry.id, take);
      give -= take;
    }
  }
  const allotted = new Map<string, bigint>();
  let winners = 0;
  let sharesAllotted = 0n;
  const lines: string[] = [];
  for (const {
    application: { id },
  } of leaves) {
    const shares = (lotsOf.get(id) ?? 0n) * lotSize;
    allotted.set(id, shares);
    if (shares > 0n) winners += 1;
    sharesAllotted += shares;
    lines.push(`${id}:${shares}\n`);
  }
  return {
    allotted,
    ranks: new Map(ranked.map((r) => [r.id, r.rank])),
    winners,
    sharesAllotted,
    winRate: ipoWinRate(winners, applications.length),
    digest: bytesToHex(sha256(utf8ToBytes(lines.join("")))),
  };
}

/**
 * What an application of `quantity` shares may expect if the book stayed as it is now (shown before
 * applying): the expected shares (2 decimals) and the chance of receiving at least one lot (percent, 2
 * decimals). `applicants` and `subscribedShares` are the book so far without this application; `newApplicant`
 * is false when the user has applied already (they stay one applicant). An estimate, not a promise: the
 * book changes until the close, and the draw decides.
 */
export function expectedAllotment(params: {
  rule: AllocationRule;
  quantity: bigint;
  totalShares: bigint;
  lotSize: bigint;
  applicants: number;
  subscribedShares: bigint;
  newApplicant: boolean;
}): { expectedShares: string; chance: string } {
  const { rule, quantity, totalShares, lotSize } = params;
  const d = (n: bigint | number) => new Decimal(n.toString());
  const mine = d(quantity / lotSize);
  const lots = d(totalShares / lotSize);
  const applicants = d(params.applicants + (params.newApplicant ? 1 : 0));
  const asked = d(params.subscribedShares / lotSize).plus(mine);
  const out = (lotsExpected: Decimal, chance: Decimal) => ({
    expectedShares: Decimal.min(lotsExpected, mine)
      .times(d(lotSize))
      .toDecimalPlaces(2, Decimal.ROUND_DOWN)
      .toFixed(2),
    chance: Decimal.min(chance, 1).times(100).toDecimalPlaces(2, Decimal.ROUND_DOWN).toFixed(2),
  });
  if (mine.isZero()) return out(d(0), d(0));
  if (asked.lte(lots)) return out(mine, d(1));
  const proRataOf = (pool: Decimal, rest: Decimal, wanted: Decimal) =>
    wanted.lte(0) ? d(0) : Decimal.min(rest, pool.times(rest).div(wanted));
  if (rule === "proRata") {
    const share = lots.times(mine).div(asked);
    return out(share, share.gte(1) ? d(1) : share);
  }
  if (rule === "lottery") {
    if (applicants.gte(lots)) return out(lots.div(applicants), lots.div(applicants));
    return out(d(1).plus(proRataOf(lots.minus(applicants), mine.minus(1), asked.minus(applicants))), d(1));
  }
  const equal = lots.minus(lots.divToInt(2));
  const each = equal.div(applicants);
  const equalPart = Decimal.min(each, mine);
  return out(
    equalPart.plus(proRataOf(lots.minus(equal), mine.minus(equalPart), asked.minus(equal))),
    each.gte(1) ? d(1) : each.plus(proRataOf(lots.minus(equal), mine, asked)),
  );
}
