import {
  emptyRequest,
  watchlistContainsResponse,
  watchlistItemRequest,
  watchlistReorderRequest,
  watchlistResponse,
} from "@brokerage/api";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { answers, ok, sessionHeaders } from "../../lib/envelope.js";
import { sessionOf } from "../../plugins/auth.js";
import { route } from "../../plugins/route.js";
import { WatchlistService } from "./service.js";

/** `watchlist/*`: the logged-in user's watched instruments. Every call needs a session. */
export const watchlistRoutes: FastifyPluginAsyncZod = async (app) => {
  const watchlist = new WatchlistService({ db: app.db, clock: app.clock, market: app.marketData });
  const schema = { tags: ["watchlist"], headers: sessionHeaders, security: [{ token: [], account: [] }] };
  app.addHook("onRequest", app.requireUser);

  route(
    app,
    "watchlist/list",
    {
      schema: {
        ...schema,
        summary: "Quotes of the watched instruments, in the user's order",
        body: emptyRequest,
        response: answers(watchlistResponse, { session: true }),
      },
    },
    async (request) => ok(await watchlist.list(sessionOf(request).userId)),
  );

  route(
    app,
    "watchlist/add",
    {
      schema: {
        ...schema,
        summary: "Watch an instrument (at the top); adding it again changes nothing; at most 200",
        body: watchlistItemRequest,
        response: answers(z.null(), { session: true }),
      },
    },
    async (request) => {
      await watchlist.add(sessionOf(request).userId, request.body);
      return ok(null);
    },
  );

  route(
    app,
    "watchlist/remove",
    {
      schema: {
        ...schema,
        summary: "Stop watching an instrument; removing one not watched changes nothing",
        body: watchlistItemRequest,
        response: answers(z.null(), { session: true }),
      },
    },
    async (request) => {
      await watchlist.remove(sessionOf(request).userId, request.body);
      return ok(null);
    },
  );

  route(
    app,
    "watchlist/reorder",
    {
      schema: {
        ...schema,
        summary: "Put the watchlist in a new order; `items` must be exactly the watched set",
        body: watchlistReorderRequest,
        response: answers(z.null(), { session: true }),
      },
    },
    async (request) => {
      await watchlist.reorder(sessionOf(request).userId, request.body.items);
      return ok(null);
    },
  );

  route(
    app,
    "watchlist/contains",
    {
      schema: {
        ...schema,
        summary: "Whether the user watches an instrument (the star on the detail screen)",
        body: watchlistItemRequest,
        response: answers(watchlistContainsResponse, { session: true }),
      },
    },
    async (request) => ok(await watchlist.contains(sessionOf(request).userId, request.body)),
  );
};
