import {
  ADMIN_PAGE_SIZE,
  SESSION_ENDING_FLAGS,
  USER_FLAGS,
  type EndUserSessionsRequest,
  type MessageKind,
  type SetCreditScoreRequest,
  type SetUserFlagsRequest,
  type UserDetail,
  type UserFlags,
  type UserSearchRequest,
  type UserSummary,
} from "@brokerage/api";
import { maskAccountNumber, maskIdNumber } from "@brokerage/core";
import type { Db } from "../../db/index.js";
import type { Clock } from "../../lib/clock.js";
import { DomainError } from "../../lib/errors.js";
import { idCursor } from "../../lib/cursor.js";
import { auditTrailOf, recordStaffAction, toAuditEntry, userTarget } from "../audit/index.js";
import type { MessageService } from "../messages/index.js";
import type { SessionService } from "../session/index.js";
import type { StaffAuth } from "../staff/index.js";
import * as repo from "./repository.js";

export const USER_AUDIT = {
  setFlags: "user.setFlags",
  setCreditScore: "user.setCreditScore",
  endSessions: "user.endSessions",
} as const;

const AUDIT_TRAIL_SIZE = 50;
const RECENT_MESSAGES = 20;
const cursor = idCursor("users");

interface Deps {
  db: Db;
  clock: Clock;
  sessions: SessionService;
  messages: MessageService;
}

type FlagColumns = Record<keyof UserFlags, boolean>;

const flagsOf = (row: FlagColumns): UserFlags => ({
  frozen: row.frozen,
  loginBanned: row.loginBanned,
  disabled: row.disabled,
  tradeBanned: row.tradeBanned,
  withdrawBanned: row.withdrawBanned,
});

type SummaryRow = Awaited<ReturnType<typeof repo.searchUsers>>[number];

const toSummary = (row: SummaryRow): UserSummary => ({
  id: row.id,
  account: row.account,
  realname: row.realname,
  inviteCode: row.inviteCode,
  kycStatus: row.kycStatus,
  creditScore: row.creditScore,
  flags: flagsOf(row),
  createdAt: row.createdAt.toISOString(),
});

/** A stored card number is always an account number; a row that is not one is shown fully hidden. */
function maskedCard(number: string): string {
  try {
    return maskAccountNumber(number);
  } catch {
    return "*".repeat(number.length);
  }
}

/**
 * The back office's view of users and the staff actions on them (DESIGN §5 Back office). Every action is
 * one transaction with its effect, the user's message and exactly one audit row.
 */
export class UsersAdminService {
  constructor(private readonly deps: Deps) {}

  async search(request: UserSearchRequest) {
    const rows = await repo.searchUsers(this.deps.db, {
      q: request.q,
      afterId: request.cursor === undefined ? undefined : cursor.decode(request.cursor),
      limit: ADMIN_PAGE_SIZE + 1,
    });
    const page = rows.slice(0, ADMIN_PAGE_SIZE);
    const last = page.at(-1);
    return {
      items: page.map(toSummary),
      nextCursor: rows.length > ADMIN_PAGE_SIZE && last ? cursor.encode(last.id) : null,
    };
  }

  async detail(userId: string): Promise<UserDetail> {
    const { db, clock } = this.deps;
    const profile = await repo.findUserProfile(db, userId);
    if (!profile) throw new DomainError("NOT_FOUND");
    const [kyc, cards, wallets, live, audit, inbox] = await Promise.all([
      repo.kycOf(db, userId),
      repo.cardsOf(db, userId),
      repo.walletsOf(db, userId),
      repo.liveSessionsOf(db, userId, clock.now()),
      auditTrailOf(db, userId, AUDIT_TRAIL_SIZE),
      repo.recentMessagesOf(db, userId, RECENT_MESSAGES),
    ]);
    const { latest } = kyc;
    return {
      profile: {
        ...toSummary(profile),
        inviterAccount: profile.inviterAccount,
        institutionName: profile.institutionName,
        fundPasswordSet: profile.fundPasswordSet,
        twoStepEnabled: profile.twoStepEnabled,
        updatedAt: profile.updatedAt.toISOString(),
      },
      kyc: {
        status: profile.kycStatus,
        latest: latest
          ? {
              id: latest.id,
              realName: latest.realName,
              idNumberMasked: maskIdNumber(latest.idNumber),
              state: latest.state,
              reason: latest.reason,
              createdAt: latest.createdAt.toISOString(),
              decidedAt: latest.decidedAt?.toISOString() ?? null,
            }
          : null,
        submissions: kyc.submissions,
      },
      cards: cards.map((c) => ({
        id: c.id,
        holderName: c.holderName,
        cardNumberMasked: maskedCard(c.cardNumber),
        bankName: c.bankName,
        branchName: c.branchName,
        country: c.country,
        ifsc: c.ifsc,
        swift: c.swift,
        createdAt: c.createdAt.toISOString(),
        removedAt: c.removedAt?.toISOString() ?? null,
      })),
      wallets: wallets.map((w) => ({
        id: w.id,
        type: w.type,
        address: w.address,
        createdAt: w.createdAt.toISOString(),
      })),
      sessions: {
        active: live.length,
        items: live.map((s) => ({
          id: s.id,
          createdAt: s.createdAt.toISOString(),
          lastSeenAt: s.lastSeenAt.toISOString(),
          ip: s.ip,
          userAgent: s.userAgent,
        })),
      },
      audit: audit.map(toAuditEntry),
      messages: inbox.map((m) => ({
        id: m.id,
        kind: m.kind as MessageKind,
        params: m.params,
        createdAt: m.createdAt.toISOString(),
        read: m.readAt !== null,
      })),
    };
  }

  /**
   * Sets the flags named (the others stay). While a flag that refuses log-in (frozen, loginBanned,
   * disabled) is set, before or after the change, every session of the user is revoked in the same
   * transaction, as a password change does, and announced once committed (the caches drop them and the
   * quote sockets close on every process): lifting the flag later brings no token back. Revoking on a lift
   * too ends a session that a log-in racing the flag may have opened.
   */
  async setFlags(staff: StaffAuth, request: SetUserFlagsRequest): Promise<UserFlags> {
    const { db, clock, sessions, messages } = this.deps;
    const { after, endsSessions } = await db.transaction(async (tx) => {
      const row = await repo.lockUser(tx, request.userId);
      if (!row) throw new DomainError("NOT_FOUND");
      const at = clock.now();
      const before = flagsOf(row);
      const after = { ...before, ...request.flags };
      await repo.updateFlags(tx, { userId: row.id, flags: request.flags, at });
      const endsSessions = SESSION_ENDING_FLAGS.some((f) => before[f] || after[f]);
      const sessionsEnded = endsSessions ? await repo.revokeSessionsOf(tx, { userId: row.id, at }) : 0;
      await messages.send(tx, { userId: row.id, kind: "flagsChanged", params: { reason: request.reason } });
      const changed = USER_FLAGS.filter((f) => before[f] !== after[f]);
      await recordStaffAction(tx, staff, {
        action: USER_AUDIT.setFlags,
        target: userTarget(row.id),
        reason: request.reason,
        details: { account: row.account, requested: request.flags, changed, before, after, sessionsEnded },
        at,
      });
      return { after, endsSessions };
    });
    if (endsSessions) await sessions.endAllOf(request.userId);
    return after;
  }

  async setCreditScore(staff: StaffAuth, request: SetCreditScoreRequest): Promise<{ creditScore: number }> {
    const { db, clock, messages } = this.deps;
    return db.transaction(async (tx) => {
      const row = await repo.lockUser(tx, request.userId);
      if (!row) throw new DomainError("NOT_FOUND");
      const at = clock.now();
      await repo.updateCreditScore(tx, { userId: row.id, score: request.score, at });
      await messages.send(tx, {
        userId: row.id,
        kind: "creditScoreChanged",
        params: { score: String(request.score), reason: request.reason },
      });
      await recordStaffAction(tx, staff, {
        action: USER_AUDIT.setCreditScore,
        target: userTarget(row.id),
        reason: request.reason,
        details: { account: row.account, before: row.creditScore, after: request.score },
        at,
      });
      return { creditScore: request.score };
    });
  }

  /** Revokes every session of the user (the user logs in again), announced once committed. */
  async endSessions(staff: StaffAuth, request: EndUserSessionsRequest): Promise<{ ended: number }> {
    const { db, clock, sessions, messages } = this.deps;
    const ended = await db.transaction(async (tx) => {
      const row = await repo.lockUser(tx, request.userId);
      if (!row) throw new DomainError("NOT_FOUND");
      const at = clock.now();
      const ended = await repo.revokeSessionsOf(tx, { userId: row.id, at });
      await messages.send(tx, { userId: row.id, kind: "sessionsEnded", params: { reason: request.reason } });
      await recordStaffAction(tx, staff, {
        action: USER_AUDIT.endSessions,
        target: userTarget(row.id),
        reason: request.reason,
        details: { account: row.account, ended },
        at,
      });
      return ended;
    });
    await sessions.endAllOf(request.userId);
    return { ended };
  }
}
