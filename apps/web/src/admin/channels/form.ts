import {
  CURRENCIES,
  channelSaveRequest,
  type AdminDepositChannel,
  type ChannelSaveRequest,
  type DepositChannelKind,
} from "@brokerage/api";
import { isWalletAddress, isWalletType, money, scaleOf } from "@brokerage/core";
import { textProblemKey } from "../lib/problems";

/** The drawer's form: the details of every kind side by side (only the chosen kind's are sent). */
export interface ChannelFormValues {
  kind: DepositChannelKind;
  name: string;
  accountName?: string;
  accountNumber?: string;
  bankName?: string;
  network?: string;
  address?: string;
  key?: string;
  limits: { currency: string; min: string; max: string }[];
  voucherRequired: boolean;
  enabled: boolean;
  sort: number;
  reason: string;
}

export const DETAIL_FIELDS: Record<DepositChannelKind, readonly (keyof ChannelFormValues)[]> = {
  bank: ["accountName", "accountNumber", "bankName"],
  crypto: ["network", "address"],
  otc: ["key"],
};

export const NEW_CHANNEL: ChannelFormValues = {
  kind: "bank",
  name: "",
  limits: [{ currency: "USD", min: "", max: "" }],
  voucherRequired: true,
  enabled: true,
  sort: 0,
  reason: "",
};

/** A saved channel as the form's values (the reason starts empty: each change gives its own). */
export function toForm(channel: AdminDepositChannel): ChannelFormValues {
  return {
    kind: channel.kind,
    name: channel.name,
    ...(channel.details as Record<string, string>),
    limits: CURRENCIES.flatMap((currency) => {
      const range = channel.limits[currency];
      return range ? [{ currency, ...range }] : [];
    }),
    voucherRequired: channel.voucherRequired,
    enabled: channel.enabled,
    sort: channel.sort,
    reason: "",
  };
}

const text = (value: string | undefined) => (value ?? "").trim();

/** The `channels/save` request of the form (not yet checked). */
export function toRequest(values: ChannelFormValues, id: string | undefined): Record<string, unknown> {
  const details = Object.fromEntries(DETAIL_FIELDS[values.kind].map((f) => [f, text(values[f] as string)]));
  return {
    ...(id ? { id } : {}),
    kind: values.kind,
    name: text(values.name),
    details,
    limits: Object.fromEntries(
      values.limits.map((row) => [row.currency, { min: text(row.min), max: text(row.max) }]),
    ),
    voucherRequired: values.voucherRequired,
    enabled: values.enabled,
    sort: values.sort,
    reason: text(values.reason),
  };
}

/** Where a problem goes in the form: a field path, with the message's locale key and params. */
export interface FormProblem {
  name: (string | number)[];
  key: string;
  params?: Record<string, string>;
}

/** The form field of a server or schema path ("details.address", "limits.USD.min"). */
export function fieldOfPath(
  values: ChannelFormValues,
  path: readonly (string | number)[],
): (string | number)[] {
  const [head, second, third] = path;
  if (head === "details" && typeof second === "string") return [second];
  if (head === "limits" && typeof second === "string") {
    const index = values.limits.findIndex((row) => row.currency === second);
    if (index >= 0) return ["limits", index, third === "max" ? "max" : "min"];
    return ["limits"];
  }
  return head === undefined ? ["name"] : [head];
}

/**
 * The server's rules of a channel, checked before sending: the contract's shape (packages/api), each
 * currency once with amounts at its scale and min ≤ max, and a crypto address of its network.
 */
export function channelProblems(
  values: ChannelFormValues,
  id: string | undefined,
): { request?: ChannelSaveRequest; problems: FormProblem[] } {
  const problems: FormProblem[] = [];
  const seen = new Set<string>();
  values.limits.forEach((row, index) => {
    if (seen.has(row.currency))
      problems.push({ name: ["limits", index, "currency"], key: "channels.problems.twice" });
    seen.add(row.currency);
    for (const bound of ["min", "max"] as const) {
      const value = text(row[bound]);
      if (!/^\d{1,20}(\.\d{1,18})?$/.test(value) || !/[1-9]/.test(value))
        problems.push({ name: ["limits", index, bound], key: "channels.problems.amount" });
      else if (money(value).decimalPlaces() > scaleOf(row.currency))
        problems.push({
          name: ["limits", index, bound],
          key: "channels.problems.decimals",
          params: { decimals: String(scaleOf(row.currency)) },
        });
    }
    const [min, max] = [text(row.min), text(row.max)];
    if (problems.length === 0 && money(min).greaterThan(max))
      problems.push({ name: ["limits", index, "max"], key: "channels.problems.order" });
  });
  if (values.limits.length === 0) problems.push({ name: ["limits"], key: "channels.problems.noCurrency" });
  if (values.kind === "crypto" && isWalletType(text(values.network)) && text(values.address) !== "") {
    if (!isWalletAddress(text(values.network) as never, text(values.address)))
      problems.push({
        name: ["address"],
        key: "channels.problems.address",
        params: { type: text(values.network) },
      });
  }
  if (problems.length > 0) return { problems };
  const parsed = channelSaveRequest.safeParse(toRequest(values, id));
  if (!parsed.success)
    return {
      problems: parsed.error.issues.map((issue) => ({
        name: fieldOfPath(values, issue.path as (string | number)[]),
        key: textProblemKey(issue.message)?.key ?? "channels.problems.required",
      })),
    };
  return { request: parsed.data, problems };
}
