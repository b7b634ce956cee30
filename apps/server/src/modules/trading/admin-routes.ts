import {
  adminUserOrdersRequest,
  tradeOrderPage,
  type AdminOrderTab,
  type AdminUserOrdersRequest,
  type TradeOrderPage,
} from "@brokerage/api";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Db } from "../../db/index.js";
import { ok } from "../../lib/envelope.js";
import { adminRoute } from "../../plugins/route.js";
import { readOfUser, userInBody } from "../audit/index.js";
import { DomainError } from "../../lib/errors.js";
import { findTrader } from "../ledger/index.js";
import { staffAnswers, staffAuthPlugin, staffHeaders } from "../staff/index.js";
import { TradingService } from "./service.js";

export interface TradingAdminRoutesOptions {
  /** The process's trading service (the one the user routes and the engine share); built here when absent. */
  service?: TradingService;
}

/** Each tab of the user detail is one of the user's own lists, read as the user reads it. */
const LISTS: Record<
  AdminOrderTab,
  (service: TradingService, request: AdminUserOrdersRequest) => Promise<TradeOrderPage>
> = {
  positions: (service, { userId, cursor }) => service.positions(userId, { tab: "inProgress", cursor }),
  pending: (service, { userId, cursor }) => service.orders(userId, { tab: "purchase", cursor }),
  finished: (service, { userId, cursor }) => service.orders(userId, { tab: "finished", cursor }),
};

/** A user's orders and positions for the back office: NOT_FOUND for an unknown user, else the tab's page. */
export async function userOrders(
  db: Db,
  service: TradingService,
  request: AdminUserOrdersRequest,
): Promise<TradeOrderPage> {
  if (!(await findTrader(db, request.userId))) throw new DomainError("NOT_FOUND");
  return LISTS[request.tab](service, request);
}

/**
 * `/api/admin/users/orders` (DESIGN §5 Back office, the user detail's orders and positions), for staff with
 * `trading.read`. Read only: what a staff member may change on a user's trading is the flags (users/setFlags).
 */
export const tradingAdminRoutes: FastifyPluginAsyncZod<TradingAdminRoutesOptions> = async (app, options) => {
  await app.register(staffAuthPlugin);
  const service = options.service ?? new TradingService({ db: app.db, clock: app.clock, market: app.market });

  adminRoute(
    app,
    "users/orders",
    {
      onRequest: app.requireStaff("trading.read", {
        read: readOfUser("read.orders", userInBody, {
          details: (body: AdminUserOrdersRequest) => ({ tab: body.tab }),
        }),
      }),
      schema: {
        tags: ["admin: users"],
        headers: staffHeaders,
        security: [{ token: [], account: [] }],
        summary:
          "A user's orders and positions, newest first, 20 a page, as the user's trade screen lists them: " +
          "positions (open, and waiting to close at the next open) with the current price, market value, " +
          "unrealised P&L and return rate (null without a current price); pending (limit orders waiting, " +
          "orders under review); finished (closed with realised P&L, cancelled, expired, declined). Pass " +
          "`nextCursor` back as `cursor` with the same tab. Unknown user: NOT_FOUND. Each read is audited " +
          "(read.orders).",
        body: adminUserOrdersRequest,
        response: staffAnswers(tradeOrderPage),
      },
    },
    async (request) => ok(await userOrders(app.db, service, request.body)),
  );
};
