import type { ErrorParams } from "@brokerage/api";
import { ApiError, HttpError, loadMoneyFormat, translateError } from "./apiError";
import { i18n } from "./i18n";
import { navigateTo } from "./navigation";
import { clearStorageKeepLanguage, getAccount, getToken } from "./storage";
import { showError } from "./toast";

/** Spec §9 constants. */
export const REQUEST_TIMEOUT_MS = 10_000;
export const UNAUTHORIZED_REDIRECT_MS = 2_000;
export const API_BASE = "/api/vue/";

export interface RequestOptions {
  /** Do not toast a business error (the caller shows it inline or ignores it). */
  silent?: boolean;
  /**
   * A 401 is only this call's answer: no storage clearing, toast or redirect (the log-out call, whose
   * token may have expired already while the exit flow clears the session and redirects itself).
   */
  ignoreUnauthorized?: boolean;
  timeoutMs?: number;
}

interface RawEnvelope {
  status?: number;
  msg?: string;
  data?: unknown;
  code?: string;
  params?: ErrorParams;
  requestId?: string;
}

/** Translates an error for the current UI language (spec §8). */
export function errorText(code: string | undefined, params: ErrorParams = {}, msg = ""): string {
  return translateError(
    { t: i18n.t.bind(i18n), exists: (k) => i18n.exists(k), language: i18n.language },
    code,
    params,
    msg,
  );
}

let redirectPending = false;
/**
 * HTTP 401: clear storage and go to log-in after 2 s (spec §4), once however many calls failed. Also
 * the answer of the calls that do not go through `apiPost` (the KYC photo upload).
 */
export function onUnauthorized(): void {
  clearStorageKeepLanguage();
  if (redirectPending) return;
  redirectPending = true;
  showError(errorText("UNAUTHORIZED"));
  setTimeout(() => {
    redirectPending = false;
    navigateTo("/login/login");
  }, UNAUTHORIZED_REDIRECT_MS);
}

function sessionHeaders(): Record<string, string> {
  const headers: Record<string, string> = { "content-type": "application/json" };
  const token = getToken();
  const account = getAccount();
  if (token) headers.token = token;
  if (account) headers.account = account;
  return headers;
}

/** POST /api/vue/<group/action> with a JSON body; resolves `data` of a status-1 envelope. */
export async function apiPost<T>(path: string, body: object = {}, options: RequestOptions = {}): Promise<T> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), options.timeoutMs ?? REQUEST_TIMEOUT_MS);
  let response: Response;
  try {
    response = await fetch(API_BASE + path, {
      method: "POST",
      headers: sessionHeaders(),
      body: JSON.stringify(body),
      signal: controller.signal,
    });
  } catch (cause) {
    throw controller.signal.aborted ? new HttpError(0) : cause;
  } finally {
    clearTimeout(timer);
  }

  if (response.status === 401) {
    if (!options.ignoreUnauthorized) onUnauthorized();
    throw new ApiError("UNAUTHORIZED", {}, "");
  }
  const envelope = (await response.json().catch(() => null)) as RawEnvelope | null;
  if (!response.ok || !envelope) throw new HttpError(response.status, envelope?.requestId);

  if (envelope.status === 1) return envelope.data as T;
  const error = new ApiError(envelope.code ?? "", envelope.params ?? {}, envelope.msg ?? "");
  // Whoever shows this error (the toast below or the caller) may format a money param in it.
  if (Object.keys(error.params).length > 0) await loadMoneyFormat();
  if (!options.silent) showError(errorText(error.code, error.params, error.serverMsg));
  throw error;
}
