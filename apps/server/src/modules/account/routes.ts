import { accountOverview, accountOverviewRequest } from "@brokerage/api";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { answers, ok, sessionHeaders } from "../../lib/envelope.js";
import { sessionOf } from "../../plugins/auth.js";
import { route } from "../../plugins/route.js";
import { fxRatesOf } from "../exchange/index.js";
import { AccountService } from "./service.js";
import { NO_POSITIONS, type PositionValuation } from "./valuation.js";

export interface AccountRoutesOptions {
  /** Open positions at market value (trading); none until trading exists. */
  valuation?: PositionValuation;
}

/** `account/overview` (DESIGN §4.1 "Account"): the account centre's figures. */
export const accountRoutes: FastifyPluginAsyncZod<AccountRoutesOptions> = async (app, options) => {
  const service = new AccountService({
    db: app.db,
    clock: app.clock,
    rates: fxRatesOf(app.market),
    valuation: options.valuation ?? NO_POSITIONS,
  });

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
          "left out of the totals. Frozen is held plus margin; profit is realised plus unrealised P&L.",
        body: accountOverviewRequest,
        response: answers(accountOverview, { session: true }),
      },
    },
    async (request) => ok(await service.overview(sessionOf(request).userId, request.body.currency)),
  );
};
