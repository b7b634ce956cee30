import { defineConfig } from "vite";
import react from "@vitejs/plugin-react";
import { VitePWA } from "vite-plugin-pwa";
import { localePartsPlugin } from "./localePartsPlugin.ts";
import { zodAlias } from "./zodAlias.ts";

/** Same-origin API paths: money and personal data, never answered by the service worker. */
const API_PATHS = /^\/api\//;
/** The back office (vite.admin.config.ts, its own build): never the phone app's shell, never precached. */
const ADMIN_PATHS = /^\/admin(\/|$)/;

export default defineConfig({
  plugins: [
    react(),
    localePartsPlugin(),
    VitePWA({
      // Registered from the app (src/app/pwa.ts): an inline register script would break the CSP.
      injectRegister: false,
      // A new version waits until the user accepts it, so it never reloads a half-filled form.
      registerType: "prompt",
      includeAssets: ["favicon.svg", "icons/apple-touch-icon.png"],
      manifest: {
        id: "./",
        name: "Brokerage",
        short_name: "Brokerage",
        description: "Markets in your pocket",
        // The root redirects by session (welcome, log-in or home), so the app starts there too.
        start_url: "./",
        scope: "./",
        display: "standalone",
        theme_color: "#173a9e",
        background_color: "#f3f5f9",
        icons: [
          { src: "icons/icon-192.png", sizes: "192x192", type: "image/png", purpose: "any" },
          { src: "icons/icon-512.png", sizes: "512x512", type: "image/png", purpose: "any" },
          { src: "icons/maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
        ],
      },
      workbox: {
        // The app shell only: the document, scripts, styles, and images or fonts the bundle imports. The
        // manifest, its icons and `includeAssets` are added by the plugin itself.
        globPatterns: ["**/*.{html,js,css}", "assets/**/*.{svg,png,webp,woff,woff2}"],
        navigateFallback: "index.html",
        navigateFallbackDenylist: [API_PATHS, ADMIN_PATHS],
        // No runtime caching at all: anything not precached (every /api/ answer) goes to the network.
        runtimeCaching: [],
        cleanupOutdatedCaches: true,
        // The first install takes the open page at once (it was loaded from the network anyway); an
        // update still waits for the user (skipWaiting stays off).
        clientsClaim: true,
        skipWaiting: false,
      },
    }),
  ],
  base: "./",
  resolve: { alias: zodAlias },
  build: {
    outDir: "dist",
    emptyOutDir: true,
    chunkSizeWarningLimit: 900,
    rolldownOptions: {
      // A feature's index.ts only re-exports (eslint.config.js boundaries): marked side-effect-free, so a
      // screen that takes one hook from it does not also load the feature's other shared components.
      treeshake: { moduleSideEffects: (id) => !/\/src\/features\/[^/]+\/index\.ts$/.test(id) },
    },
  },
  server: {
    proxy: {
      "/api": { target: "http://localhost:8080", changeOrigin: true, ws: true },
    },
  },
});
