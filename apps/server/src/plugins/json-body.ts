import { shared } from "./shared.js";

/**
 * Calls without a payload (user/logout, user/getUserinfo) may arrive with no body or an empty JSON
 * body; both read as `{}` so validation, not the parser, decides.
 */
export const jsonBodyPlugin = shared(async (app) => {
  const parseJson = app.getDefaultJsonParser("error", "error");
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "string" }, (request, body, done) => {
    const text = body.toString();
    if (text.trim() === "") return done(null, {});
    parseJson(request, text, done);
  });
  app.addHook("preValidation", async (request) => {
    if (request.method === "POST" && request.body === undefined) request.body = {};
  });
});
