import type { TFunction } from "i18next";

/** Subject fields whose values are codes, with the locale namespace that names them. */
const CODED_VALUES: Record<string, string> = {
  kycStatus: "kycStates",
  channelKind: "channels.kinds",
  offerState: "blockTrades.states",
  settingReset: "settingReset",
};

/** A subject field's value as the reviewer reads it: a code by its name, anything else as sent. */
export function subjectValue(t: TFunction, key: string, value: string | null): string {
  if (value === null) return "—";
  if (key === "settingKey") return `${t(`config.keys.${value}.label`, { defaultValue: value })} (${value})`;
  const namespace = CODED_VALUES[key];
  return namespace ? t(`${namespace}.${value}`, { defaultValue: value }) : value;
}
