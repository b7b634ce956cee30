import { eq, sql } from "drizzle-orm";
import type { Db } from "../../db/index.js";
import { users } from "../../db/schema/index.js";
import { DomainError } from "../../lib/errors.js";

/**
 * The one list of account refusals (DESIGN §5): whatever moves a user's money checks the account's standing
 * here, in this order, after the idempotency key and before anything of its own. Disabled and frozen close
 * the whole account (every money call); the trade ban closes trading; trading also needs a fund password.
 */
export interface Standing {
  disabled: boolean;
  frozen: boolean;
  tradeBanned: boolean;
  fundPasswordSet: boolean;
}

/** Which of the refusals a call needs beyond the account being open (disabled, frozen). */
export interface Needs {
  /** Trading of any kind: refused while the account is banned from trading. */
  trade?: boolean;
  /** A fund password must be set (orders, block trades, day-trading applications). */
  fundPassword?: boolean;
}

/** Refuses, in the one order, when the standing does not allow the call; UNAUTHORIZED for no user. */
export function refuseAccount(standing: Standing | undefined, needs: Needs = {}): void {
  if (!standing) throw new DomainError("UNAUTHORIZED");
  if (standing.disabled) throw new DomainError("ACCOUNT_DISABLED");
  if (standing.frozen) throw new DomainError("ACCOUNT_FROZEN");
  if (needs.trade && standing.tradeBanned) throw new DomainError("TRADE_BANNED");
  if (needs.fundPassword && !standing.fundPasswordSet) throw new DomainError("FUND_PASSWORD_NOT_SET");
}

/** What the refusals (refuseAccount) read of the user: the account flags and whether a fund password is set. */
export async function findTrader(db: Db, userId: string) {
  const [row] = await db
    .select({
      disabled: users.disabled,
      frozen: users.frozen,
      tradeBanned: users.tradeBanned,
      fundPasswordSet: sql<boolean>`${users.fundPasswordHash} is not null`,
    })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}
