import { DEFAULT_LANGUAGES, type ConfigEntry } from "@brokerage/api";
import type { Db } from "../../db/index.js";
import * as repo from "./repository.js";

/**
 * What a fresh install shows until an operator changes it. `logo` is relative to the image base path
 * `/api/` (spec §3: the app prefixes it); `kefu` is the customer-service page the app opens.
 */
export const DEFAULT_CONFIG: ConfigEntry[] = [
  { name: "title", value: "Brokerage" },
  { name: "logo", value: "static/logo.svg" },
  { name: "kefu", value: "/api/static/support.html" },
  { name: "languages", value: DEFAULT_LANGUAGES.join(",") },
];

export class ConfigService {
  constructor(private readonly db: Db) {}

  list(): Promise<ConfigEntry[]> {
    return repo.listConfig(this.db);
  }
}
