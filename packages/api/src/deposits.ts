import { z } from "zod";
import { staffReason } from "./admin.js";
import { KYC_PHOTO_MAX_BYTES } from "./constants.js";
import { idempotencyKey, plainText, positiveMoneyString } from "./envelope.js";
import { cursorPage, cursorRequest } from "./identity.js";
import { currency } from "./ledger.js";
import { timeWindow } from "./settings.js";

/**
 * Deposits (DESIGN §4.1 Deposits, §5 Withdrawals and deposits): the channels a user pays into
 * (`fund/rechargeChannels`), the request (`fund/recharge`, multipart), the user's records
 * (`fund/rechargeList`) and voucher (`fund/rechargeVoucher`); in the back office the channels
 * (`channels/list`, `channels/save`) and a deposit's voucher (`deposits/voucher`). A deposit is credited
 * only when a reviewer approves it (review kind `deposit`).
 */

export const DEPOSIT_CHANNEL_KINDS = ["bank", "crypto", "otc"] as const;
export const depositChannelKind = z.enum(DEPOSIT_CHANNEL_KINDS);
export type DepositChannelKind = z.infer<typeof depositChannelKind>;

export const DEPOSIT_STATES = ["pending", "approved", "rejected"] as const;
export const depositState = z.enum(DEPOSIT_STATES);
export type DepositState = z.infer<typeof depositState>;

/** A voucher follows the KYC photo rules: JPEG, PNG or WebP decided from the bytes, at most 8 MB. */
export const DEPOSIT_VOUCHER_MAX_BYTES = KYC_PHOTO_MAX_BYTES;

/** Longest channel name and detail value. */
export const CHANNEL_TEXT_MAX = 100;

/** `{min, max}` of one currency; min ≤ max is checked by the server (exact decimals). */
export const amountLimits = z.object({ min: positiveMoneyString, max: positiveMoneyString });
export type AmountLimits = z.infer<typeof amountLimits>;
/** `{<currency>: {min, max}}`: the currencies a channel takes, each with its limits. */
export const channelLimits = z.partialRecord(currency, amountLimits);
export type ChannelLimits = z.infer<typeof channelLimits>;

// What each kind of channel shows the user. Response shapes are plain strings; the back office's form
// (below) trims and bounds them.
export const bankChannelDetails = z.object({
  accountName: z.string(),
  accountNumber: z.string(),
  bankName: z.string(),
});
export const cryptoChannelDetails = z.object({
  network: z.string().describe("USDT-TRC20, USDT-ERC20 or BTC"),
  address: z.string(),
});
export const otcChannelDetails = z.object({
  key: z.string().describe("The key the user quotes to the OTC desk"),
});
export type BankChannelDetails = z.infer<typeof bankChannelDetails>;
export type CryptoChannelDetails = z.infer<typeof cryptoChannelDetails>;
export type OtcChannelDetails = z.infer<typeof otcChannelDetails>;

const channelCommon = {
  id: z.string(),
  name: z.string(),
  /** The channel a fresh install ships with; the app labels it as demo. */
  demo: z.boolean(),
  voucherRequired: z.boolean(),
};

/**
 * A channel as the user sees it. `limits` are the effective ones: the channel's own, narrowed by the
 * configured `recharge.limits` of each currency (a currency whose two ranges do not meet is left out).
 */
export const depositChannel = z.discriminatedUnion("kind", [
  z.object({ ...channelCommon, kind: z.literal("bank"), details: bankChannelDetails, limits: channelLimits }),
  z.object({
    ...channelCommon,
    kind: z.literal("crypto"),
    details: cryptoChannelDetails,
    limits: channelLimits,
  }),
  z.object({ ...channelCommon, kind: z.literal("otc"), details: otcChannelDetails, limits: channelLimits }),
]);
export type DepositChannel = z.infer<typeof depositChannel>;

/**
 * `fund/rechargeChannels {}`: the enabled channels (by `sort`, then name) and the recharge window
 * (`recharge.window`), shown before the user acts; `open` says whether the window is open now.
 */
export const rechargeChannelsResponse = z.object({
  window: timeWindow,
  open: z.boolean(),
  channels: z.array(depositChannel),
});
export type RechargeChannelsResponse = z.infer<typeof rechargeChannelsResponse>;

/**
 * The text fields of `fund/recharge` (multipart/form-data); the voucher image travels as the file part
 * `voucher`, required when the channel says so. A retry with the same `idempotencyKey` answers the first
 * result; the same key with another request (voucher bytes included) answers IDEMPOTENCY_CONFLICT.
 */
export const rechargeFields = z.object({
  channelId: z.string().uuid(),
  currency,
  amount: positiveMoneyString.describe("At most the currency's decimals (USD, THB, INR: 2)"),
  idempotencyKey,
});
export type RechargeFields = z.infer<typeof rechargeFields>;
/** The multipart file part of the voucher. */
export const RECHARGE_VOUCHER_FIELD = "voucher";

/** One deposit as its owner sees it (`fund/recharge` answers it; `fund/rechargeList` pages them). */
export const depositRecord = z.object({
  id: z.string(),
  channelId: z.string(),
  channelName: z.string(),
  channelKind: depositChannelKind,
  currency: z.string(),
  amount: z.string().describe("At the currency's scale, e.g. 100.00"),
  state: depositState,
  /** The reviewer's reason on a refusal, else null. */
  reason: z.string().nullable(),
  /** Whether a voucher was uploaded (`fund/rechargeVoucher {id}` shows it). */
  voucher: z.boolean(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
});
export type DepositRecord = z.infer<typeof depositRecord>;

/** `fund/rechargeList {cursor?}`: the user's deposits, newest first. */
export const rechargeListRequest = cursorRequest;
export const rechargeListResponse = cursorPage(depositRecord);
export type RechargeListResponse = z.infer<typeof rechargeListResponse>;

/** `fund/rechargeVoucher {id}`: the voucher of one of the user's own deposits (image/jpeg bytes). */
export const rechargeVoucherRequest = z.object({ id: z.string().uuid() });
export type RechargeVoucherRequest = z.infer<typeof rechargeVoucherRequest>;

// ---------------------------------------------------------------------------------------------------
// Back office (permission channels.manage; the voucher: reviews.read)

const detailText = plainText.min(1).max(CHANNEL_TEXT_MAX);

const saveCommon = {
  /** Absent: a new channel. */
  id: z.string().uuid().optional(),
  name: detailText,
  limits: channelLimits.refine((l) => Object.keys(l).length > 0, { message: "at least one currency" }),
  voucherRequired: z.boolean(),
  enabled: z.boolean(),
  sort: z.number().int().min(0).max(9999),
  reason: staffReason,
};

/**
 * `channels/save {id?, kind, name, details, limits, voucherRequired, enabled, sort, reason}` → the channel.
 * Details per kind: bank `{accountName, accountNumber, bankName}`, crypto `{network, address}` (an address
 * of that network with a valid checksum, else WALLET_ADDRESS_INVALID), otc `{key}`. Each limit's amounts
 * at the currency's scale with min ≤ max (INVALID_INPUT on `limits.<currency>`). A saved channel keeps
 * its kind (INVALID_INPUT on `kind`). Audited with the reason.
 */
export const channelSaveRequest = z.discriminatedUnion("kind", [
  z.object({
    ...saveCommon,
    kind: z.literal("bank"),
    details: z.object({
      accountName: detailText,
      accountNumber: plainText.min(1).max(64),
      bankName: detailText,
    }),
  }),
  z.object({
    ...saveCommon,
    kind: z.literal("crypto"),
    details: z.object({
      network: plainText.min(1).max(32),
      address: plainText.min(1).max(128),
    }),
  }),
  z.object({
    ...saveCommon,
    kind: z.literal("otc"),
    details: z.object({ key: plainText.min(1).max(64) }),
  }),
]);
export type ChannelSaveRequest = z.infer<typeof channelSaveRequest>;

const adminCommon = {
  ...channelCommon,
  enabled: z.boolean(),
  sort: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
};

/** A channel as staff see it: its own limits (not narrowed), enabled or not. */
export const adminDepositChannel = z.discriminatedUnion("kind", [
  z.object({ ...adminCommon, kind: z.literal("bank"), details: bankChannelDetails, limits: channelLimits }),
  z.object({
    ...adminCommon,
    kind: z.literal("crypto"),
    details: cryptoChannelDetails,
    limits: channelLimits,
  }),
  z.object({ ...adminCommon, kind: z.literal("otc"), details: otcChannelDetails, limits: channelLimits }),
]);
export type AdminDepositChannel = z.infer<typeof adminDepositChannel>;

/** `channels/list {}`: every channel, enabled or not, by `sort` then name (a short list: no paging). */
export const channelListResponse = z.object({ items: z.array(adminDepositChannel) });
export type ChannelListResponse = z.infer<typeof channelListResponse>;

/** Back office `deposits/voucher {depositId}` (image/jpeg bytes; permission reviews.read). */
export const depositVoucherRequest = z.object({ depositId: z.string().uuid() });
export type DepositVoucherRequest = z.infer<typeof depositVoucherRequest>;

/** The audit action of `channels/save`. */
export const CHANNEL_SAVE_AUDIT = "channel.save";
