import { existsSync } from "node:fs";
import { join, sep } from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";
import { PUBLIC_DIR } from "../paths.js";
import { shared } from "./shared.js";

/** Vite's output folder of content-hashed files: a name never holds other bytes, so caches keep them. */
const HASHED = `${sep}assets${sep}`;
export const IMMUTABLE = "public, max-age=31536000, immutable";
/** Everything else (index.html, the service worker, the manifest, icons) is asked again each time. */
export const REVALIDATE = "no-cache";

/** The back office's build (apps/web/vite.admin.config.ts) inside the web build, served at /admin/. */
const ADMIN_DIR = "admin";
/**
 * An /admin/ path naming a file of the build (an asset, the icon): served, or 404 when missing. Any other
 * path is one of the back office's pages (/admin/users/…), answered with its index.html.
 */
const looksLikeFile = (path: string) => path.startsWith("assets/") || /\.[a-z0-9]+$/i.test(path);

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
    const adminDist = join(webDist, ADMIN_DIR);
    if (existsSync(join(adminDist, "index.html"))) await app.register(adminApp, { adminDist });
  } else {
    app.get("/", { schema: { hide: true } }, async (_request, reply) =>
      reply
        .type("text/plain; charset=utf-8")
        .send(`The web app is not built (${webDist} is missing). Run \`npm run build\`, then restart.\n`),
    );
  }
});

/**
 * The back office at /admin/: its files as they are (hashed assets cached for good), and its index.html
 * for every other path under /admin/, so a reloaded or shared page address (/admin/users/<id>) opens the
 * app at that page. Encapsulated: `reply.sendFile` of this static instance exists only here.
 */
const adminApp = async (app: FastifyInstance, { adminDist }: { adminDist: string }) => {
  await app.register(fastifyStatic, {
    root: adminDist,
    serve: false,
    dotfiles: "ignore",
    preCompressed: true,
    cacheControl: false,
    setHeaders: (reply, path) => {
      reply.header("cache-control", path.includes(HASHED) ? IMMUTABLE : REVALIDATE);
    },
  });
  app.get("/admin", { schema: { hide: true } }, async (_request, reply) => reply.redirect("/admin/", 301));
  app.get<{ Params: { "*": string } }>("/admin/*", { schema: { hide: true } }, async (request, reply) => {
    const path = request.params["*"];
    // Never a dotfile or a step out of the folder, whatever the router left in the path.
    if (path.split("/").some((segment) => segment.startsWith("."))) return reply.callNotFound();
    return looksLikeFile(path) ? reply.sendFile(path) : reply.sendFile("index.html");
  });
};
