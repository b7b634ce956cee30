import {
  CURRENCIES,
  type AdminDepositChannel,
  type AmountLimits,
  type ChannelLimits,
  type ChannelSaveRequest,
  type Currency,
  type DepositChannel,
  type SettingValue,
} from "@brokerage/api";
import { MoneyDecimal, isWalletAddress, isWalletType, money, scaleOf, toBookedString } from "@brokerage/core";
import { DomainError } from "../../lib/errors.js";
import type { ChannelRow, ChannelValues } from "./repository.js";

/**
 * Deposit channels as the contract shows them, and the rules of one saved by the back office. Pure: the
 * rows come in, the contract's shapes go out.
 */

type RechargeLimits = SettingValue<"recharge.limits">;

const isCurrency = (code: string): code is Currency => (CURRENCIES as readonly string[]).includes(code);

/**
 * The limits a user meets on this channel in `currency`: the channel's own, narrowed by the configured
 * `recharge.limits` of the currency; undefined when the channel does not take it or the two ranges do not
 * meet. Booked at the currency's scale.
 */
export function effectiveLimits(
  channel: Pick<ChannelRow, "limits">,
  rechargeLimits: RechargeLimits,
  currency: string,
): AmountLimits | undefined {
  const own = channel.limits[currency];
  if (!own) return undefined;
  const global = rechargeLimits[currency];
  let min = money(own.min);
  let max = money(own.max);
  if (global) {
    min = MoneyDecimal.max(min, global.min);
    max = MoneyDecimal.min(max, global.max);
  }
  if (min.greaterThan(max) || !max.greaterThan(0)) return undefined;
  return { min: toBookedString(min, currency), max: toBookedString(max, currency) };
}

function channelBody<Limits>(row: ChannelRow, limits: Limits) {
  const d = row.details;
  const text = (key: string) => d[key] ?? "";
  switch (row.kind) {
    case "bank":
      return {
        kind: "bank" as const,
        details: {
          accountName: text("accountName"),
          accountNumber: text("accountNumber"),
          bankName: text("bankName"),
        },
        limits,
      };
    case "crypto":
      return {
        kind: "crypto" as const,
        details: { network: text("network"), address: text("address") },
        limits,
      };
    case "otc":
      return { kind: "otc" as const, details: { key: text("key") }, limits };
  }
}

/** A channel as a user sees it, with its effective limits; undefined when no currency is left. */
export function publicChannel(row: ChannelRow, rechargeLimits: RechargeLimits): DepositChannel | undefined {
  const limits: ChannelLimits = {};
  for (const currency of Object.keys(row.limits)) {
    const range = isCurrency(currency) ? effectiveLimits(row, rechargeLimits, currency) : undefined;
    if (range && isCurrency(currency)) limits[currency] = range;
  }
  if (Object.keys(limits).length === 0) return undefined;
  return {
    id: row.id,
    name: row.name,
    demo: row.demo,
    voucherRequired: row.voucherRequired,
    ...channelBody(row, limits),
  };
}

/** A channel as staff see it: its own limits, enabled or not. */
export function adminChannel(row: ChannelRow): AdminDepositChannel {
  const limits: ChannelLimits = {};
  for (const [currency, range] of Object.entries(row.limits))
    if (isCurrency(currency)) limits[currency] = range;
  return {
    id: row.id,
    name: row.name,
    demo: row.demo,
    voucherRequired: row.voucherRequired,
    enabled: row.enabled,
    sort: row.sort,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    ...channelBody(row, limits),
  };
}

const invalid = (field: string) => new DomainError("INVALID_INPUT", { field });

/** Whether a decimal string has at most the currency's decimals. */
export function fitsScale(amount: string, currency: string): boolean {
  return money(amount).decimalPlaces() <= scaleOf(currency);
}

/**
 * The values of `channels/save` to store, after the rules the schema cannot say: each limit at its
 * currency's scale with min ≤ max (INVALID_INPUT on `limits.<currency>…`), and a crypto address of its
 * network with a valid checksum (WALLET_ADDRESS_INVALID).
 */
export function channelValues(request: ChannelSaveRequest): ChannelValues {
  const limits: Record<string, { min: string; max: string }> = {};
  for (const [currency, range] of Object.entries(request.limits)) {
    if (!range) continue;
    for (const bound of ["min", "max"] as const)
      if (!fitsScale(range[bound], currency)) throw invalid(`limits.${currency}.${bound}`);
    if (money(range.min).greaterThan(range.max)) throw invalid(`limits.${currency}`);
    limits[currency] = {
      min: toBookedString(range.min, currency),
      max: toBookedString(range.max, currency),
    };
  }
  if (request.kind === "crypto") {
    const { network, address } = request.details;
    if (!isWalletType(network)) throw invalid("details.network");
    if (!isWalletAddress(network, address))
      throw new DomainError("WALLET_ADDRESS_INVALID", { field: "details.address", type: network });
  }
  return {
    kind: request.kind,
    name: request.name,
    details: { ...request.details },
    limits,
    voucherRequired: request.voucherRequired,
    enabled: request.enabled,
    sort: request.sort,
  };
}
