import { randomUUID } from "node:crypto";
import {
  PLACEMENT_PAGE_SIZE,
  type PlacementOfferDetail,
  type PlacementOfferPage,
  type PlacementSubscribeRequest,
  type PlacementSubscription,
  type PlacementSubscriptionPage,
} from "@brokerage/api";
import {
  checkPlacementQuantity,
  checkPlacementWindow,
  holdEntries,
  placementCost,
  type MarketCode,
  type MarketDataProvider,
} from "@brokerage/core";
import type { Db } from "../../db/index.js";
import type { Clock } from "../../lib/clock.js";
import { BIGINT_SEQ_MAX, seqCursor, seqPage } from "../../lib/cursor.js";
import { DomainError } from "../../lib/errors.js";
import { availableOf, findTrader, idempotent, refuseAccount } from "../ledger/index.js";
import { openReview } from "../reviews/index.js";
import { bookAll, insertOrder, referenceOf, rule, tradingConfig } from "../trading/index.js";
import { ineligibility } from "./eligibility.js";
import { offerTerms, toOffer, toSubscription } from "./offers.js";
import * as repo from "./repository.js";

interface Deps {
  db: Db;
  clock: Clock;
  market: MarketDataProvider;
}

const offersCursor = seqCursor("plo", BIGINT_SEQ_MAX);
const mineCursor = seqCursor("pls", BIGINT_SEQ_MAX);

/** Runs a core rule as the envelope's refusal; the amount bounds are about the form's `quantity`. */
function checked<T>(run: () => T): T {
  try {
    return rule(run);
  } catch (error) {
    if (
      error instanceof DomainError &&
      error.code.startsWith("PLACEMENT_") &&
      error.code !== "PLACEMENT_CLOSED"
    )
      throw new DomainError(error.code, { field: "quantity", ...error.params });
    throw error;
  }
}

/**
 * Placements and capital increases for users (DESIGN §4.1 "Placements"): the offers, one offer with what
 * its form needs, the subscription (held at once, reviewed by staff: see review.ts) and the user's
 * subscriptions.
 */
export class PlacementService {
  constructor(private readonly deps: Deps) {}

  /** Offers open now or opening later, newest first. */
  async offers(cursor?: string): Promise<PlacementOfferPage> {
    const { db, clock, market } = this.deps;
    const now = clock.now();
    const beforeSeq = cursor === undefined ? undefined : offersCursor.decode(cursor);
    const rows = await repo.liveOffersPage(db, { now, beforeSeq, limit: PLACEMENT_PAGE_SIZE + 1 });
    return seqPage(
      rows,
      PLACEMENT_PAGE_SIZE,
      offersCursor,
      (r) => r.seq,
      (r) => toOffer(r, market, now),
    );
  }

  /** One offer (an ended or withdrawn one shows `closed`), its fee rule, the user's balance and eligibility. */
  async offer(userId: string, offerId: string): Promise<PlacementOfferDetail> {
    const { db, clock, market } = this.deps;
    const row = await repo.findOffer(db, offerId);
    if (!row) throw new DomainError("NOT_FOUND");
    const [config, available, ineligible] = await Promise.all([
      tradingConfig(db, row.market as MarketCode),
      availableOf(db, userId, row.currency),
      ineligibility(db, userId, row),
    ]);
    return {
      ...toOffer(row, market, clock.now()),
      feeRate: config.feeRate,
      minFee: config.minFee,
      available,
      ineligible,
    };
  }

  /**
   * Subscribes under the request's idempotency key, in one transaction: the account's standing (frozen,
   * trade ban, fund password), the window, who may apply, the shares and the amount bounds, then the hold
   * of the amount and the commission (the ledger refuses INSUFFICIENT_AVAILABLE), the order of kind
   * `placement` under `review`, and its review.
   */
  async subscribe(userId: string, request: PlacementSubscribeRequest): Promise<PlacementSubscription> {
    const { db, clock, market } = this.deps;
    const asked = { offerId: request.offerId, quantity: request.quantity };
    const call = { owner: `user:${userId}`, key: request.idempotencyKey, request: asked };
    return idempotent(db, clock, call, async (tx) => {
      const at = clock.now();
      const trader = await findTrader(tx, userId);
      if (!trader) throw new DomainError("UNAUTHORIZED");
      refuseAccount(trader, { trade: true, fundPassword: true });
      // Shared: a withdrawal or an edit of the offer waits until this subscription is in (or refused).
      const offer = await repo.findOffer(tx, request.offerId, "share");
      if (!offer) throw new DomainError("NOT_FOUND");
      const terms = offerTerms(offer);
      checked(() => checkPlacementWindow(terms, at));
      const ineligible = await ineligibility(tx, userId, offer);
      if (ineligible === "PLACEMENT_HOLDERS_ONLY")
        throw new DomainError(ineligible, { symbol: offer.symbol });
      if (ineligible) throw new DomainError(ineligible);
      checked(() => checkPlacementQuantity(terms, request.quantity));
      const config = await tradingConfig(tx, offer.market as MarketCode);
      const cost = checked(() =>
        placementCost(offer, request.quantity, { feeRate: config.feeRate, minFee: config.minFee }),
      );
      const id = randomUUID();
      const [entryId] = await bookAll(tx, holdEntries(userId, offer.currency, cost), {
        userId,
        reference: referenceOf(id),
        idempotencyKey: request.idempotencyKey,
        cause: { by: "user" },
        at,
      });
      const order = await insertOrder(tx, {
        id,
        userId,
        kind: "placement",
        placementOfferId: offer.id,
        symbol: offer.symbol,
        exchange: offer.exchange,
        market: offer.market,
        currency: offer.currency,
        direction: "long",
        // A fixed price: the offer's, shown as the order's limit while it waits for review.
        priceType: "limit",
        limitPrice: offer.price,
        state: "review",
        quantity: String(request.quantity),
        leverage: 1,
        margin: cost.margin,
        openFee: cost.fee,
        createdAt: at,
        holdEntryId: entryId ?? null,
      });
      await openReview(tx, { kind: "placement", subjectId: id, userId, createdAt: at });
      return toSubscription({ order, offer }, market, at);
    });
  }

  /** The user's subscriptions, newest first, with their states (a declined one with its reason). */
  async mine(userId: string, cursor?: string): Promise<PlacementSubscriptionPage> {
    const { db, clock, market } = this.deps;
    const now = clock.now();
    const beforeSeq = cursor === undefined ? undefined : mineCursor.decode(cursor);
    const rows = await repo.subscriptionsPage(db, { userId, beforeSeq, limit: PLACEMENT_PAGE_SIZE + 1 });
    return seqPage(
      rows,
      PLACEMENT_PAGE_SIZE,
      mineCursor,
      (row) => row.order.seq,
      (row) => toSubscription(row, market, now),
    );
  }
}
