import type { PLACEMENT_INELIGIBLE } from "@brokerage/api";
import { money } from "@brokerage/core";
import type { Db } from "../../db/index.js";
import * as repo from "./repository.js";

export type Ineligible = (typeof PLACEMENT_INELIGIBLE)[number];

/**
 * Whether the user may apply to the offer: every offer asks for a verified identity (KYC_REQUIRED); a
 * `holders` offer (a capital increase's default) also for shares of the instrument held in an open long
 * position (PLACEMENT_HOLDERS_ONLY). Null: eligible.
 */
export async function ineligibility(
  db: Db,
  userId: string,
  offer: Pick<repo.OfferRow, "eligibility" | "symbol">,
): Promise<Ineligible | null> {
  const identity = await repo.identityOf(db, userId);
  if (identity?.kycStatus !== "verified") return "KYC_REQUIRED";
  if (offer.eligibility === "holders") {
    const shares = await repo.heldShares(db, { userId, symbol: offer.symbol });
    if (!money(shares).greaterThan(0)) return "PLACEMENT_HOLDERS_ONLY";
  }
  return null;
}
