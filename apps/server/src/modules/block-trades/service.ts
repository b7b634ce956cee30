import { randomUUID } from "node:crypto";
import {
  BLOCK_TRADE_PAGE_SIZE,
  type BlockTradeOfferDetail,
  type BlockTradeOfferPage,
  type BlockTradeSubscribeRequest,
  type BlockTradeSubscription,
  type BlockTradeSubscriptionPage,
} from "@brokerage/api";
import {
  blockTradeCost,
  checkBlockTradeSubscription,
  holdEntries,
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
import { givenKeyHash, offerTerms, toOffer, toSubscription } from "./offers.js";
import * as repo from "./repository.js";

interface Deps {
  db: Db;
  clock: Clock;
  market: MarketDataProvider;
}

const offersCursor = seqCursor("bto", BIGINT_SEQ_MAX);
const mineCursor = seqCursor("bts", BIGINT_SEQ_MAX);

/** The form field each subscription refusal is about (QUANTITY_NOT_WHOLE_LOTS names its own). */
const REFUSAL_FIELDS: Partial<Record<string, string>> = {
  BLOCK_TRADE_BELOW_MIN: "quantity",
  BLOCK_TRADE_ABOVE_MAX: "quantity",
  SECRET_KEY_MISMATCH: "secretKey",
};

/** Runs a core rule as the envelope's refusal (trading's `rule`), naming the field it is about. */
function checked<T>(run: () => T): T {
  try {
    return rule(run);
  } catch (error) {
    const field = error instanceof DomainError ? REFUSAL_FIELDS[error.code] : undefined;
    if (error instanceof DomainError && field) throw new DomainError(error.code, { field, ...error.params });
    throw error;
  }
}

/**
 * Block trades for users (DESIGN §5 "Primary market"): the offers, one offer with what its form needs,
 * the subscription (held at once, reviewed by staff: see review.ts) and the user's subscriptions.
 */
export class BlockTradeService {
  constructor(private readonly deps: Deps) {}

  /** Offers open now or opening later, newest first, priced against the live market. */
  async offers(cursor?: string): Promise<BlockTradeOfferPage> {
    const { db, clock, market } = this.deps;
    const now = clock.now();
    const beforeSeq = cursor === undefined ? undefined : offersCursor.decode(cursor);
    const rows = await repo.liveOffersPage(db, { now, beforeSeq, limit: BLOCK_TRADE_PAGE_SIZE + 1 });
    return seqPage(
      rows,
      BLOCK_TRADE_PAGE_SIZE,
      offersCursor,
      (row) => row.seq,
      (row) => toOffer(row, market, now),
    );
  }

  /** One offer (an ended or withdrawn one shows `closed`) with its fee rule and the user's balance. */
  async offer(userId: string, offerId: string): Promise<BlockTradeOfferDetail> {
    const { db, clock, market } = this.deps;
    const row = await repo.findOffer(db, offerId);
    if (!row) throw new DomainError("NOT_FOUND");
    const [config, available] = await Promise.all([
      tradingConfig(db, row.market as MarketCode),
      availableOf(db, userId, row.currency),
    ]);
    return {
      ...toOffer(row, market, clock.now()),
      feeRate: config.feeRate,
      minFee: config.minFee,
      available,
    };
  }

  /**
   * Subscribes under the request's idempotency key, in one transaction: the account's standing (frozen,
   * trade ban, fund password), the offer's checks in their fixed order (core), then the hold of the margin
   * and fee at the offer price in the settlement currency (the ledger refuses INSUFFICIENT_AVAILABLE), the
   * order of kind `blockTrade` under `review`, and its review. The key's hash, never the key, is what the
   * idempotency record keeps of it.
   */
  async subscribe(userId: string, request: BlockTradeSubscribeRequest): Promise<BlockTradeSubscription> {
    const { db, clock, market } = this.deps;
    const keyHash = givenKeyHash(request.secretKey);
    const asked = { offerId: request.offerId, quantity: request.quantity, secretKeyHash: keyHash };
    const call = { owner: `user:${userId}`, key: request.idempotencyKey, request: asked };
    return idempotent(db, clock, call, async (tx) => {
      const at = clock.now();
      const trader = await findTrader(tx, userId);
      if (!trader) throw new DomainError("UNAUTHORIZED");
      refuseAccount(trader, { trade: true, fundPassword: true });
      // Shared: a withdrawal or an edit of the offer waits until this subscription is in (or refused).
      const offer = await repo.findOffer(tx, request.offerId, "share");
      if (!offer) throw new DomainError("NOT_FOUND");
      checked(() =>
        checkBlockTradeSubscription(
          offerTerms(offer),
          { quantity: request.quantity, secretKeyHash: keyHash },
          at,
        ),
      );
      const config = await tradingConfig(tx, offer.market as MarketCode);
      // The commission the offer publishes (feeRate, minFee), as the subscription form computes it.
      const commission = { feeRate: config.feeRate, minFee: config.minFee };
      const cost = checked(() => blockTradeCost(offer, request.quantity, commission));
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
        kind: "blockTrade",
        offerId: offer.id,
        symbol: offer.symbol,
        exchange: offer.exchange,
        market: offer.market,
        currency: offer.currency,
        direction: "long",
        // A fixed price: the offer's, shown as the order's limit while it waits for review.
        priceType: "limit",
        limitPrice: offer.price,
        state: "review",
        // Subscriptions are whole shares; the order's quantity column is a decimal.
        quantity: String(request.quantity),
        leverage: 1,
        margin: cost.margin,
        openFee: cost.fee,
        createdAt: at,
        holdEntryId: entryId ?? null,
      });
      await openReview(tx, { kind: "blockTrade", subjectId: id, userId, createdAt: at });
      return toSubscription({ order, offer }, market, at);
    });
  }

  /** The user's subscriptions, newest first, with their states (a declined one with its reason). */
  async mine(userId: string, cursor?: string): Promise<BlockTradeSubscriptionPage> {
    const { db, clock, market } = this.deps;
    const now = clock.now();
    const beforeSeq = cursor === undefined ? undefined : mineCursor.decode(cursor);
    const rows = await repo.subscriptionsPage(db, { userId, beforeSeq, limit: BLOCK_TRADE_PAGE_SIZE + 1 });
    return seqPage(
      rows,
      BLOCK_TRADE_PAGE_SIZE,
      mineCursor,
      (row) => row.order.seq,
      (row) => toSubscription(row, market, now),
    );
  }
}
