import type { TFunction } from "i18next";
import type { Message } from "@brokerage/api";
import { formatTimeText } from "../../../lib/format";

/** Params named `…At` are instants (ISO text on the wire): shown as spec §9 dates in the reader's time. */
const isInstant = (key: string) => key.endsWith("At");

/** A message in the reader's language: its kind's title and body, filled with its params. */
export function messageText(t: TFunction, message: Pick<Message, "kind" | "params">) {
  const params = Object.fromEntries(
    Object.entries(message.params).map(([key, value]) => [
      key,
      isInstant(key) ? formatTimeText(value) : value,
    ]),
  );
  return {
    title: t(`messages.${message.kind}.title`, params),
    body: t(`messages.${message.kind}.body`, params),
  };
}
