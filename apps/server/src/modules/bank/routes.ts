import {
  addBankCardRequest,
  bankCard,
  bankCardList,
  bankLookupRequest,
  bankLookupResponse,
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

/**
 * `bank/list`, `bank/add`, `bank/remove`: the user's own bank cards; `bank/lookup`: what a bank code
 * resolves to. Every call needs a session.
 */
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
    "bank/lookup",
    {
      ...withSession,
      schema: {
        ...schema,
        summary:
          "What a bank code resolves to, from the datasets bundled with the server (nothing is fetched). " +
          "India (`country` IN): an IFSC, checked against Razorpay's IFSC dataset (the RBI's lists): a " +
          "malformed code answers IFSC_INVALID, one that does not exist IFSC_UNKNOWN, a real one its bank's " +
          "name (`branchName` is null: the dataset has no branch details). Elsewhere: a SWIFT/BIC, checked " +
          "by ISO 9362's format (SWIFT_INVALID) and its country (SWIFT_COUNTRY_MISMATCH {codeCountry}); no " +
          "BIC directory is bundled, so both names are null. An unknown country answers INVALID_INPUT.",
        body: bankLookupRequest,
        response: answers(bankLookupResponse, { session: true }),
      },
    },
    async (request) => ok(cards.lookup(request.body)),
  );

  route(
    app,
    "bank/add",
    {
      ...withSession,
      schema: {
        ...schema,
        summary:
          "Bind a bank card of a bank in `country` (IN when left out). Needs verified KYC (KYC_REQUIRED) and " +
          "the verified real name as holder name (CARD_NOT_OWNED); a number bound already, by anyone, " +
          "answers CARD_EXISTS. India: 12 to 19 digits (CARD_NUMBER_INVALID) and an IFSC that exists " +
          "(IFSC_INVALID, IFSC_UNKNOWN), which names the bank; elsewhere an IBAN where the country's banks " +
          "use them or 6 to 34 letters and digits (ACCOUNT_NUMBER_INVALID), the bank's SWIFT/BIC " +
          "(SWIFT_INVALID, SWIFT_COUNTRY_MISMATCH) and `bankName`. The other scheme's code answers " +
          `INVALID_INPUT. At most ${BANK_CARDS_MAX} cards (CARD_LIMIT_REACHED).`,
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
