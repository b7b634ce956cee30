import { fileURLToPath } from "node:url";
import type { Plugin } from "vite";

/** The module antd's components write their run-time <style> elements with (see the stand-in's comment). */
const STYLE_TAGS = /[\\/]node_modules[\\/]@rc-component[\\/]util[\\/]es[\\/]Dom[\\/]dynamicCSS\.js$/;
const STAND_IN = fileURLToPath(new URL("./src/admin/lib/constructedStyles.ts", import.meta.url));

/**
 * The back office's build: every import of @rc-component/util's Dom/dynamicCSS (by package path, as
 * cssinjs does, or relative, as rc-util's own table and scroll-lock helpers do) loads
 * src/admin/lib/constructedStyles.ts instead, which writes those rules as constructed stylesheets that the
 * Content-Security-Policy does not refuse. The stand-in itself still reaches the original. A build in
 * which nothing imported the module fails: antd has moved it, and the policy would report again.
 *
 * Build only: the dev server sends no Content-Security-Policy, and its pre-bundled dependencies would
 * not pass through here anyway.
 */
export function constructedStylesPlugin(): Plugin {
  let replaced = 0;
  return {
    name: "brokerage:constructed-styles",
    apply: "build",
    enforce: "pre",
    buildStart() {
      replaced = 0;
    },
    resolveId: {
      filter: { id: /dynamicCSS(\.js)?$/ },
      async handler(source, importer, options) {
        if (importer === STAND_IN) return null;
        const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
        if (!resolved || !STYLE_TAGS.test(resolved.id)) return null;
        replaced += 1;
        return STAND_IN;
      },
    },
    buildEnd(error) {
      if (!error && replaced === 0)
        this.error(
          "@rc-component/util/es/Dom/dynamicCSS.js was never imported: see constructedStylesPlugin.ts",
        );
    },
  };
}
