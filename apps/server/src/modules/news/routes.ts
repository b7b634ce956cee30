import { newsArticle, newsDetailRequest, newsListRequest, newsPage } from "@brokerage/api";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { answers, ok, sessionHeaders } from "../../lib/envelope.js";
import { route } from "../../plugins/route.js";
import { NewsService } from "./service.js";

/** `news/*` (spec §2 "News centre with hot news and stock-price news, and a detail view"). */
export const newsRoutes: FastifyPluginAsyncZod = async (app) => {
  const news = new NewsService({ db: app.db, market: app.market });
  const withSession = { onRequest: app.requireUser };
  const schema = { tags: ["news"], headers: sessionHeaders, security: [{ token: [], account: [] }] };

  route(
    app,
    "news/list",
    {
      ...withSession,
      schema: {
        ...schema,
        summary:
          "The published articles of one section (`hot`: market news; `stock`: news on one instrument, " +
          "with its symbol and name) in one language, newest first, 20 a page, without their bodies; pass " +
          "`nextCursor` back as `cursor` (null on the last page). A cursor of another section or language, " +
          "or a malformed one, answers INVALID_INPUT.",
        body: newsListRequest,
        response: answers(newsPage, { session: true }),
      },
    },
    async (request) => ok(await news.list(request.body)),
  );

  route(
    app,
    "news/detail",
    {
      ...withSession,
      schema: {
        ...schema,
        summary:
          "One published article, whole: its body is plain text, paragraphs split by blank lines. " +
          "NOT_FOUND for an unknown or withdrawn article.",
        body: newsDetailRequest,
        response: answers(newsArticle, { session: true }),
      },
    },
    async (request) => ok(await news.detail(request.body.id)),
  );
};
