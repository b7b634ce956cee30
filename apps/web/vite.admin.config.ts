import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";
import react from "@vitejs/plugin-react";

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
  plugins: [react()],
  build: {
    outDir: fileURLToPath(new URL("./dist/admin", import.meta.url)),
    emptyOutDir: true,
    // antd is one large library; the back office is a desktop tool loaded once per shift.
    chunkSizeWarningLimit: 1500,
  },
  server: {
    proxy: {
      "/api": { target: "http://localhost:8080", changeOrigin: true },
    },
  },
});
