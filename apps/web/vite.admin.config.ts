import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";
import react from "@vitejs/plugin-react";
import { constructedStylesPlugin } from "./constructedStylesPlugin.ts";
import { zodAlias } from "./zodAlias.ts";

/** React, the router, queries and i18n: what every page of the back office runs on, log-in included. */
const FRAMEWORK =
  /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|cookie|set-cookie-parser|@tanstack[\\/][^\\/]+|i18next|react-i18next|html-parse-stringify|void-elements|use-sync-external-store)[\\/]/;

/**
 * antd's core: its configuration, theme and utilities and the components the log-in page shows (with
 * everything they import, which covers most of what the other pages share). One chunk, the same for
 * every page and cached across them; components only some pages use (Table, DatePicker, Steps, …) stay
 * with those pages.
 */
const ANTD_CORE_COMPONENTS = [
  "_util",
  "app",
  "config-provider",
  "locale",
  "style",
  "theme",
  "version",
  "alert",
  "button",
  "card",
  "form",
  "grid",
  "input",
  "select",
  "space",
  "spin",
  "tooltip",
  "typography",
];
const ANTD_CORE = new RegExp(
  `[\\\\/]node_modules[\\\\/]antd[\\\\/]es[\\\\/](${ANTD_CORE_COMPONENTS.join("|")})[\\\\/]`,
);
/** antd's texts in the other languages (antd/es/locale/ko_KR.js, …): fetched when one is chosen. */
const ANTD_LOCALE = /[\\/]antd[\\/]es[\\/]locale[\\/][a-z]{2}_[A-Z]{2}\.js$/;
const isAntdCore = (id: string) => ANTD_CORE.test(id) && (!ANTD_LOCALE.test(id) || id.endsWith("en_US.js"));

/**
 * The back office (`/admin/`): a build of its own beside the phone app's (`npm run build` runs both).
 * Its own build, not a second input of vite.config.ts, so the two apps share no chunk: the phone app's
 * first load and its service worker's precache list are exactly what they are without the back office,
 * and antd (desktop) never lands in a chunk the phone app loads.
 */
export default defineConfig({
  root: fileURLToPath(new URL("./admin", import.meta.url)),
  // Served at /admin/ by the server, with deep links (/admin/users/…) falling back to its index.html.
  base: "/admin/",
  publicDir: false,
  // antd's run-time style rules as constructed stylesheets: the strict policy refuses none of them.
  plugins: [react(), constructedStylesPlugin()],
  resolve: { alias: zodAlias },
  build: {
    outDir: fileURLToPath(new URL("./dist/admin", import.meta.url)),
    emptyOutDir: true,
    // antd's core (below) is one chunk of some 570 kB (180 kB gzip): the log-in page needs all of it.
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      output: {
        // Each page is a chunk of its own (src/admin/app/router.tsx); the libraries under them are split
        // so that the log-in page loads only what it needs and a release of the app leaves them cached.
        codeSplitting: {
          groups: [
            { name: "framework", test: FRAMEWORK, priority: 30 },
            { name: "antd", test: isAntdCore, priority: 20 },
            // The pages read constants of the API contract, whose module builds zod schemas: zod comes too.
            { name: "zod", test: /[\\/]node_modules[\\/]zod[\\/]/, priority: 10 },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      "/api": { target: "http://localhost:8080", changeOrigin: true },
    },
  },
});
