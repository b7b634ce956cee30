import { accountOverview, accountOverviewRequest, portfolio, portfolioRequest } from "@brokerage/api";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { answers, ok, sessionHeaders } from "../../lib/envelope.js";
import { sessionOf } from "../../plugins/auth.js";
import { route } from "../../plugins/route.js";
import { fxRatesOf } from "../exchange/index.js";
import { PortfolioService } from "./portfolio.js";
import { AccountService } from "./service.js";
import { NO_POSITIONS, type PositionValuation } from "./valuation.js";

export interface AccountRoutesOptions {
  /** Open positions at market value (trading); none until trading exists. */
  valuation?: PositionValuation;
}

/** `account/overview` and `account/portfolio` (DESIGN §4.1 "Account", "Portfolio"). */
export const accountRoutes: FastifyPluginAsyncZod<AccountRoutesOptions> = async (app, options) => {
  const deps = {
    db: app.db,
    clock: app.clock,
    rates: fxRatesOf(app.market),
    valuation: options.valuation ?? NO_POSITIONS,
  };
  const service = new AccountService(deps);
  const portfolios = new PortfolioService(deps);

  route(
    app,
    "account/overview",
    {
      onRequest: app.requireUser,
      schema: {
        tags: ["account"],
        headers: sessionHeaders,
        security: [{ token: [], account: [] }],
        summary:
          "Total assets, available, profit and frozen funds in the display currency (default USD; " +
          "CURRENCY_UNSUPPORTED for another code), every wallet converted at the mid rate, and each " +
          "wallet in its own currency. A currency without a fresh rate is listed in `unconverted` and " +
          "left out of the totals. Frozen is held plus margin; profit is the total less the net deposits " +
          "(deposits, payouts, adjustments and loans), so every cost paid is in it.",
        body: accountOverviewRequest,
        response: answers(accountOverview, { session: true }),
      },
    },
    async (request) => ok(await service.overview(sessionOf(request).userId, request.body.currency)),
  );

  route(
    app,
    "account/portfolio",
    {
      onRequest: app.requireUser,
      schema: {
        tags: ["account"],
        headers: sessionHeaders,
        security: [{ token: [], account: [] }],
        summary:
          "The equity day by day over `range` (1W, 1M, 3M, 1Y, ALL; default 1M) in the display currency " +
          "(default USD; CURRENCY_UNSUPPORTED for another code): each past day's equity at its end (the " +
          "daily marks, days of `timeZone`), converted at that moment's mid rates, then today's, equal to " +
          "account/overview's total. With the day's P&L (since yesterday's end, less today's net " +
          "deposits), the total P&L (equity less net deposits), realised (closed positions) and unrealised " +
          "(open positions) P&L net of their costs, the costs, the rest, and where the equity is by market " +
          "and currency.",
        body: portfolioRequest,
        response: answers(portfolio, { session: true }),
      },
    },
    async (request) =>
      ok(await portfolios.portfolio(sessionOf(request).userId, request.body.currency, request.body.range)),
  );
};
