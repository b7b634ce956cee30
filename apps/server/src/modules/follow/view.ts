import type { FollowFees, FollowHolding, FollowProduct, FollowProductStatus } from "@brokerage/api";
import { changePercent, money, toBookedString, valueAt } from "@brokerage/core";
import type { Figures } from "./figures.js";
import type * as repo from "./repository.js";

/** Answers of copy trading, from rows and measured figures. */

const plain = (value: string) => money(value).toFixed();

/** What a user sees of a product's state at `now`. */
export function statusOf(row: repo.ProductRow, now: Date): FollowProductStatus {
  if (row.state === "ended") return "ended";
  if (row.state === "closed") return "closed";
  if (row.state === "closing") return "running";
  const t = now.getTime();
  if (t < row.opensAt.getTime()) return "upcoming";
  if (t < row.closesAt.getTime()) return "open";
  return "running";
}

export function feesOf(row: repo.ProductRow): FollowFees {
  return {
    managementFeeRate: plain(row.managementFeeRate),
    performanceFeeRate: plain(row.performanceFeeRate),
    leaderShare: plain(row.leaderShare),
    highWaterMark: plain(row.highWaterMark),
    accruedManagement: toBookedString(row.accruedManagement, row.currency),
    accruedPerformance: toBookedString(row.accruedPerformance, row.currency),
    leaderPaid: toBookedString(row.leaderPaid, row.currency),
    platformPaid: toBookedString(row.platformPaid, row.currency),
  };
}

export function toProduct(
  row: repo.ProductRow,
  figures: Figures,
  extra: { leaderName: string; followers: number },
  now: Date,
): FollowProduct {
  return {
    id: row.id,
    name: row.name,
    leaderName: extra.leaderName,
    currency: row.currency as FollowProduct["currency"],
    status: statusOf(row, now),
    private: row.private,
    earlyRedeem: row.earlyRedeem,
    minBuy: toBookedString(row.minBuy, row.currency),
    maxBuy: row.maxBuy === null ? null : toBookedString(row.maxBuy, row.currency),
    opensAt: row.opensAt.toISOString(),
    closesAt: row.closesAt.toISOString(),
    endsAt: row.endsAt.toISOString(),
    nav: plain(row.nav),
    navAt: row.navAt?.toISOString() ?? null,
    fundSize: valueAt(row.units, row.nav, row.currency),
    units: plain(row.units),
    followers: extra.followers,
    dailyChange: figures.dailyChange,
    sinceStart: figures.sinceStart,
    maxDrawdown: figures.maxDrawdown,
    riskScore: figures.risk.score,
    managementFeeRate: plain(row.managementFeeRate),
    performanceFeeRate: plain(row.performanceFeeRate),
    leaderShare: plain(row.leaderShare),
    closeReason: row.closeReason,
  };
}

const ENDED = new Set(["redeemed", "stoppedOut", "paidOut", "closedOut"]);

/** Whether `follow/redeem` would take the holding now. */
export function canRedeem(h: repo.HoldingRow, product: repo.ProductRow): boolean {
  if (h.state === "pending") return true;
  return h.state === "active" && product.earlyRedeem && product.state === "active";
}

export function toHolding(h: repo.HoldingRow, product: repo.ProductRow): FollowHolding {
  const { currency } = product;
  const ended = ENDED.has(h.state);
  const value =
    h.state === "pending" || h.units === null
      ? toBookedString(h.amount, currency)
      : ended
        ? toBookedString(h.payout ?? "0", currency)
        : valueAt(h.units, product.nav, currency);
  const pnl = money(value).minus(h.amount);
  return {
    id: h.id,
    productId: product.id,
    productName: product.name,
    currency: currency as FollowHolding["currency"],
    state: h.state,
    amount: toBookedString(h.amount, currency),
    copyStopLoss: h.copyStopLoss,
    stopValue: toBookedString(h.stopValue, currency),
    units: h.units === null ? null : plain(h.units),
    buyNav: h.buyNav === null ? null : plain(h.buyNav),
    createdAt: h.createdAt.toISOString(),
    since: h.since?.toISOString() ?? null,
    nav: plain(product.nav),
    value,
    pnl: toBookedString(pnl, currency),
    pnlRate: changePercent(h.amount, value) ?? "0.00",
    endedAt: h.endedAt?.toISOString() ?? null,
    payoutNav: h.payoutNav === null ? null : plain(h.payoutNav),
    payout: h.payout === null ? null : toBookedString(h.payout, currency),
    endReason: h.endReason,
    closeReason: h.endReason === "closed" ? product.closeReason : null,
    canRedeem: canRedeem(h, product),
    endsAt: product.endsAt.toISOString(),
  };
}
