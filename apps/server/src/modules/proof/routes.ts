import { proofLatest, proofLatestRequest, proofMine, proofMineRequest } from "@brokerage/api";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { answers, ok, sessionHeaders } from "../../lib/envelope.js";
import { sessionOf } from "../../plugins/auth.js";
import { route } from "../../plugins/route.js";
import { latestProof, myProof } from "./service.js";

/** `proof/latest` (public) and `proof/mine` (DESIGN §4.1 Proof and records; docs/honesty.md). */
export const proofRoutes: FastifyPluginAsyncZod = async (app) => {
  route(
    app,
    "proof/latest",
    {
      schema: {
        tags: ["proof"],
        summary:
          "The latest proof of liabilities, open to anyone without a session: its day (Asia/Kolkata), instant " +
          "and kind (daily, or built by staff), the journal chain's head when it was built, and per currency " +
          "the Merkle sum tree's root, the total of every user's balance it commits to (decimal, and in " +
          "units of 10⁻⁸) and how many balances it holds. Nulls and no totals before the first proof.",
        body: proofLatestRequest,
        response: answers(proofLatest),
      },
    },
    async () => ok(await latestProof(app.db)),
  );

  route(
    app,
    "proof/mine",
    {
      onRequest: app.requireUser,
      schema: {
        tags: ["proof"],
        headers: sessionHeaders,
        security: [{ token: [], account: [] }],
        summary:
          "The caller's inclusion in the latest proof of liabilities, per currency they had a balance in: " +
          "their user id and salt (the leaf's commitment), their balance at that instant, the leaf, and the " +
          "siblings from it to the root with their sums, for the app to verify. Only the caller's own leaf.",
        body: proofMineRequest,
        response: answers(proofMine, { session: true }),
      },
    },
    async (request) => ok(await myProof(app.db, sessionOf(request).userId)),
  );
};
