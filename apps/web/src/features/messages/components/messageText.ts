import type { TFunction } from "i18next";
import type { Message } from "@brokerage/api";

/** A message in the reader's language: its kind's title and body, filled with its params. */
export function messageText(t: TFunction, message: Pick<Message, "kind" | "params">) {
  return {
    title: t(`messages.${message.kind}.title`, message.params),
    body: t(`messages.${message.kind}.body`, message.params),
  };
}
