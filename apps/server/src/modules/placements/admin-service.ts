import {
  ADMIN_PAGE_SIZE,
  PLACEMENT_LIST_AUDIT,
  PLACEMENT_SAVE_AUDIT,
  PLACEMENT_WITHDRAW_AUDIT,
  type AdminPlacementOffer,
  type AdminPlacementPage,
  type AdminPlacementSaveRequest,
  type AdminPlacementWithdrawRequest,
} from "@brokerage/api";
import { money, placementAmount, type MarketDataProvider } from "@brokerage/core";
import type { Db } from "../../db/index.js";
import type { Clock } from "../../lib/clock.js";
import { BIGINT_SEQ_MAX, seqCursor } from "../../lib/cursor.js";
import { DomainError } from "../../lib/errors.js";
import { recordStaffAction } from "../audit/index.js";
import type { StaffAuth } from "../staff/index.js";
import { instrumentOf } from "../trading/index.js";
import { offerSnapshot, toAdminOffer } from "./offers.js";
import * as repo from "./repository.js";

export const offerTarget = (id: string) => `placement:${id}`;

const cursor = seqCursor("pla", BIGINT_SEQ_MAX);

interface Deps {
  db: Db;
  clock: Clock;
  market: MarketDataProvider;
}

type Counted = { offer: repo.OfferRow; createdBy: string };

/**
 * The back office's placement and capital-increase offers (permission placements.manage): the list (an
 * audited read), create or change an offer that has not opened yet, withdraw one. Each change and its
 * audit record (the staff member's reason, the offer before and after) are one transaction.
 */
export class PlacementAdminService {
  constructor(private readonly deps: Deps) {}

  async list(staff: StaffAuth, after?: string): Promise<AdminPlacementPage> {
    const { db, clock } = this.deps;
    const beforeSeq = after === undefined ? undefined : cursor.decode(after);
    const rows = await repo.offersPage(db, { beforeSeq, limit: ADMIN_PAGE_SIZE + 1 });
    const now = clock.now();
    const shown = rows.slice(0, ADMIN_PAGE_SIZE);
    const views = await this.views(db, shown, now);
    const last = shown.at(-1);
    await recordStaffAction(db, staff, {
      action: PLACEMENT_LIST_AUDIT,
      target: "placements",
      details: { cursor: after ?? null, shown: views.map((v) => v.id) },
      at: now,
    });
    return {
      items: views,
      nextCursor: rows.length > ADMIN_PAGE_SIZE && last ? cursor.encode(last.offer.seq) : null,
    };
  }

  /**
   * Creates an offer (no id) or changes one before it opens. The instrument is the symbol's (UNKNOWN_SYMBOL,
   * NOT_YET_OPEN for a share still in subscription); the price is on its price grid and the minimum buys
   * at least one share's worth at the currency's scale (INVALID_INPUT on `price`, `minAmount`); the
   * maximum is not below the minimum (INVALID_INPUT on `maxAmount`); the window ends in the future
   * (INVALID_INPUT on `closesAt`). An offer that has opened or was withdrawn is not changed
   * (ORDER_STATE_INVALID): its subscribers agreed to its terms.
   */
  async save(staff: StaffAuth, request: AdminPlacementSaveRequest): Promise<AdminPlacementOffer> {
    const { db, clock } = this.deps;
    const instrument = instrumentOf(this.deps.market, request.symbol.toUpperCase());
    const price = money(request.price);
    if (price.decimalPlaces() > instrument.priceDecimals)
      throw new DomainError("INVALID_INPUT", { field: "price" });
    const minAmount = money(request.minAmount);
    const maxAmount = request.maxAmount === null ? null : money(request.maxAmount);
    if (!money(placementAmount({ price: request.price, currency: instrument.currency }, "1")).greaterThan(0))
      throw new DomainError("INVALID_INPUT", { field: "price" });
    if (maxAmount !== null && maxAmount.lessThan(minAmount))
      throw new DomainError("INVALID_INPUT", { field: "maxAmount" });
    // At least one whole share must fit between the bounds.
    if (maxAmount !== null && maxAmount.lessThan(price))
      throw new DomainError("INVALID_INPUT", { field: "maxAmount" });
    return db.transaction(async (tx) => {
      const at = clock.now();
      if (Date.parse(request.closesAt) <= at.getTime())
        throw new DomainError("INVALID_INPUT", { field: "closesAt" });
      const terms = {
        kind: request.kind,
        symbol: instrument.symbol,
        exchange: instrument.exchange,
        market: instrument.market,
        currency: instrument.currency,
        price: price.toFixed(),
        minAmount: minAmount.toFixed(),
        maxAmount: maxAmount === null ? null : maxAmount.toFixed(),
        opensAt: new Date(request.opensAt),
        closesAt: new Date(request.closesAt),
        // A capital increase offers new shares to those who hold the old ones, unless staff open it wider.
        eligibility: request.eligibility ?? (request.kind === "capitalIncrease" ? "holders" : "verified"),
        lockDays: request.lockDays,
        updatedAt: at,
      } as const;
      let before: repo.OfferRow | null = null;
      let after: repo.OfferRow;
      if (request.id === undefined) {
        after = await repo.insertOffer(tx, { ...terms, state: "active", createdBy: staff.id, createdAt: at });
      } else {
        before = (await repo.findOffer(tx, request.id, "update")) ?? null;
        if (!before) throw new DomainError("NOT_FOUND");
        if (before.state !== "active" || before.opensAt.getTime() <= at.getTime())
          throw new DomainError("ORDER_STATE_INVALID");
        after = await repo.updateOffer(tx, request.id, terms);
      }
      await recordStaffAction(tx, staff, {
        action: PLACEMENT_SAVE_AUDIT,
        target: offerTarget(after.id),
        reason: request.reason,
        details: {
          created: before === null,
          before: before && offerSnapshot(before),
          after: offerSnapshot(after),
        },
        at,
      });
      return this.view(tx, after.id, at);
    });
  }

  /** Takes the offer off (no new subscriptions); those under review stay for the queue to decide. */
  async withdraw(staff: StaffAuth, request: AdminPlacementWithdrawRequest): Promise<AdminPlacementOffer> {
    const { db, clock } = this.deps;
    return db.transaction(async (tx) => {
      const at = clock.now();
      const before = await repo.findOffer(tx, request.id, "update");
      if (!before) throw new DomainError("NOT_FOUND");
      if (before.state !== "active") throw new DomainError("ORDER_STATE_INVALID");
      const after = await repo.updateOffer(tx, request.id, { state: "withdrawn", updatedAt: at });
      await recordStaffAction(tx, staff, {
        action: PLACEMENT_WITHDRAW_AUDIT,
        target: offerTarget(after.id),
        reason: request.reason,
        details: { before: offerSnapshot(before), after: offerSnapshot(after) },
        at,
      });
      return this.view(tx, after.id, at);
    });
  }

  private async views(db: Db, rows: readonly Counted[], at: Date): Promise<AdminPlacementOffer[]> {
    const counts = await repo.subscriptionCounts(
      db,
      rows.map((r) => r.offer.id),
    );
    return rows.map(({ offer, createdBy }) => {
      const count = counts.get(offer.id);
      return toAdminOffer(
        offer,
        { createdBy, pendingCount: count?.pending ?? 0, approvedQuantity: count?.approvedQuantity ?? "0" },
        this.deps.market,
        at,
      );
    });
  }

  private async view(tx: Db, id: string, at: Date): Promise<AdminPlacementOffer> {
    const row = await repo.offerWithCreator(tx, id);
    if (!row) throw new DomainError("NOT_FOUND");
    const [view] = await this.views(tx, [row], at);
    if (!view) throw new DomainError("NOT_FOUND");
    return view;
  }
}
