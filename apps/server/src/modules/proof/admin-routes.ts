import {
  adminProofBuild,
  adminProofBuildRequest,
  adminProofList,
  adminProofListRequest,
} from "@brokerage/api";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { ok } from "../../lib/envelope.js";
import { adminRoute } from "../../plugins/route.js";
import { readOfList } from "../audit/index.js";
import { staffAnswers, staffAuthPlugin, staffHeaders, staffOf } from "../staff/index.js";
import { adminProofOf, buildProofs, dayOf, isoDay } from "./service.js";
import { recentProofs } from "./repository.js";

const schema = { headers: staffHeaders, security: [{ token: [], account: [] }], tags: ["admin: proofs"] };

/** `/api/admin/proofs/*`: the proofs of liabilities built, and one built now (docs/honesty.md). */
export const proofAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(staffAuthPlugin);

  adminRoute(
    app,
    "proofs/list",
    {
      onRequest: app.requireStaff("ledger.read", {
        read: readOfList(
          "read.liabilityProofs",
          () => "proofs",
          () => [],
        ),
      }),
      schema: {
        ...schema,
        summary:
          "The latest 60 trees of the proofs of liabilities, newest first: day, instant, kind (daily or " +
          "staff), currency, root, total, balances held, the journal chain's head and who built it. No " +
          "personal data; audited (read.liabilityProofs) as every staff read is.",
        body: adminProofListRequest,
        response: staffAnswers(adminProofList),
      },
    },
    async () => ok({ items: (await recentProofs(app.db, 60)).map(adminProofOf) }),
  );

  adminRoute(
    app,
    "proofs/build",
    {
      // Audited by its own row (proof.build), in the transaction of the trees.
      onRequest: app.requireStaff("ledger.adjust"),
      schema: {
        ...schema,
        summary:
          "Builds the proof of liabilities now, as of the current minute: a Merkle sum tree of every " +
          "user's balance per currency, published by proof/latest. A second build in the same minute (or " +
          "a concurrent one) answers the trees already built with built false. Audited (proof.build).",
        body: adminProofBuildRequest,
        response: staffAnswers(adminProofBuild),
      },
    },
    async (request) => {
      const now = app.clock.now();
      const asOf = new Date(Math.floor(now.getTime() / 60_000) * 60_000);
      const { built, proofs } = await buildProofs(app.db, {
        day: isoDay(dayOf(asOf)),
        asOf,
        kind: "staff",
        builtAt: now,
        staff: staffOf(request),
      });
      return ok({ built, items: proofs.map(adminProofOf) });
    },
  );
};
