import type { ConfigItem, SettingKey } from "@brokerage/api";

/** The sections of the configuration page, in their order; a key goes where its prefix says. */
export const CONFIG_GROUPS = [
  "app",
  "money",
  "trading",
  "exchange",
  "loans",
  "lending",
  "primary",
  "alerts",
  "services",
  "other",
] as const;
export type ConfigGroup = (typeof CONFIG_GROUPS)[number];

const PREFIXES: [string, ConfigGroup][] = [
  ["app.", "app"],
  ["support.", "app"],
  ["withdrawal.", "money"],
  ["recharge.", "money"],
  ["adjustment.", "money"],
  ["trading.", "trading"],
  ["exchange.", "exchange"],
  ["loan.", "loans"],
  ["lending.", "lending"],
  ["offering.", "primary"],
  ["ipo.", "primary"],
  ["alerts.", "alerts"],
  ["checkin.", "services"],
  ["seat.", "services"],
];

/** A key named later without a section here lands in "other" (with the JSON editor if it has no form). */
export const groupOf = (key: SettingKey): ConfigGroup =>
  PREFIXES.find(([prefix]) => key.startsWith(prefix))?.[1] ?? "other";

/** The groups that have keys, each with its items in the list's order. */
export function grouped(items: readonly ConfigItem[]): [ConfigGroup, ConfigItem[]][] {
  return CONFIG_GROUPS.flatMap((group): [ConfigGroup, ConfigItem[]][] => {
    const own = items.filter((item) => groupOf(item.key) === group);
    return own.length > 0 ? [[group, own]] : [];
  });
}
