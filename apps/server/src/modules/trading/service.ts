import type {
  CloseReason,
  ClosePositionRequest,
  InventoryItem,
  OrderDraft,
  OrderPreview,
  PlaceOrderRequest,
  SetStopsRequest,
  TradeOrder,
  TradeOrderPage,
  TradeOrdersRequest,
  TradePositionsRequest,
} from "@brokerage/api";
import type { TradingDeps } from "./changes.js";
import { EngineCalls } from "./engine-calls.js";
import { TradeLists } from "./lists.js";
import { OwnerActions } from "./owner-actions.js";
import { OrderPlacing } from "./placing.js";
import type * as repo from "./repository.js";

export type { TradeChange, TradingDeps } from "./changes.js";

/**
 * Trading (DESIGN §4.1 "Trading", §5 "Orders and positions"), one use case per file: placing orders
 * (placing.ts: preview and place), what an owner does with them (owner-actions.ts: cancel, close, stops),
 * the lists (lists.ts), and the matching engine's calls (engine-calls.ts: fill, close, expire, each in its
 * own transaction, and the live rows to rebuild its book from). Money moves only through the ledger, in
 * the transaction that changes the order's state; every state change is an UPDATE guarded on the state it
 * leaves, on a row locked for the transaction.
 */
export class TradingService {
  private readonly placing: OrderPlacing;
  private readonly owner: OwnerActions;
  private readonly lists: TradeLists;
  private readonly engine: EngineCalls;

  constructor(deps: TradingDeps) {
    this.placing = new OrderPlacing(deps);
    this.owner = new OwnerActions(deps);
    this.lists = new TradeLists(deps);
    this.engine = new EngineCalls(deps);
  }

  preview(userId: string, draft: OrderDraft): Promise<OrderPreview> {
    return this.placing.preview(userId, draft);
  }

  placeOrder(userId: string, request: PlaceOrderRequest): Promise<TradeOrder> {
    return this.placing.placeOrder(userId, request);
  }

  cancelOrder(userId: string, orderId: string): Promise<TradeOrder> {
    return this.owner.cancelOrder(userId, orderId);
  }

  requestClose(userId: string, request: ClosePositionRequest): Promise<TradeOrder> {
    return this.owner.requestClose(userId, request);
  }

  setStops(userId: string, request: SetStopsRequest): Promise<TradeOrder> {
    return this.owner.setStops(userId, request);
  }

  orders(userId: string, request: TradeOrdersRequest): Promise<TradeOrderPage> {
    return this.lists.orders(userId, request);
  }

  positions(userId: string, request: TradePositionsRequest): Promise<TradeOrderPage> {
    return this.lists.positions(userId, request);
  }

  positionDetail(userId: string, id: string): Promise<TradeOrder> {
    return this.lists.positionDetail(userId, id);
  }

  inventory(userId: string): Promise<InventoryItem[]> {
    return this.lists.inventory(userId);
  }

  fillOrder(orderId: string, price: string): Promise<TradeOrder> {
    return this.engine.fillOrder(orderId, price);
  }

  closePosition(positionId: string, price: string, reason: CloseReason): Promise<TradeOrder> {
    return this.engine.closePosition(positionId, price, reason);
  }

  marginCall(positionId: string, level: string, price: string): Promise<boolean> {
    return this.engine.marginCall(positionId, level, price);
  }

  marginRecovered(positionId: string, level: string, price: string): Promise<boolean> {
    return this.engine.marginRecovered(positionId, level, price);
  }

  expireOrder(orderId: string): Promise<TradeOrder> {
    return this.engine.expireOrder(orderId);
  }

  pendingOrders(): Promise<repo.TradeOrderRow[]> {
    return this.engine.pendingOrders();
  }

  livePositions(): Promise<repo.TradeOrderRow[]> {
    return this.engine.livePositions();
  }
}
