import { BODY_HOLDS_NUL } from "./errors.js";
import { shared } from "./shared.js";

/** Whether any string in a parsed JSON value holds a NUL character, which PostgreSQL text cannot store. */
function holdsNul(value: unknown): boolean {
  if (typeof value === "string") return value.includes("\u0000");
  if (Array.isArray(value)) return value.some(holdsNul);
  if (value !== null && typeof value === "object") return Object.values(value).some(holdsNul);
  return false;
}

/**
 * Calls without a payload (user/logout, user/getUserinfo) may arrive with no body or an empty JSON
 * body; both read as `{}` so validation, not the parser, decides. A body with a NUL character in any
 * string is refused here, once for every endpoint, as bad input (it would otherwise fail in the database).
 */
export const jsonBodyPlugin = shared(async (app) => {
  const parseJson = app.getDefaultJsonParser("error", "error");
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "string" }, (request, body, done) => {
    const text = body.toString();
    if (text.trim() === "") return done(null, {});
    parseJson(request, text, (error, value) => {
      if (error) return done(error);
      if (holdsNul(value))
        return done(
          Object.assign(new Error("NUL character in the body"), { statusCode: 400, code: BODY_HOLDS_NUL }),
        );
      done(null, value);
    });
  });
  app.addHook("preValidation", (request, _reply, done) => {
    if (request.method === "POST" && request.body === undefined) request.body = {};
    done();
  });
});
