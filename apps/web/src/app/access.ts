import { replace } from "react-router";
import { hasSession } from "../lib/storage";
import { APP_PATHS } from "./routes";

export const LOGIN_PATH = "/login/login";
export const DEFAULT_AFTER_LOGIN = "/home/index";
/** The log-in screen's query parameter naming the screen to return to. */
export const RETURN_PARAM = "from";

/**
 * Screens a visitor without a session may open. Everything else is the account's own (the product is an
 * app for account holders: quotes, news and the watchlist included, as in the original app).
 * - The log-in group, except /login/loginAfter, which shows the new account's own invitation code.
 * - What the signed-out screens link to: the language switcher (the globe), the user agreement and
 *   privacy policy (registration), and the about and company pages that lead to them.
 * - Customer service: a frozen or login-banned account (spec §6) is told to contact it, without a session.
 * - The proof of liabilities: the published totals and roots (a signed-in user also checks their own leaf).
 */
export const PUBLIC_PATHS: ReadonlySet<string> = new Set([
  "/login/start",
  "/login/start1",
  "/login/login",
  "/login/register",
  "/login/reLogin",
  "/information/changeLang",
  "/information/aboutInfo",
  "/information/aboutUs",
  "/information/company",
  "/home/kefuView",
  // The published proof of liabilities: its totals and roots are for anyone (docs/honesty.md).
  "/information/proof",
]);

export const isPublicPath = (path: string) => PUBLIC_PATHS.has(path);

const RETURN_TARGETS: ReadonlySet<string> = new Set(APP_PATHS.filter((path) => !path.startsWith("/login/")));

/**
 * The screen to open after log-in, from the untrusted `from` parameter: only an exact screen path of the
 * app, never a URL, a protocol-relative `//host`, a query or a log-in screen; anything else is null.
 */
export function returnTargetOf(raw: string | null | undefined): string | null {
  return raw && RETURN_TARGETS.has(raw) ? raw : null;
}

/** Where a visitor asking for `path` is sent: the log-in screen, remembering `path` when it is a screen. */
export function loginPathFor(path: string): string {
  const target = returnTargetOf(path);
  // Paths are plain letters and slashes, readable unencoded in a query.
  return target ? `${LOGIN_PATH}?${RETURN_PARAM}=${target}` : LOGIN_PATH;
}

/**
 * The route loader of every private screen: it runs before the screen loads, so a visitor never sees it
 * half-empty nor fires its calls (whose 401 would then toast). It replaces the history entry, so going
 * back from the log-in screen does not land on the guard again.
 */
export const requireSession = (path: string) => () => {
  if (!hasSession()) throw replace(loginPathFor(path));
  return null;
};
