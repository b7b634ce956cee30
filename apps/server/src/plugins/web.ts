import { existsSync } from "node:fs";
import { join } from "node:path";
import fastifyStatic from "@fastify/static";
import { PUBLIC_DIR } from "../paths.js";
import { shared } from "./shared.js";

/** Serves the server's own images under /api/static/ and the built web app at `/`. */
export const webPlugin = shared<{ webDist: string }>(async (app, { webDist }) => {
  // Dotfiles (.env, .git) are never files of ours to serve, wherever a deployment puts the build.
  const files = { decorateReply: false, dotfiles: "ignore" } as const;
  await app.register(fastifyStatic, { ...files, root: PUBLIC_DIR, prefix: "/api/static/" });
  if (existsSync(join(webDist, "index.html"))) {
    await app.register(fastifyStatic, { ...files, root: webDist, prefix: "/" });
  } else {
    app.get("/", { schema: { hide: true } }, async (_request, reply) =>
      reply
        .type("text/plain; charset=utf-8")
        .send(`The web app is not built (${webDist} is missing). Run \`npm run build\`, then restart.\n`),
    );
  }
});
