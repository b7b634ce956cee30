import {
  emptyRequest,
  killSwitchRequest,
  lossLimitRequest,
  marginStatus as marginStatusSchema,
  riskAcknowledgeRequest,
  riskDisclosure,
  riskDisclosureRequest,
  selfProtection,
} from "@brokerage/api";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { answers, ok, sessionHeaders } from "../../lib/envelope.js";
import { sessionOf } from "../../plugins/auth.js";
import { route } from "../../plugins/route.js";
import { marginStatus } from "../trading/index.js";
import { SelfProtectionService } from "./protection.js";
import { RiskStatistics } from "./statistics.js";

/**
 * `risk/disclosure`, `risk/acknowledge`, `risk/marginStatus`, `user/killSwitch`, `user/lossLimit`,
 * `user/selfProtection` (DESIGN §4.1 "Proof and records", "Self-protection"; docs/risk.md). Registered at
 * /api/vue: its paths lie under two prefixes. Every call needs a session and reads the user's own rows.
 */
export const riskRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = { db: app.db, clock: app.clock, market: app.market };
  const statistics = new RiskStatistics(deps);
  const protection = new SelfProtectionService(deps);
  const withSession = { onRequest: app.requireUser };
  const schema = { headers: sessionHeaders, security: [{ token: [], account: [] }] };
  const risk = { ...schema, tags: ["risk"] };
  const user = { ...schema, tags: ["user"] };

  route(
    app,
    "risk/disclosure",
    {
      ...withSession,
      schema: {
        ...risk,
        summary:
          "The share of retail accounts that lost money on a product (leveraged trading, day trading, a " +
          "copy product as `copy:<id>`, NOT_FOUND for an unknown one) over " +
          "the 12 months before the last quarter's start, as published (ESMA Decision (EU) 2018/796: " +
          "realised and unrealised net of every cost, recalculated every quarter), `method` in words; " +
          "`daily` the same over the 12 months before today (UTC), for display; and when the user " +
          "acknowledged the warning. `lostShare` is null while no account had a position.",
        body: riskDisclosureRequest,
        response: answers(riskDisclosure, { session: true }),
      },
    },
    async (request) => ok(await statistics.disclosure(sessionOf(request).userId, request.body.product)),
  );

  route(
    app,
    "risk/acknowledge",
    {
      ...withSession,
      schema: {
        ...risk,
        summary:
          "Acknowledges the product's risk warning as shown (the published figure is kept with it); the " +
          "first acknowledgement stands, a repeat changes nothing. A leveraged order needs it " +
          "(RISK_DISCLOSURE_REQUIRED otherwise).",
        body: riskAcknowledgeRequest,
        response: answers(riskDisclosure, { session: true }),
      },
    },
    async (request) => ok(await statistics.acknowledge(sessionOf(request).userId, request.body.product)),
  );

  route(
    app,
    "risk/marginStatus",
    {
      ...withSession,
      schema: {
        ...risk,
        summary:
          "The user's leveraged open positions in the order their close-outs would come (nearest first): " +
          "margin level, close-out price, distance, and the lowest warning level of this descent; with the " +
          "ladder's levels and the close-out level.",
        body: emptyRequest,
        response: answers(marginStatusSchema, { session: true }),
      },
    },
    async (request) => ok(await marginStatus(deps, app.db, sessionOf(request).userId)),
  );

  route(
    app,
    "user/selfProtection",
    {
      ...withSession,
      schema: {
        ...user,
        summary:
          "The user's kill switch (until when trading is locked, null: not locked) and daily loss limits " +
          "with today's result in each currency (from `dayStart`, the platform's day in `timeZone`).",
        body: emptyRequest,
        response: answers(selfProtection, { session: true }),
      },
    },
    async (request) => ok(await protection.status(sessionOf(request).userId)),
  );

  route(
    app,
    "user/killSwitch",
    {
      ...withSession,
      schema: {
        ...user,
        summary:
          "Locks the user's own trading (new orders; closing stays allowed) for `hours` (1 to 8760) from " +
          "now. Nothing lifts it early: a second call can only extend it (KILL_SWITCH_ONLY_EXTENDS {until} " +
          "for an end before the one in force). New orders meanwhile answer TRADING_SELF_LOCKED {until}.",
        body: killSwitchRequest,
        response: answers(selfProtection, { session: true }),
      },
    },
    async (request) => ok(await protection.killSwitch(sessionOf(request).userId, request.body.hours)),
  );

  route(
    app,
    "user/lossLimit",
    {
      ...withSession,
      schema: {
        ...user,
        summary:
          "Sets a daily loss limit in a currency: once today's trading result in it (realised and " +
          "unrealised, net of costs, since the platform day's start) is a loss of at least the amount, new " +
          "orders answer LOSS_LIMIT_REACHED {amount, currency} until the day ends; closing stays allowed. " +
          "A first or lower limit applies at once; a higher one, or null (removal), from the next day.",
        body: lossLimitRequest,
        response: answers(selfProtection, { session: true }),
      },
    },
    async (request) =>
      ok(await protection.lossLimit(sessionOf(request).userId, request.body.currency, request.body.amount)),
  );
};
