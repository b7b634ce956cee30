import type { UserRevealRequest, UserRevealResponse } from "@brokerage/api";
import type { Db } from "../../db/index.js";
import { DomainError } from "../../lib/errors.js";
import { readOfUser, type ReadSubject } from "../audit/index.js";
import * as repo from "./repository.js";

export const REVEAL_AUDIT = "user.reveal";

/** The full number the request names, with the record it came from; undefined when it is not the user's. */
async function findRevealed(db: Db, request: UserRevealRequest) {
  if (request.field === "idNumber") {
    const row = await repo.idNumberOf(db, request);
    return row && { value: row.idNumber, record: { submissionId: row.id } };
  }
  const row = await repo.cardNumberOf(db, request);
  return row && { value: row.cardNumber, record: { cardId: row.id } };
}

/**
 * The staff read of `users/reveal`: recorded (with the reason and the record revealed) by the staff
 * guard's read mechanism before the answer is built, as every other read is; nothing is recorded for a
 * record that is not the user's, which answers NOT_FOUND.
 */
export const revealRead = readOfUser(
  REVEAL_AUDIT,
  async (request: UserRevealRequest, db): Promise<ReadSubject> => {
    const found = await findRevealed(db, request);
    return found && { userId: request.userId, details: found.record };
  },
  { details: (request) => ({ field: request.field }), reason: (request) => request.reason },
);

/** The number in full, for the one call that may show it. */
export async function reveal(db: Db, request: UserRevealRequest): Promise<UserRevealResponse> {
  const found = await findRevealed(db, request);
  if (!found) throw new DomainError("NOT_FOUND");
  return { field: request.field, value: found.value };
}
