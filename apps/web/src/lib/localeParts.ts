/**
 * A locale file is delivered in two parts. The **shell** part holds the sections the app's frame and the
 * log-in screens use, and comes with the first screen. The **screens** part (every other section, and
 * every section a later feature adds) is fetched with the first screen behind log-in, or on a language
 * switch. The log-in screen's first load then carries a third of the texts, however many screens grow.
 *
 * An entry is a whole section ("auth") or one key of a section ("title.login").
 *
 * The split is done at build time (`localePartsPlugin.ts`): the locale files stay one file per language.
 */
export const SHELL_SECTIONS: readonly string[] = [
  "app",
  "common",
  "tabs",
  // Only the log-in flow's screen titles: the rest of "title" goes with the screens.
  "title.login",
  "splash",
  "welcome",
  "auth",
  "reLogin",
  "loginAfter",
  "failedLogins",
  "form",
  "errors",
  "offline",
  "update",
];

export type LocalePart = "shell" | "screens";

export const isLocalePart = (value: unknown): value is LocalePart => value === "shell" || value === "screens";

/** The sections (or keys of a section) of one part of a locale file, in the file's order. */
export function pickLocalePart(texts: Record<string, unknown>, part: LocalePart): Record<string, unknown> {
  const wanted = (inShell: boolean) => inShell === (part === "shell");
  const picked: Record<string, unknown> = {};
  for (const [section, value] of Object.entries(texts)) {
    if (SHELL_SECTIONS.includes(section)) {
      if (wanted(true)) picked[section] = value;
      continue;
    }
    const shellKeys = SHELL_SECTIONS.filter((entry) => entry.startsWith(`${section}.`)).map((entry) =>
      entry.slice(section.length + 1),
    );
    if (shellKeys.length === 0 || value === null || typeof value !== "object") {
      if (wanted(false)) picked[section] = value;
      continue;
    }
    const keys = Object.entries(value).filter(([key]) => wanted(shellKeys.includes(key)));
    if (keys.length > 0) picked[section] = Object.fromEntries(keys);
  }
  return picked;
}

/** Screens outside the log-in flow need the screens part before they render. */
export const needsScreenTexts = (path: string) => !path.startsWith("/login/");
