import { z } from "zod";

/**
 * `users/orders {userId, tab, cursor?}` (permission `trading.read`): a user's orders and positions in the
 * back office's user detail, newest first, 20 a page, as `trade/*` shows them to the user (the contract's
 * `tradeOrderPage`): open positions (open and waiting to close) valued at the current price, pending
 * orders (limit orders waiting and orders under review), finished ones (closed, cancelled, expired,
 * declined). Unknown user: NOT_FOUND.
 */
export const ADMIN_ORDER_TABS = ["positions", "pending", "finished"] as const;
export type AdminOrderTab = (typeof ADMIN_ORDER_TABS)[number];

export const adminUserOrdersRequest = z.object({
  userId: z.string().uuid(),
  tab: z.enum(ADMIN_ORDER_TABS),
  cursor: z.string().max(64).optional().describe("`nextCursor` of the previous page"),
});
export type AdminUserOrdersRequest = z.infer<typeof adminUserOrdersRequest>;
