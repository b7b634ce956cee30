import { z } from "zod";
import { cursorPage } from "./identity.js";

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
] as const;
export type Permission = (typeof PERMISSIONS)[number];

export const ROLE_PERMISSIONS: Readonly<Record<AdminRole, readonly Permission[]>> = {
  administrator: PERMISSIONS,
  reviewer: ["reviews.read", "reviews.decide", "kyc.photos", "users.read", "audit.read"],
  operator: [
    "reviews.read",
    "users.read",
    "users.flags",
    "users.creditScore",
    "users.sessions",
    "config.manage",
  ],
  support: ["users.read", "reviews.read"],
};

export const can = (role: AdminRole, permission: Permission): boolean =>
  ROLE_PERMISSIONS[role].includes(permission);

/** `auth/login {account, password, otp?}` → `{token, account, role}`. */
export const staffLoginRequest = z.object({
  account: z.string().trim().min(1).max(64),
  password: z.string().min(1).max(128),
  otp: z
    .string()
    .trim()
    .regex(/^\d{6}$/)
    .optional(),
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

export const reviewItem = z.object({
  id: z.string(),
  kind: reviewKind,
  state: reviewState,
  userId: z.string(),
  account: z.string(),
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
    reason: z.string().trim().max(500).default(""),
  })
  .superRefine((v, ctx) => {
    if (v.decision === "reject" && v.reason.length === 0)
      ctx.addIssue({ code: "custom", path: ["reason"], message: "REASON_REQUIRED" });
  });
