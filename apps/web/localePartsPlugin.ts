import { readFile } from "node:fs/promises";
import type { Plugin } from "vite";
import { isLocalePart, pickLocalePart } from "./src/lib/localeParts.ts";

/**
 * Serves `locales/<tag>.json?part=shell` and `?part=screens`: a module whose default export is the file's
 * sections of that part (parsed with JSON.parse, which is faster than an object literal for large data).
 * See src/lib/localeParts.ts.
 */
export function localePartsPlugin(): Plugin {
  return {
    name: "brokerage:locale-parts",
    enforce: "pre",
    async load(id) {
      const [file = "", query = ""] = id.split("?", 2);
      const part = new URLSearchParams(query).get("part");
      if (!file.endsWith(".json") || !isLocalePart(part)) return null;
      this.addWatchFile(file);
      const texts = JSON.parse(await readFile(file, "utf8")) as Record<string, unknown>;
      const json = JSON.stringify(pickLocalePart(texts, part));
      return `export default JSON.parse(${JSON.stringify(json)});`;
    },
  };
}
