import type { TFunction } from "i18next";
import type { Message } from "@brokerage/api";
import { scaleOf } from "@brokerage/core";
import { formatTimeText } from "../../../lib/format";
import { formatMoneySafe } from "../../../lib/money";
import { formatPrice } from "../../../lib/quote";

/** Params named `…At` are instants (ISO text on the wire): shown as spec §9 dates in the reader's time. */
const isInstant = (key: string) => key.endsWith("At");
/** Amounts of money, in the message's `currency`: at its scale with thousands separators (spec §9). */
const MONEY = new Set(["amount", "margin", "pnl", "total", "released", "held"]);
/** Prices (plain decimals on the wire) keep the decimals they were quoted with, grouped in thousands. */
const PRICES = new Set(["price", "closePrice", "reference", "level", "finalPrice", "provisionalPrice"]);
/** Share counts: grouped in thousands ("1,000 shares"). */
const COUNTS = new Set(["quantity", "allotted", "reducedTo", "minShares"]);

/** A message's params as the reader sees them: instants as dates, money, prices and counts grouped. */
export function messageParams(params: Message["params"]): Record<string, string> {
  const scale = scaleOf(params.currency ?? "");
  const shown = (key: string, value: string) => {
    if (isInstant(key)) return formatTimeText(value);
    if (MONEY.has(key)) return formatMoneySafe(value, scale);
    if (PRICES.has(key) || COUNTS.has(key)) return formatPrice(value);
    return value;
  };
  return Object.fromEntries(Object.entries(params).map(([key, value]) => [key, shown(key, value)]));
}

/** A message in the reader's language: its kind's title and body, filled with its params. */
export function messageText(t: TFunction, message: Pick<Message, "kind" | "params">) {
  const params = messageParams(message.params);
  return {
    title: t(`messages.${message.kind}.title`, params),
    body: t(`messages.${message.kind}.body`, params),
  };
}
