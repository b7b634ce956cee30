import { z } from "zod";
import { plainText } from "./envelope.js";
import type { ErrorCode } from "./errors.js";
import { cursorPage, messageKind } from "./identity.js";
import { accountSchema, kycStatus, passwordSchema, secondFactorSchema } from "./user.js";

/** A zod issue whose message is a stable error code (see user.ts). */
const coded = (code: ErrorCode) => ({ message: code });

/** Back-office roles (DESIGN §5). */
export const ADMIN_ROLES = ["administrator", "reviewer", "operator", "support"] as const;
export const adminRole = z.enum(ADMIN_ROLES);
export type AdminRole = z.infer<typeof adminRole>;

/**
 * The one permission registry (DESIGN §5): the back-office API checks it on every route and its UI reads
 * it to show only what the role may use. A permission names what it allows; a role is the set it has.
 */
export const PERMISSIONS = [
  "reviews.read",
  "reviews.decide",
  "kyc.photos",
  "users.read",
  "users.flags",
  "users.creditScore",
  "users.sessions",
  "staff.manage",
  "audit.read",
  "config.manage",
  /** Read a user's ledger (balances, postings) in the user detail. */
  "ledger.read",
  /**
   * Book an adjustment (`users/adjust`); one that takes the user's or the requester's adjustments of the
   * last day above `adjustment.fourEyesAbove` waits for a second administrator.
   */
  "ledger.adjust",
  /**
   * Ask for and decide a change of a control setting (CONTROL_SETTINGS): one administrator asks, another
   * approves it in the review queue (kind `settingChange`).
   */
  "config.controls",
  /** Deposit channels (`channels/list`, `channels/save`). */
  "channels.manage",
  /** Block-trade offers (`blockTrades/list`, `blockTrades/save`, `blockTrades/withdraw`). */
  "blockTrades.manage",
  /** Placement and capital-increase offers (`placements/list`, `placements/save`, `placements/withdraw`). */
  "placements.manage",
  /** New-share offerings (`ipos/offerings`, `ipos/save`, `ipos/draw`, `ipos/listing`, `ipos/cancel`). */
  "ipos.manage",
  /** Read a user's orders and positions (`users/orders`) in the user detail. */
  "trading.read",
  /** News articles (`news/list`, `news/save`, `news/withdraw`). */
  "news.manage",
  /** See a KYC ID number or a card number in full (`users/reveal`), each time with a reason, audited. */
  "users.reveal",
  /**
   * The support inbox (`support/threads`, `support/thread`, `support/reply`, `support/assign`,
   * `support/resolve`, `support/image`, `support/stats`): users' conversations, read and answered.
   */
  "support.handle",
  /**
   * Copy products (`follow/list`, `follow/detail`, `follow/save`, `follow/trade`, `follow/closePosition`,
   * `follow/cancelOrder`, `follow/close`): create them, trade their portfolios, close them. No call of it
   * sets a NAV, a unit count or a result.
   */
  "follow.manage",
] as const;
export type Permission = (typeof PERMISSIONS)[number];

/**
 * The permissions that open users' personal or money data. Every back-office route under one of them
 * declares what it reads (an audited staff read) or that it shows none: the server refuses to start
 * otherwise, so a new route cannot forget the audit.
 */
export const PERSONAL_DATA_PERMISSIONS: readonly Permission[] = [
  "users.read",
  "users.reveal",
  "ledger.read",
  "trading.read",
  "kyc.photos",
  "reviews.read",
  "support.handle",
];

export const ROLE_PERMISSIONS: Readonly<Record<AdminRole, readonly Permission[]>> = {
  administrator: PERMISSIONS,
  reviewer: [
    "reviews.read",
    "reviews.decide",
    "kyc.photos",
    "users.read",
    "audit.read",
    "ledger.read",
    "trading.read",
    "users.reveal",
  ],
  operator: [
    "reviews.read",
    "users.read",
    "users.flags",
    "users.creditScore",
    "users.sessions",
    "config.manage",
    "ledger.read",
    "channels.manage",
    "blockTrades.manage",
    "placements.manage",
    "ipos.manage",
    "trading.read",
    "news.manage",
    "follow.manage",
  ],
  support: ["users.read", "reviews.read", "ledger.read", "support.handle"],
};

export const can = (role: AdminRole, permission: Permission): boolean =>
  ROLE_PERMISSIONS[role].includes(permission);

/**
 * `auth/login {account, password, otp?}` → `{token, account, role}`. `otp`: the authenticator's code or
 * one of the recovery codes given at enrolment.
 */
export const staffLoginRequest = z.object({
  account: plainText.min(1).max(64),
  password: z.string().min(1).max(128),
  otp: secondFactorSchema.optional(),
});
export type StaffLoginRequest = z.infer<typeof staffLoginRequest>;

export const staffSession = z.object({ token: z.string(), account: z.string(), role: adminRole });
export type StaffSession = z.infer<typeof staffSession>;

export const staffMe = z.object({
  id: z.string(),
  account: z.string(),
  role: adminRole,
  permissions: z.array(z.enum(PERMISSIONS)),
  totpEnabled: z.boolean(),
  /**
   * Two-step log-in is required of this staff member (an administrator under `ADMIN_REQUIRE_2FA=true`)
   * and not yet on: every call except auth/me, auth/enrollTotp, auth/confirmTotp and auth/logout answers
   * TOTP_ENROLMENT_REQUIRED until it is. The back office sends them to enrolment.
   */
  totpRequired: z.boolean(),
});
export type StaffMe = z.infer<typeof staffMe>;

export const totpEnrolment = z.object({ secret: z.string(), uri: z.string() });
export const otpRequest = z.object({
  otp: z
    .string()
    .trim()
    .regex(/^\d{6}$/),
});

/** Review kinds (DESIGN §4.1); features register their handlers as they land. */
export const REVIEW_KINDS = [
  "kyc",
  "deposit",
  "withdrawal",
  "blockTrade",
  "dayTrading",
  "loan",
  "placement",
  "lending",
  "seat",
  /** A back-office adjustment above `adjustment.fourEyesAbove`: a second administrator approves it. */
  "adjustment",
  /** A change of a control setting asked for by an administrator: a second administrator approves it. */
  "settingChange",
] as const;
export const reviewKind = z.enum(REVIEW_KINDS);
export type ReviewKind = z.infer<typeof reviewKind>;
export const REVIEW_STATES = ["pending", "approved", "rejected"] as const;
export const reviewState = z.enum(REVIEW_STATES);

export const reviewListRequest = z.object({
  kind: reviewKind,
  state: reviewState.optional(),
  cursor: z.string().max(64).optional(),
});
export type ReviewListRequest = z.infer<typeof reviewListRequest>;

export const reviewItem = z.object({
  id: z.string(),
  kind: reviewKind,
  state: reviewState,
  /** The user the request is about; null for a request about the platform (`settingChange`). */
  userId: z.string().nullable(),
  account: z.string().nullable(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
  reason: z.string().nullable(),
  approvals: z.array(z.object({ adminUserId: z.string(), at: z.string() })),
  approvalsNeeded: z.number().int(),
  /** What the reviewer needs to decide, per kind (KYC: name, masked ID number, photo ids). */
  subject: z.record(z.string(), z.string().nullable()),
});
export type ReviewItem = z.infer<typeof reviewItem>;
export const reviewListResponse = cursorPage(reviewItem);

export const reviewDecideRequest = z
  .object({
    kind: reviewKind,
    id: z.string().uuid(),
    decision: z.enum(["approve", "reject"]),
    reason: plainText.max(500).default(""),
  })
  .superRefine((v, ctx) => {
    if (v.decision === "reject" && v.reason.length === 0)
      ctx.addIssue({ code: "custom", path: ["reason"], message: "REASON_REQUIRED" });
  });
export type ReviewDecideRequest = z.infer<typeof reviewDecideRequest>;

/**
 * `reviews/decide` answers the review as it stands after the decision: `approved` or `rejected`, or still
 * `pending` with one more entry in `approvals` after the first approval of a four-eyes review. A second
 * approval by the same staff member answers SAME_APPROVER; deciding a decided review, ORDER_STATE_INVALID;
 * an unknown id (or one of another kind), NOT_FOUND.
 */
export const reviewDecideResponse = reviewItem;

/** `reviews/summary {}` → the kinds that have a handler, with their pending count (the queue's tabs). */
export const reviewSummaryResponse = z.object({
  kinds: z.array(z.object({ kind: reviewKind, pending: z.number().int().min(0) })),
});
export type ReviewSummary = z.infer<typeof reviewSummaryResponse>;

/** Page size of every back-office list. */
export const ADMIN_PAGE_SIZE = 20;

/** Why a staff member changes a user (flags, credit score, sessions): required, kept in the audit log. */
export const staffReason = plainText.min(1, coded("REASON_REQUIRED")).max(500);

// ---------------------------------------------------------------------------------------------------
// Users (DESIGN §5 Back office)

/** The account flags of spec §6; each refuses its own part of the app with its own message. */
export const USER_FLAGS = ["frozen", "loginBanned", "disabled", "tradeBanned", "withdrawBanned"] as const;
export const userFlag = z.enum(USER_FLAGS);
export type UserFlag = z.infer<typeof userFlag>;
/** Setting one of these ends the user's sessions at once (and closes their quote sockets). */
export const SESSION_ENDING_FLAGS: readonly UserFlag[] = ["frozen", "loginBanned", "disabled"];

export const userFlags = z.object({
  frozen: z.boolean(),
  loginBanned: z.boolean(),
  disabled: z.boolean(),
  tradeBanned: z.boolean(),
  withdrawBanned: z.boolean(),
});
export type UserFlags = z.infer<typeof userFlags>;

/** The credit score a staff member may set (the spec gives no scale; 100 is every new user's score). */
export const CREDIT_SCORE_MIN = 0;
export const CREDIT_SCORE_MAX = 100;

/** `users/search {q, cursor?}`: part of the account, the real name or the invitation code, any case; empty lists all. */
export const userSearchRequest = z.object({
  q: plainText.max(64).default(""),
  cursor: z.string().max(128).optional(),
});
export type UserSearchRequest = z.infer<typeof userSearchRequest>;

export const userSummary = z.object({
  id: z.string(),
  account: z.string(),
  realname: z.string().nullable(),
  inviteCode: z.string(),
  kycStatus,
  creditScore: z.number().int(),
  flags: userFlags,
  createdAt: z.string(),
});
export type UserSummary = z.infer<typeof userSummary>;
/** Newest accounts first. */
export const userSearchResponse = cursorPage(userSummary);

export const userIdRequest = z.object({ userId: z.string().uuid() });

/** One row of the audit log (DESIGN §5): who, when, what, on what, and why. */
export const auditEntry = z.object({
  id: z.string(),
  createdAt: z.string(),
  /** Null for the system's own actions (bootstrap) and for log-in attempts on unknown accounts. */
  adminUserId: z.string().nullable(),
  actor: z.string(),
  action: z.string(),
  /** `user:<id>`, `review:<id>`, `staff:<id>` … */
  target: z.string(),
  reason: z.string().nullable(),
  details: z.record(z.string(), z.unknown()),
});
export type AuditEntry = z.infer<typeof auditEntry>;

/** `users/detail {userId}` (NOT_FOUND for an unknown id). */
export const userDetail = z.object({
  profile: userSummary.extend({
    inviterAccount: z.string().nullable(),
    institutionName: z.string().nullable(),
    fundPasswordSet: z.boolean(),
    twoStepEnabled: z.boolean(),
    updatedAt: z.string(),
  }),
  kyc: z.object({
    status: kycStatus,
    /** The latest submission; the ID number masked (first 6 and last 1). */
    latest: z
      .object({
        id: z.string(),
        realName: z.string(),
        idNumberMasked: z.string(),
        state: z.enum(["under_review", "verified", "failed"]),
        reason: z.string().nullable(),
        createdAt: z.string(),
        decidedAt: z.string().nullable(),
      })
      .nullable(),
    submissions: z.number().int().min(0),
  }),
  /** Bound cards first, then removed ones (`removedAt` set); numbers masked. */
  cards: z.array(
    z.object({
      id: z.string(),
      holderName: z.string(),
      cardNumberMasked: z.string(),
      bankName: z.string(),
      branchName: z.string(),
      /** ISO 3166-1 alpha-2 of the bank: an IFSC routes an Indian card, a SWIFT/BIC any other. */
      country: z.string(),
      ifsc: z.string().nullable(),
      swift: z.string().nullable(),
      createdAt: z.string(),
      removedAt: z.string().nullable(),
    }),
  ),
  wallets: z.array(
    z.object({ id: z.string(), type: z.string(), address: z.string(), createdAt: z.string() }),
  ),
  /** Sessions neither revoked nor expired (a blocked account's sessions grant nothing while blocked). */
  sessions: z.object({
    active: z.number().int().min(0),
    items: z.array(
      z.object({
        id: z.string(),
        createdAt: z.string(),
        lastSeenAt: z.string(),
        ip: z.string().nullable(),
        userAgent: z.string().nullable(),
      }),
    ),
  }),
  /** The newest audit rows whose target is `user:<id>` (at most 50). */
  audit: z.array(auditEntry),
  /** The newest messages of the user's inbox (at most 20). */
  messages: z.array(
    z.object({
      id: z.string(),
      kind: messageKind,
      params: z.record(z.string(), z.string()),
      createdAt: z.string(),
      read: z.boolean(),
    }),
  ),
});
export type UserDetail = z.infer<typeof userDetail>;

/**
 * `users/setFlags {userId, flags, reason}`: the flags named change, the others stay; at least one. Answers
 * every flag as it now stands. Messaged to the user (flagsChanged) and audited (user.setFlags), also when
 * nothing actually changed; frozen, loginBanned and disabled end the user's sessions.
 */
export const setUserFlagsRequest = z.object({
  userId: z.string().uuid(),
  flags: userFlags.partial().refine((f) => Object.keys(f).length > 0, { message: "name at least one flag" }),
  reason: staffReason,
});
export type SetUserFlagsRequest = z.infer<typeof setUserFlagsRequest>;
export const setUserFlagsResponse = userFlags;

/** `users/setCreditScore {userId, score, reason}` → `{creditScore}` (messaged: creditScoreChanged). */
export const setCreditScoreRequest = z.object({
  userId: z.string().uuid(),
  score: z.number().int().min(CREDIT_SCORE_MIN).max(CREDIT_SCORE_MAX),
  reason: staffReason,
});
export type SetCreditScoreRequest = z.infer<typeof setCreditScoreRequest>;
export const setCreditScoreResponse = z.object({ creditScore: z.number().int() });

/** `users/endSessions {userId, reason}` → `{ended}` sessions revoked (messaged: sessionsEnded). */
export const endUserSessionsRequest = z.object({ userId: z.string().uuid(), reason: staffReason });
export type EndUserSessionsRequest = z.infer<typeof endUserSessionsRequest>;
export const endUserSessionsResponse = z.object({ ended: z.number().int().min(0) });

/**
 * `users/reveal` (users.reveal): the one way the back office sees a KYC ID number or a card number in
 * full; everywhere else they are masked by the server. Each call is audited (user.reveal) with its reason.
 * `idNumber` reads the user's latest KYC submission unless `submissionId` names one of theirs; `cardNumber`
 * needs the card's id (a removed card included). Another user's submission or card: NOT_FOUND.
 */
export const userRevealRequest = z.discriminatedUnion("field", [
  z.object({
    userId: z.string().uuid(),
    field: z.literal("idNumber"),
    submissionId: z.string().uuid().optional(),
    reason: staffReason,
  }),
  z.object({
    userId: z.string().uuid(),
    field: z.literal("cardNumber"),
    cardId: z.string().uuid(),
    reason: staffReason,
  }),
]);
export type UserRevealRequest = z.infer<typeof userRevealRequest>;
export type RevealField = UserRevealRequest["field"];
export const userRevealResponse = z.object({
  field: z.enum(["idNumber", "cardNumber"]),
  value: z.string(),
});
export type UserRevealResponse = z.infer<typeof userRevealResponse>;

// ---------------------------------------------------------------------------------------------------
// Staff management (administrator only: staff.manage)

export const staffMember = z.object({
  id: z.string(),
  account: z.string(),
  role: adminRole,
  disabled: z.boolean(),
  totpEnabled: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type StaffMember = z.infer<typeof staffMember>;

/** `staff/list {}` → every staff account, oldest first (a short list: no paging). */
export const staffListResponse = z.object({ items: z.array(staffMember) });

/**
 * `staff/create {account, password, role}` → the new member. The account follows the user account
 * format and is unique regardless of case (ACCOUNT_EXISTS); the password follows the user password
 * policy (PASSWORD_TOO_SHORT, PASSWORD_COMMON, PASSWORD_CONTAINS_ACCOUNT, PASSWORD_BLANK).
 */
export const staffCreateRequest = z.object({
  account: accountSchema,
  password: passwordSchema,
  role: adminRole,
});
export type StaffCreateRequest = z.infer<typeof staffCreateRequest>;

/**
 * `staff/setRole {id, role}` → the member. An administrator cannot demote themself (STAFF_SELF_CHANGE)
 * nor the last active administrator (LAST_ADMINISTRATOR).
 */
export const staffSetRoleRequest = z.object({ id: z.string().uuid(), role: adminRole });
export type StaffSetRoleRequest = z.infer<typeof staffSetRoleRequest>;

/** `staff/disable {id}` → the member; ends their sessions. Same refusals as setRole. */
export const staffIdRequest = z.object({ id: z.string().uuid() });

// ---------------------------------------------------------------------------------------------------
// Audit log (audit.read)

/** Every action name the server writes (the viewer's filter offers them; unknown names still filter). */
export const AUDIT_ACTIONS = [
  /** The first start created the first administrator (the system's own action: no staff actor). */
  "admin.bootstrap",
  /** The first start created the first institution and its invitation code. */
  "institution.bootstrap",
  "staff.login",
  "staff.loginFailed",
  "staff.logout",
  "staff.totpEnrolStarted",
  "staff.totpEnrolRefused",
  "staff.totpEnabled",
  "staff.totpConfirmFailed",
  /** Wrong codes from anywhere locked a staff member's code step (or their recovery codes). */
  "staff.totpLocked",
  "staff.recoveryCodesLocked",
  "staff.create",
  "staff.setRole",
  "staff.disable",
  "review.approve",
  "review.reject",
  "review.firstApproval",
  "user.setFlags",
  "user.setCreditScore",
  "user.endSessions",
  "user.adjust",
  "user.adjustRequested",
  "config.set",
  "config.reset",
  "config.changeRequested",
  "config.changeRefused",
  "channel.save",
  "blockTrade.save",
  "blockTrade.withdraw",
  /** A draft offer's warnings asked for (`blockTrades/check`): the symbol and price it was asked of. */
  "blockTrade.check",
  "placement.save",
  "placement.withdraw",
  "follow.save",
  "follow.trade",
  "follow.closePosition",
  "follow.cancelOrder",
  "follow.close",
  /** A copy product reached its end time: the system closes its positions and pays everyone out. */
  "follow.end",
  "ipo.save",
  "ipo.draw",
  "ipo.listing",
  "ipo.cancel",
  /** A draft offering's warnings asked for (`ipos/check`): the symbol and price it was asked of. */
  "ipo.check",
  /** Staff set the final price of an offering whose price is provisional (before its stated time). */
  "ipo.finalPrice",
  /** The provisional price became final at its stated time (the system's), the blocks adjusted. */
  "ipo.priceFixed",
  "news.save",
  "news.withdraw",
  /** A proof of liabilities built now (`proofs/build`): its instant and the trees' roots. */
  "proof.build",
  "support.reply",
  "support.assign",
  "support.resolve",
  /** A complaint's final answer came near its due date: the scheduler's leader escalated it (the system's). */
  "support.escalate",
  /** A refused back-office call (FORBIDDEN by the permission guard): the route and the permission it needs. */
  "staff.forbidden",
  /** A KYC ID number or a card number shown in full (`users/reveal`), with its reason. */
  "user.reveal",
  // Staff reads of personal or money data (one row per call; lists name the users they showed).
  "read.userSearch",
  "read.userDetail",
  "read.ledger",
  "read.orders",
  "read.kycPhoto",
  "read.depositVoucher",
  "read.reviews",
  "read.ipoSubscriptions",
  /** A page of placement offers (`placements/list`): no personal data, kept as every staff read is. */
  "read.placementOffers",
  /** The copy products (`follow/list`). */
  "read.followProducts",
  /** One copy product with its followers' holdings (`follow/detail`): followers' money data. */
  "read.followProduct",
  /** The list of proofs of liabilities (`proofs/list`): no personal data, kept as every staff read is. */
  "read.liabilityProofs",
  /** A page of the support inbox (the users whose threads it showed). */
  "read.supportThreads",
  /** One support thread with its messages. */
  "read.supportThread",
  /** An image a user sent to support. */
  "read.supportImage",
  /** A page of the audit log itself that named users (its rows about them, their reviews, their reads). */
  "read.auditLog",
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];
/** The audit actions of staff reads: their own group, left out of a user's audit trail in the user detail. */
export type StaffReadAction = Extract<AuditAction, `read.${string}`>;

/**
 * `audit/list {cursor?, actor?, role?, action?, target?, targetPrefix?, user?, from?, to?}`, newest first,
 * ADMIN_PAGE_SIZE a page. `actor`: the staff account, any case, exact; `role`: the actor's role now;
 * `action`: exact, or a prefix ending in "." ("review."); `target`: exact (`user:<id>`); `targetPrefix`:
 * the target's start (`review:`, `config:trading.`); `user`: every row about that user: targeting them or
 * one of their reviews, or a staff read that showed them (`details.users`); `from` inclusive, `to`
 * exclusive, ISO instants.
 */
export const auditListRequest = z.object({
  cursor: z.string().max(128).optional(),
  actor: plainText.min(1).max(64).optional(),
  role: adminRole.optional(),
  action: plainText.min(1).max(64).optional(),
  target: plainText.min(1).max(128).optional(),
  targetPrefix: plainText.min(1).max(128).optional(),
  user: z.string().uuid().optional(),
  from: z.iso.datetime({ offset: true }).optional(),
  to: z.iso.datetime({ offset: true }).optional(),
});
export type AuditListRequest = z.infer<typeof auditListRequest>;

/**
 * What a row's target is, in words the viewer can show: its kind (the target's prefix: `user`, `review`,
 * `staff`, `ipo`, `config` …), its id (the rest), and the name the server found for it: a user's or a
 * staff member's account, an offering's symbol, a channel's name, a news title; null when none is known
 * (a removed record, a setting key, a route). A review also names its kind, number and user.
 */
export const auditObject = z.object({
  kind: z.string(),
  id: z.string(),
  name: z.string().nullable(),
  review: z
    .object({
      kind: z.string(),
      seq: z.number().int(),
      userId: z.string().nullable(),
      userAccount: z.string().nullable(),
    })
    .nullable(),
});
export type AuditObject = z.infer<typeof auditObject>;

/** One row of the audit log viewer: the row, the actor's role (null: the system, an unknown account). */
export const auditListEntry = auditEntry.extend({
  actorRole: adminRole.nullable(),
  object: auditObject,
});
export type AuditListEntry = z.infer<typeof auditListEntry>;
export const auditListResponse = cursorPage(auditListEntry);
