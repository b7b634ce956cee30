import {
  addWalletRequest,
  emptyRequest,
  removeByIdRequest,
  WALLET_ADDRESSES_MAX,
  walletAddress,
  walletAddressList,
} from "@brokerage/api";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { answers, ok, sessionHeaders } from "../../lib/envelope.js";
import { sessionOf } from "../../plugins/auth.js";
import { route } from "../../plugins/route.js";
import { WalletService } from "./service.js";

/** `wallet/list`, `wallet/add`, `wallet/remove`: the user's own crypto addresses. Every call needs a session. */
export const walletRoutes: FastifyPluginAsyncZod = async (app) => {
  const wallets = new WalletService({ db: app.db, clock: app.clock });
  // onRequest: a call without a valid session is refused before its body is even parsed.
  const withSession = { onRequest: app.requireUser };
  const schema = { tags: ["wallet"], headers: sessionHeaders, security: [{ token: [], account: [] }] };

  route(
    app,
    "wallet/list",
    {
      ...withSession,
      schema: {
        ...schema,
        summary: "The user's wallet addresses, newest first",
        body: emptyRequest,
        response: answers(walletAddressList, { session: true }),
      },
    },
    async (request) => ok({ items: await wallets.list(sessionOf(request).userId) }),
  );

  route(
    app,
    "wallet/add",
    {
      ...withSession,
      schema: {
        ...schema,
        summary:
          "Add a wallet address: `type` one of USDT-TRC20, USDT-ERC20, BTC (else INVALID_INPUT) and an " +
          "address of that network with a valid checksum (WALLET_ADDRESS_INVALID with `type`). The same " +
          `address twice answers WALLET_EXISTS; at most ${WALLET_ADDRESSES_MAX} (WALLET_LIMIT_REACHED).`,
        body: addWalletRequest,
        response: answers(walletAddress, { session: true }),
      },
    },
    async (request) => ok(await wallets.add(sessionOf(request).userId, request.body)),
  );

  route(
    app,
    "wallet/remove",
    {
      ...withSession,
      schema: {
        ...schema,
        summary:
          "Remove one of the user's wallet addresses; refused while a withdrawal to it is pending " +
          "(WALLET_WITHDRAWAL_PENDING). Any other id answers NOT_FOUND.",
        body: removeByIdRequest,
        response: answers(z.null(), { session: true }),
      },
    },
    async (request) => {
      await wallets.remove(sessionOf(request).userId, request.body.id);
      return ok(null);
    },
  );
};
