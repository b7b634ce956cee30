import {
  ADMIN_PAGE_SIZE,
  BLOCK_TRADE_CHECK_AUDIT,
  BLOCK_TRADE_SAVE_AUDIT,
  BLOCK_TRADE_WITHDRAW_AUDIT,
  type AdminBlockTradeOffer,
  type AdminBlockTradePage,
  type AdminBlockTradeSaveRequest,
  type AdminBlockTradeWithdrawRequest,
  type OfferingCheckRequest,
  type OfferingCheckResponse,
} from "@brokerage/api";
import {
  money,
  offeringReferencePrice,
  offeringWarnings,
  toBookedString,
  type MarketDataProvider,
} from "@brokerage/core";
import type { Db } from "../../db/index.js";
import type { Clock } from "../../lib/clock.js";
import { BIGINT_SEQ_MAX, seqCursor } from "../../lib/cursor.js";
import { DomainError } from "../../lib/errors.js";
import { recordStaffAction } from "../audit/index.js";
import { getSetting } from "../settings/index.js";
import type { StaffAuth } from "../staff/index.js";
import { instrumentOf } from "../trading/index.js";
import { offerSnapshot, secretKeyHash, toAdminOffer } from "./offers.js";
import * as repo from "./repository.js";

export const offerTarget = (id: string) => `blockTrade:${id}`;

const cursor = seqCursor("bta", BIGINT_SEQ_MAX);

interface Deps {
  db: Db;
  clock: Clock;
  market: MarketDataProvider;
}

/**
 * The back office's block-trade offers (permission blockTrades.manage): the list, create or change an
 * offer that has not opened yet, withdraw one. Each change and its audit record (the staff member's
 * reason, the offer before and after; of the key only whether there is one) are one transaction.
 */
export class BlockTradeAdminService {
  constructor(private readonly deps: Deps) {}

  async list(after?: string): Promise<AdminBlockTradePage> {
    const { db, clock, market } = this.deps;
    const beforeSeq = after === undefined ? undefined : cursor.decode(after);
    const rows = await repo.offersPage(db, { beforeSeq, limit: ADMIN_PAGE_SIZE + 1 });
    const shown = rows.slice(0, ADMIN_PAGE_SIZE);
    const counts = await repo.subscriptionCounts(
      db,
      shown.map((r) => r.offer.id),
    );
    const now = clock.now();
    const last = shown.at(-1);
    return {
      items: shown.map(({ offer, createdBy }) => {
        const count = counts.get(offer.id);
        return toAdminOffer(
          offer,
          { createdBy, pendingCount: count?.pending ?? 0, approvedQuantity: count?.approvedQuantity ?? "0" },
          market,
          now,
        );
      }),
      nextCursor: rows.length > ADMIN_PAGE_SIZE && last ? cursor.encode(last.offer.seq) : null,
    };
  }

  /**
   * Creates an offer (no id) or changes one before it opens. The instrument is the symbol's (UNKNOWN_SYMBOL,
   * NOT_YET_OPEN for a share still in subscription); the price is on its price grid and a minimum
   * subscription costs at least the currency's smallest unit (INVALID_INPUT on `price`); the window ends
   * in the future (INVALID_INPUT on `closesAt`). An offer that has opened or was withdrawn is not changed
   * (ORDER_STATE_INVALID): its subscribers agreed to its terms.
   */
  async save(staff: StaffAuth, request: AdminBlockTradeSaveRequest): Promise<AdminBlockTradeOffer> {
    const { db, clock, market } = this.deps;
    const instrument = instrumentOf(market, request.symbol.toUpperCase());
    const price = money(request.price);
    const smallest = toBookedString(price.times(request.minQuantity), instrument.currency);
    if (price.decimalPlaces() > instrument.priceDecimals || !money(smallest).greaterThan(0))
      throw new DomainError("INVALID_INPUT", { field: "price" });
    const opensAt = new Date(request.opensAt);
    const closesAt = new Date(request.closesAt);
    return db.transaction(async (tx) => {
      const at = clock.now();
      if (closesAt.getTime() <= at.getTime()) throw new DomainError("INVALID_INPUT", { field: "closesAt" });
      const terms = {
        symbol: instrument.symbol,
        exchange: instrument.exchange,
        market: instrument.market,
        currency: instrument.currency,
        price: price.toFixed(),
        minQuantity: BigInt(request.minQuantity),
        maxQuantity: request.maxQuantity === null ? null : BigInt(request.maxQuantity),
        opensAt,
        closesAt,
        lockDays: request.lockDays,
        updatedAt: at,
      };
      const key = request.secretKey;
      const keyChange = key === undefined ? {} : { secretKeyHash: key === null ? null : secretKeyHash(key) };
      let before: repo.OfferRow | null = null;
      let after: repo.OfferRow;
      if (request.id === undefined) {
        after = await repo.insertOffer(tx, {
          ...terms,
          ...keyChange,
          state: "active",
          createdBy: staff.id,
          createdAt: at,
        });
      } else {
        before = (await repo.findOffer(tx, request.id, "update")) ?? null;
        if (!before) throw new DomainError("NOT_FOUND");
        if (before.state !== "active" || before.opensAt.getTime() <= at.getTime())
          throw new DomainError("ORDER_STATE_INVALID");
        after = await repo.updateOffer(tx, request.id, { ...terms, ...keyChange });
      }
      await recordStaffAction(tx, staff, {
        action: BLOCK_TRADE_SAVE_AUDIT,
        target: offerTarget(after.id),
        reason: request.reason,
        details: {
          created: before === null,
          before: before && offerSnapshot(before),
          after: offerSnapshot(after),
        },
        at,
      });
      return this.view(tx, after, at);
    });
  }

  /** Takes the offer off (no new subscriptions); those under review stay for the queue to decide. */
  async withdraw(staff: StaffAuth, request: AdminBlockTradeWithdrawRequest): Promise<AdminBlockTradeOffer> {
    const { db, clock } = this.deps;
    return db.transaction(async (tx) => {
      const at = clock.now();
      const before = await repo.findOffer(tx, request.id, "update");
      if (!before) throw new DomainError("NOT_FOUND");
      if (before.state !== "active") throw new DomainError("ORDER_STATE_INVALID");
      const after = await repo.updateOffer(tx, request.id, { state: "withdrawn", updatedAt: at });
      await recordStaffAction(tx, staff, {
        action: BLOCK_TRADE_WITHDRAW_AUDIT,
        target: offerTarget(after.id),
        reason: request.reason,
        details: { before: offerSnapshot(before), after: offerSnapshot(after) },
        at,
      });
      return this.view(tx, after, at);
    });
  }

  /**
   * The warnings of a draft before it is saved (audited as blockTrade.check): another offer of the symbol
   * still open or yet to open, and a price further below the market price than
   * `offering.discountWarnAbove`. The symbol is refused as the save refuses it.
   */
  async check(staff: StaffAuth, request: OfferingCheckRequest): Promise<OfferingCheckResponse> {
    const { db, clock, market } = this.deps;
    const instrument = instrumentOf(market, request.symbol.toUpperCase());
    const at = clock.now();
    const [others, warnAbove] = await Promise.all([
      repo.openOffersOf(db, { symbol: instrument.symbol, now: at, exceptId: request.id }),
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
      action: BLOCK_TRADE_CHECK_AUDIT,
      target: request.id === undefined ? `instrument:${instrument.symbol}` : offerTarget(request.id),
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

  private async view(tx: Db, row: repo.OfferRow, at: Date): Promise<AdminBlockTradeOffer> {
    const createdBy = await repo.staffAccount(tx, row.createdBy);
    const count = (await repo.subscriptionCounts(tx, [row.id])).get(row.id);
    return toAdminOffer(
      row,
      {
        createdBy: createdBy ?? "",
        pendingCount: count?.pending ?? 0,
        approvedQuantity: count?.approvedQuantity ?? "0",
      },
      this.deps.market,
      at,
    );
  }
}
