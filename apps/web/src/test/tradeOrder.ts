import type { TradeOrder } from "@brokerage/api";

/**
 * An order as `trade/*` and the back office's `users/orders` answer it (imported by tests only): an open
 * long position in Reliance, 2 lots at 2,500.00 with 5× leverage, now at 2,470.00 (−60.00 before costs,
 * −80.00 net of the 20.00 it paid to open); `over` changes fields.
 */
export function tradeOrderOf(over: Partial<TradeOrder> = {}): TradeOrder {
  return {
    id: "5d0c1c3e-3f43-4d7b-9e0a-1f2b3c4d5e6f",
    orderNo: "T20261123000001",
    kind: "normal",
    symbol: "RELIANCE",
    exchange: "NSE",
    name: "Reliance Industries",
    market: "IN",
    currency: "INR",
    direction: "long",
    priceType: "market",
    state: "open",
    quantity: "2",
    leverage: 5,
    limitPrice: null,
    stopLoss: null,
    takeProfit: null,
    margin: "1000.00",
    openFee: "20.00",
    openCharges: [{ id: "commission", kind: "commission", amount: "20.00" }],
    createdAt: "2026-11-23T09:00:00.000Z",
    openedAt: "2026-11-23T09:00:00.000Z",
    openPrice: "2500.00",
    lockedUntil: null,
    closedAt: null,
    closePrice: null,
    closeFee: null,
    stampDuty: null,
    closeCharges: null,
    closeReason: null,
    pnl: "-80.00",
    pnlGross: "-60.00",
    costs: "20.00",
    protection: null,
    returnRate: "-8.00",
    currentPrice: "2470.00",
    marketValue: "4940.00",
    declineReason: null,
    expiresAt: null,
    ...over,
  };
}

/**
 * A closed position: the one above, sold at 2,550.00 with its closing fee and stamp duty: +100.00 before
 * costs, 45.10 of costs, +54.90 net.
 */
export const closedOrderOf = (over: Partial<TradeOrder> = {}): TradeOrder =>
  tradeOrderOf({
    state: "closed",
    closedAt: "2026-11-24T10:30:00.000Z",
    closePrice: "2550.00",
    closeFee: "20.00",
    stampDuty: "5.10",
    closeCharges: [
      { id: "commission", kind: "commission", amount: "20.00" },
      { id: "stt", kind: "transactionTax", amount: "5.10" },
    ],
    closeReason: "user",
    pnl: "54.90",
    pnlGross: "100.00",
    costs: "45.10",
    protection: "0.00",
    returnRate: "5.49",
    currentPrice: null,
    marketValue: null,
    ...over,
  });
