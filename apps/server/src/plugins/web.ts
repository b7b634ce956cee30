import { existsSync } from "node:fs";
import { join, sep } from "node:path";
import fastifyStatic from "@fastify/static";
import { PUBLIC_DIR } from "../paths.js";
import { shared } from "./shared.js";

/** Vite's output folder of content-hashed files: a name never holds other bytes, so caches keep them. */
const HASHED = `${sep}assets${sep}`;
export const IMMUTABLE = "public, max-age=31536000, immutable";
/** Everything else (index.html, the service worker, the manifest, icons) is asked again each time. */
export const REVALIDATE = "no-cache";

/**
 * Serves the server's own images under /api/static/ and the built web app at `/`. The build leaves a
 * brotli and a gzip copy beside each text file (apps/web/scripts/precompress.mjs); the one the client
 * accepts is sent as it is, with `Vary: Accept-Encoding`.
 */
export const webPlugin = shared<{ webDist: string }>(async (app, { webDist }) => {
  // Dotfiles (.env, .git) are never files of ours to serve, wherever a deployment puts the build.
  const files = { decorateReply: false, dotfiles: "ignore" } as const;
  await app.register(fastifyStatic, { ...files, root: PUBLIC_DIR, prefix: "/api/static/" });
  if (existsSync(join(webDist, "index.html"))) {
    await app.register(fastifyStatic, {
      ...files,
      root: webDist,
      prefix: "/",
      preCompressed: true,
      cacheControl: false,
      setHeaders: (reply, path) => {
        reply.header("cache-control", path.includes(HASHED) ? IMMUTABLE : REVALIDATE);
      },
    });
  } else {
    app.get("/", { schema: { hide: true } }, async (_request, reply) =>
      reply
        .type("text/plain; charset=utf-8")
        .send(`The web app is not built (${webDist} is missing). Run \`npm run build\`, then restart.\n`),
    );
  }
});
