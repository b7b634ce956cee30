import type { TFunction } from "i18next";
import type { Message } from "@brokerage/api";
import { formatTimeText } from "../../../lib/format";
import { formatPrice } from "../../../lib/quote";

/** Params named `…At` are instants (ISO text on the wire): shown as spec §9 dates in the reader's time. */
const isInstant = (key: string) => key.endsWith("At");
/** Params that are prices (plain decimals on the wire): their own decimals, with thousands separators. */
const PRICE_PARAMS = new Set(["price", "reference", "level"]);

/** A message's params as the reader sees them: instants as dates, prices with thousands separators. */
export function messageParams(params: Message["params"]): Record<string, string> {
  return Object.fromEntries(
    Object.entries(params).map(([key, value]) => [
      key,
      isInstant(key) ? formatTimeText(value) : PRICE_PARAMS.has(key) ? formatPrice(value) : value,
    ]),
  );
}

/** A message in the reader's language: its kind's title and body, filled with its params. */
export function messageText(t: TFunction, message: Pick<Message, "kind" | "params">) {
  const params = messageParams(message.params);
  return {
    title: t(`messages.${message.kind}.title`, params),
    body: t(`messages.${message.kind}.body`, params),
  };
}
