import {
  addBankCardRequest,
  bankCard,
  bankCardList,
  BANK_CARDS_MAX,
  emptyRequest,
  removeByIdRequest,
} from "@brokerage/api";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { answers, ok, sessionHeaders } from "../../lib/envelope.js";
import { sessionOf } from "../../plugins/auth.js";
import { route } from "../../plugins/route.js";
import { BankCardService } from "./service.js";

/** `bank/list`, `bank/add`, `bank/remove`: the user's own bank cards. Every call needs a session. */
export const bankRoutes: FastifyPluginAsyncZod = async (app) => {
  const cards = new BankCardService({ db: app.db, clock: app.clock });
  // onRequest: a call without a valid session is refused before its body is even parsed.
  const withSession = { onRequest: app.requireUser };
  const schema = { tags: ["bank"], headers: sessionHeaders, security: [{ token: [], account: [] }] };

  route(
    app,
    "bank/list",
    {
      ...withSession,
      schema: {
        ...schema,
        summary: "The user's bound bank cards, newest first, each number masked (first 4 and last 4 digits)",
        body: emptyRequest,
        response: answers(bankCardList, { session: true }),
      },
    },
    async (request) => ok({ items: await cards.list(sessionOf(request).userId) }),
  );

  route(
    app,
    "bank/add",
    {
      ...withSession,
      schema: {
        ...schema,
        summary:
          "Bind a bank card. Needs verified KYC (KYC_REQUIRED) and the verified real name as holder name " +
          "(CARD_NOT_OWNED); a number bound already, by anyone, answers CARD_EXISTS; bad numbers answer " +
          `CARD_NUMBER_INVALID or IFSC_INVALID; at most ${BANK_CARDS_MAX} cards (CARD_LIMIT_REACHED).`,
        body: addBankCardRequest,
        response: answers(bankCard, { session: true }),
      },
    },
    async (request) => ok(await cards.add(sessionOf(request).userId, request.body)),
  );

  route(
    app,
    "bank/remove",
    {
      ...withSession,
      schema: {
        ...schema,
        summary:
          "Unbind one of the user's cards; refused while a withdrawal to it is pending " +
          "(CARD_WITHDRAWAL_PENDING). Any other id answers NOT_FOUND.",
        body: removeByIdRequest,
        response: answers(z.null(), { session: true }),
      },
    },
    async (request) => {
      await cards.remove(sessionOf(request).userId, request.body.id);
      return ok(null);
    },
  );
};
