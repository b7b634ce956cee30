import { randomUUID } from "node:crypto";
import type { SeatApplication, SeatStatus } from "@brokerage/api";
import { eq } from "drizzle-orm";
import type { Db } from "../../db/index.js";
import { users } from "../../db/schema/index.js";
import type { Clock } from "../../lib/clock.js";
import { uniqueViolation } from "../../lib/db-errors.js";
import { DomainError } from "../../lib/errors.js";
import { findTrader, refuseAccount } from "../ledger/index.js";
import { openReview } from "../reviews/index.js";
import { getSetting } from "../settings/index.js";
import * as repo from "./repository.js";

interface Deps {
  db: Db;
  clock: Clock;
}

export function toApplication(row: repo.SeatApplicationRow): SeatApplication {
  return {
    id: row.id,
    state: row.state,
    reason: row.reason,
    createdAt: row.createdAt.toISOString(),
    decidedAt: row.decidedAt?.toISOString() ?? null,
  };
}

/**
 * The seat account (packages/api seat.ts, docs/checkin.md "Seat account"): the status with what a seat
 * grants (`seat.terms`), and the application that a reviewer decides (review.ts, review kind `seat`).
 */
export class SeatService {
  constructor(private readonly deps: Deps) {}

  async status(userId: string): Promise<SeatStatus> {
    const { db } = this.deps;
    const [row, terms] = await Promise.all([repo.latest(db, userId), getSetting(db, "seat.terms")]);
    const application = row ? toApplication(row) : null;
    return {
      state: application?.state ?? "none",
      application,
      grants: terms.grants,
      requireKyc: terms.requireKyc,
      canApply:
        terms.grants.length > 0 && application?.state !== "review" && application?.state !== "approved",
    };
  }

  /**
   * In one transaction: the account open (ACCOUNT_DISABLED, ACCOUNT_FROZEN), seats offered
   * (SEAT_NOT_OFFERED), real-name verification when the terms ask for it (KYC_REQUIRED), none waiting
   * (SEAT_PENDING) and not a seat already (SEAT_ALREADY_HELD); then the application and its review.
   */
  async apply(userId: string): Promise<SeatApplication> {
    const { db, clock } = this.deps;
    try {
      return await db.transaction(async (tx) => {
        refuseAccount(await findTrader(tx, userId));
        const terms = await getSetting(tx, "seat.terms");
        if (terms.grants.length === 0) throw new DomainError("SEAT_NOT_OFFERED");
        if (terms.requireKyc) {
          const [user] = await tx.select({ kyc: users.kycStatus }).from(users).where(eq(users.id, userId));
          if (user?.kyc !== "verified") throw new DomainError("KYC_REQUIRED");
        }
        const open = await repo.open(tx, userId);
        if (open) throw new DomainError(open.state === "review" ? "SEAT_PENDING" : "SEAT_ALREADY_HELD");
        const at = clock.now();
        const row = await repo.insert(tx, { id: randomUUID(), userId, createdAt: at });
        await openReview(tx, { kind: "seat", subjectId: row.id, userId, createdAt: at });
        return toApplication(row);
      });
    } catch (error) {
      // Two applications at once both passed the check: the database keeps one open.
      if (uniqueViolation(error) === repo.ONE_OPEN_INDEX) throw new DomainError("SEAT_PENDING");
      throw error;
    }
  }
}
