import {
  ADMIN_PAGE_SIZE,
  IPO_CHECK_AUDIT,
  IPO_FINAL_PRICE_AUDIT,
  IPO_SAVE_AUDIT,
  type AdminIpoFinalPriceRequest,
  type AdminIpoOffering,
  type AdminIpoPage,
  type AdminIpoSaveRequest,
  type AdminIpoSubscriptionPage,
  type OfferingCheckRequest,
  type OfferingCheckResponse,
} from "@brokerage/api";
import { offeringReferencePrice, offeringWarnings, type MarketDataProvider } from "@brokerage/core";
import type { Db } from "../../db/index.js";
import type { Clock } from "../../lib/clock.js";
import { BIGINT_SEQ_MAX, seqCursor } from "../../lib/cursor.js";
import { DomainError } from "../../lib/errors.js";
import { recordStaffAction } from "../audit/index.js";
import { amountAtScale } from "../ledger/index.js";
import { getSetting } from "../settings/index.js";
import type { StaffAuth } from "../staff/index.js";
import { drawTermsOfSave } from "./draw.js";
import * as repo from "./repository.js";
import { pageOf } from "./service.js";
import {
  newSeed,
  offeringSnapshot,
  toAdminOffering,
  toAdminSubscription,
  type OfferingTally,
} from "./views.js";

interface Deps {
  db: Db;
  clock: Clock;
  market: MarketDataProvider;
}

export const offeringTarget = (id: string) => `ipo:${id}`;

const offeringsCursor = seqCursor("ipa", BIGINT_SEQ_MAX);
const subscriptionsCursor = seqCursor("ipb", BIGINT_SEQ_MAX);

/** Each offering's subscriptions by state and shares subscribed. */
async function tallies(db: Db, offeringIds: readonly string[]): Promise<Map<string, OfferingTally>> {
  const tally = new Map<string, OfferingTally>();
  for (const row of await repo.stateCounts(db, offeringIds)) {
    const entry = tally.get(row.offeringId) ?? { counts: {}, subscribedShares: 0n };
    entry.counts[row.state] = Number(row.count);
    entry.subscribedShares += row.shares;
    tally.set(row.offeringId, entry);
  }
  return tally;
}

/** Offerings as staff see them at `at`, with their creators' accounts and subscription counts. */
export async function adminViews(
  db: Db,
  rows: readonly repo.OfferingRow[],
  market: MarketDataProvider,
  at: Date,
): Promise<AdminIpoOffering[]> {
  const ids = rows.map((r) => r.id);
  const [accounts, counts] = await Promise.all([
    repo.staffAccounts(
      db,
      rows.map((r) => r.createdBy),
    ),
    tallies(db, ids),
  ]);
  return rows.map((row) =>
    toAdminOffering(
      row,
      { createdBy: accounts.get(row.createdBy) ?? "", tally: counts.get(row.id) },
      market,
      at,
    ),
  );
}

export async function adminView(
  db: Db,
  row: repo.OfferingRow,
  market: MarketDataProvider,
  at: Date,
): Promise<AdminIpoOffering> {
  const [view] = await adminViews(db, [row], market, at);
  if (!view) throw new Error("no view of an offering");
  return view;
}

/** The instrument an offering is of: a stock of the catalogue (UNKNOWN_SYMBOL; INVALID_INPUT otherwise). */
function stockOf(market: MarketDataProvider, symbol: string) {
  const listing = market.listing(symbol.toUpperCase());
  if (!listing || listing.kind === "index") throw new DomainError("UNKNOWN_SYMBOL", { symbol });
  if (listing.kind !== "stock") throw new DomainError("INVALID_INPUT", { field: "symbol" });
  return listing;
}

/**
 * A share that already trades has no new-share offering (IPO_ALREADY_LISTED {symbol}): one on the listed
 * board, or one whose offering listed (read from the database too, as another process's listing may not
 * have reached this one's boards yet).
 */
async function refuseListed(db: Db, instrument: ReturnType<typeof stockOf>): Promise<void> {
  if (instrument.board === "listed" || (await repo.hasListedOffering(db, instrument.symbol)))
    throw new DomainError("IPO_ALREADY_LISTED", { symbol: instrument.symbol });
}

/**
 * The back office's offerings (permission ipos.manage): the list, create or change one before it opens,
 * and an offering's subscriptions. The draw, listing and cancellation are lifecycle.ts.
 */
export class IpoAdminService {
  constructor(private readonly deps: Deps) {}

  async offerings(after?: string): Promise<AdminIpoPage> {
    const { db, clock, market } = this.deps;
    const beforeSeq = after === undefined ? undefined : offeringsCursor.decode(after);
    const rows = await repo.offeringsPage(db, { beforeSeq, limit: ADMIN_PAGE_SIZE + 1, withCancelled: true });
    const views = await adminViews(db, rows.slice(0, ADMIN_PAGE_SIZE), market, clock.now());
    const byId = new Map(views.map((v) => [v.id, v]));
    return pageOf(
      rows,
      ADMIN_PAGE_SIZE,
      (r) => r.seq,
      offeringsCursor,
      (r) => byId.get(r.id) as AdminIpoOffering,
    );
  }

  /**
   * Creates an offering (no id: its seed drawn now, only the hash shown) or changes one that has not
   * opened yet (ORDER_STATE_INVALID once it has, or when it is no longer active; NOT_FOUND for an unknown
   * id). The instrument is a stock of the catalogue not yet listed (IPO_ALREADY_LISTED); the price at its currency's scale (INVALID_INPUT on
   * `price`); the subscription must close in the future (INVALID_INPUT on `closesAt`). Audited with the
   * reason, the terms before and after.
   */
  async save(staff: StaffAuth, request: AdminIpoSaveRequest): Promise<AdminIpoOffering> {
    const { db, clock, market } = this.deps;
    const instrument = stockOf(market, request.symbol);
    const price = amountAtScale(request.price, instrument.currency, "price");
    return db.transaction(async (tx) => {
      await refuseListed(tx, instrument);
      const at = clock.now();
      const closesAt = new Date(request.closesAt);
      if (closesAt.getTime() <= at.getTime()) throw new DomainError("INVALID_INPUT", { field: "closesAt" });
      const priceFinalAt = request.priceFinalAt == null ? null : new Date(request.priceFinalAt);
      if (priceFinalAt !== null && priceFinalAt.getTime() <= at.getTime())
        throw new DomainError("INVALID_INPUT", { field: "priceFinalAt" });
      const terms = {
        symbol: instrument.symbol,
        exchange: instrument.exchange,
        market: instrument.market,
        currency: instrument.currency,
        price,
        // Saved again, a provisional price starts over: no final price set, none made final.
        provisionalPrice: priceFinalAt === null ? null : price,
        priceFinalAt,
        finalPrice: null,
        priceFixedAt: null,
        totalShares: BigInt(request.totalShares),
        minQuantity: BigInt(request.minQuantity),
        maxQuantity: request.maxQuantity === null ? null : BigInt(request.maxQuantity),
        subscriptionLimit: request.subscriptionLimit,
        leadBroker: request.leadBroker,
        opensAt: new Date(request.opensAt),
        closesAt,
        drawAt: new Date(request.drawAt),
        paymentDueAt: new Date(request.paymentDueAt),
        listingAt: new Date(request.listingAt),
        ...drawTermsOfSave(request, instrument.market, closesAt),
        updatedAt: at,
      };
      let before: repo.OfferingRow | null = null;
      let after: repo.OfferingRow | undefined;
      if (request.id === undefined) {
        after = await repo.insertOffering(tx, {
          ...terms,
          ...newSeed(),
          state: "active",
          createdBy: staff.id,
          createdAt: at,
        });
      } else {
        before = (await repo.findOffering(tx, request.id, "update")) ?? null;
        if (!before) throw new DomainError("NOT_FOUND", { field: "id" });
        if (before.state !== "active" || before.opensAt.getTime() <= at.getTime())
          throw new DomainError("ORDER_STATE_INVALID");
        after = await repo.updateOffering(tx, { id: before.id, from: "active", changes: terms });
        if (!after) throw new DomainError("ORDER_STATE_INVALID");
      }
      await recordStaffAction(tx, staff, {
        action: IPO_SAVE_AUDIT,
        target: offeringTarget(after.id),
        reason: request.reason,
        details: {
          created: before === null,
          before: before && offeringSnapshot(before),
          after: offeringSnapshot(after),
        },
        at,
      });
      return adminView(tx, after, market, at);
    });
  }

  /**
   * Sets the final price of an offering whose price is provisional, before its stated time (NOT_FOUND for
   * an unknown id; ORDER_STATE_INVALID when it has no provisional price, it is final already, the time has
   * come or the offering is not active; INVALID_INPUT on `price` off the currency's scale). It becomes the
   * price at that time (lifecycle.ts `priceFixed`). Audited with the price it replaces.
   */
  async finalPrice(staff: StaffAuth, request: AdminIpoFinalPriceRequest): Promise<AdminIpoOffering> {
    const { db, clock, market } = this.deps;
    return db.transaction(async (tx) => {
      const before = await repo.findOffering(tx, request.id, "update");
      if (!before) throw new DomainError("NOT_FOUND", { field: "id" });
      const price = amountAtScale(request.price, before.currency, "price");
      const at = clock.now();
      const { provisionalPrice, priceFinalAt } = before;
      if (
        before.state !== "active" ||
        provisionalPrice === null ||
        priceFinalAt === null ||
        before.priceFixedAt !== null ||
        at.getTime() >= priceFinalAt.getTime()
      )
        throw new DomainError("ORDER_STATE_INVALID");
      const after = await repo.updateOffering(tx, {
        id: before.id,
        from: "active",
        changes: { finalPrice: price, updatedAt: at },
      });
      if (!after) throw new DomainError("ORDER_STATE_INVALID");
      await recordStaffAction(tx, staff, {
        action: IPO_FINAL_PRICE_AUDIT,
        target: offeringTarget(after.id),
        reason: request.reason,
        details: {
          provisionalPrice: offeringSnapshot(before).provisionalPrice,
          before: offeringSnapshot(before).finalPrice,
          after: offeringSnapshot(after).finalPrice,
          priceFinalAt: priceFinalAt.toISOString(),
        },
        at,
      });
      return adminView(tx, after, market, at);
    });
  }

  /**
   * The warnings of a draft before it is saved (audited as ipo.check): another offering of the symbol that
   * is not cancelled, and a price further below the share's market price than `offering.discountWarnAbove`.
   * The symbol is refused as the save refuses it (a listed share is the save's refusal, not a warning).
   */
  async check(staff: StaffAuth, request: OfferingCheckRequest): Promise<OfferingCheckResponse> {
    const { db, clock, market } = this.deps;
    const instrument = stockOf(market, request.symbol);
    const at = clock.now();
    const [others, warnAbove] = await Promise.all([
      repo.liveOfferingsOf(db, instrument.symbol, request.id),
      getSetting(db, "offering.discountWarnAbove"),
    ]);
    const referencePrice = offeringReferencePrice(market, instrument.symbol, at);
    const { discount, warnings } = offeringWarnings({
      price: request.price,
      reference: referencePrice,
      warnAbove,
      others,
    });
    await recordStaffAction(db, staff, {
      action: IPO_CHECK_AUDIT,
      target: request.id === undefined ? `instrument:${instrument.symbol}` : offeringTarget(request.id),
      details: {
        symbol: instrument.symbol,
        price: request.price,
        referencePrice,
        warnings: warnings.map((w) => w.kind),
      },
      at,
    });
    return { symbol: instrument.symbol, currency: instrument.currency, referencePrice, discount, warnings };
  }

  /** An offering's subscriptions with each user's account, newest first (NOT_FOUND for an unknown one). */
  async subscriptions(offeringId: string, after?: string): Promise<AdminIpoSubscriptionPage> {
    const { db, market } = this.deps;
    const offering = await repo.findOffering(db, offeringId);
    if (!offering) throw new DomainError("NOT_FOUND", { field: "id" });
    const beforeSeq = after === undefined ? undefined : subscriptionsCursor.decode(after);
    const rows = await repo.offeringSubscriptionsPage(db, {
      offeringId,
      beforeSeq,
      limit: ADMIN_PAGE_SIZE + 1,
    });
    return pageOf(
      rows,
      ADMIN_PAGE_SIZE,
      (r) => r.subscription.seq,
      subscriptionsCursor,
      (r) => toAdminSubscription(r.subscription, offering, r.account, market),
    );
  }
}
