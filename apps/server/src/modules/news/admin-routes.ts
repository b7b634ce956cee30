import {
  adminNewsArticle,
  adminNewsListRequest,
  adminNewsPage,
  adminNewsSaveRequest,
  adminNewsWithdrawRequest,
} from "@brokerage/api";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { ok } from "../../lib/envelope.js";
import { adminRoute } from "../../plugins/route.js";
import { staffAnswers, staffAuthPlugin, staffHeaders, staffOf } from "../staff/index.js";
import { NewsAdminService } from "./admin-service.js";

const schema = { headers: staffHeaders, security: [{ token: [], account: [] }], tags: ["admin: products"] };

/**
 * `/api/admin/news/*` (permission news.manage): every article, publish or correct one, withdraw one.
 * Every change is audited with the staff member's reason.
 */
export const newsAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(staffAuthPlugin);
  const news = new NewsAdminService({
    db: app.db,
    clock: app.clock,
    market: app.market,
    marketData: app.marketData,
  });
  const onRequest = app.requireStaff("news.manage");

  adminRoute(
    app,
    "news/list",
    {
      onRequest,
      schema: {
        ...schema,
        summary:
          "Every news article, published or withdrawn, in every language, newest first, 20 a page, with " +
          "who published it, when, and when it last changed.",
        body: adminNewsListRequest,
        response: staffAnswers(adminNewsPage),
      },
    },
    async (request) => ok(await news.list(request.body.cursor)),
  );

  adminRoute(
    app,
    "news/save",
    {
      onRequest,
      schema: {
        ...schema,
        summary:
          "Publish an article now (no id) or correct a published one (its publication time stays): " +
          "section, language, title, summary, plain-text body, and for a `stock` article the symbol of an " +
          "instrument the market lists (UNKNOWN_SYMBOL; kept in the market's spelling), null for `hot` " +
          "(INVALID_INPUT on `symbol`), with the reason kept in the audit log (news.save). NOT_FOUND for " +
          "an unknown id; ORDER_STATE_INVALID once withdrawn.",
        body: adminNewsSaveRequest,
        response: staffAnswers(adminNewsArticle),
      },
    },
    async (request) => ok(await news.save(staffOf(request), request.body)),
  );

  adminRoute(
    app,
    "news/withdraw",
    {
      onRequest,
      schema: {
        ...schema,
        summary:
          "Withdraw an article: it leaves the app's lists and detail, and stays here. Audited " +
          "(news.withdraw) with the reason. NOT_FOUND for an unknown id; ORDER_STATE_INVALID when " +
          "withdrawn already.",
        body: adminNewsWithdrawRequest,
        response: staffAnswers(adminNewsArticle),
      },
    },
    async (request) => ok(await news.withdraw(staffOf(request), request.body)),
  );
};
