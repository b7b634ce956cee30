import { type ConfigEntry } from "@brokerage/api";
import type { Db } from "../../db/index.js";
import { getSettings } from "../settings/index.js";
import * as repo from "./repository.js";

/** The built-in logo, relative to the image base path `/api/` (spec §3: the app prefixes it). */
export const BUILT_IN_LOGO = "static/logo.svg";

const APP_KEYS = ["app.title", "app.logo", "app.kefu", "app.languages"] as const;
const NAMES = new Set(["title", "logo", "kefu", "languages"]);

/**
 * `common/config`: the name/value pairs the phone app reads. Its title, logo, customer-service link and
 * languages are the back office's `app.*` settings (an empty logo is the built-in one; an empty link
 * means there is none); other names an operator stored in the config table are listed as they are.
 */
export class ConfigService {
  constructor(private readonly db: Db) {}

  async list(): Promise<ConfigEntry[]> {
    const [stored, app] = await Promise.all([repo.listConfig(this.db), getSettings(this.db, APP_KEYS)]);
    const entries: ConfigEntry[] = [
      ...stored.filter((entry) => !NAMES.has(entry.name)),
      { name: "title", value: app["app.title"] },
      { name: "logo", value: app["app.logo"] || BUILT_IN_LOGO },
      { name: "kefu", value: app["app.kefu"] },
      { name: "languages", value: app["app.languages"].join(",") },
    ];
    return entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  }
}
