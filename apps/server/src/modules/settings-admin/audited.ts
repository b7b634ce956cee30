import type { SettingKey } from "@brokerage/api";
import { createHash } from "node:crypto";

/**
 * A value as its audit row keeps it: an image (the app's logo) by its SHA-256 and length, so the log
 * says which image was set without holding up to 64 KB of it per change; anything else as it is.
 */
export function audited(key: SettingKey, value: unknown): unknown {
  if (key !== "app.logo" || typeof value !== "string" || value === "") return value;
  return { sha256: createHash("sha256").update(value).digest("hex"), length: value.length };
}
