import type {
  ErrorParams,
  UserAnswer,
  UserFilePath,
  UserJsonPath,
  UserPath,
  UserRequest,
} from "@brokerage/api";
import { ApiError, HttpError, loadMoneyFormat, translateError } from "./apiError";
import { i18n } from "./i18n";
import { navigateTo } from "./navigation";
import { clearStorageKeepLanguage, getAccount, getToken } from "./storage";
import { showError } from "./toast";

/** Spec §9 constants. */
export const REQUEST_TIMEOUT_MS = 10_000;
export const UNAUTHORIZED_REDIRECT_MS = 2_000;
export const API_BASE = "/api/vue/";

/**
 * The arguments after a path: its body as the endpoint table says, which may be left out when the call
 * takes no required field, and the options.
 */
export type BodyArgs<Request> =
  Record<never, never> extends Request
    ? [body?: Request, options?: RequestOptions]
    : [body: Request, options?: RequestOptions];

export interface RequestOptions {
  /** Do not toast a business error (the caller shows it inline or ignores it). */
  silent?: boolean;
  /**
   * A 401 is only this call's answer: no storage clearing, toast or redirect (the log-out call, whose
   * token may have expired already while the exit flow clears the session and redirects itself).
   */
  ignoreUnauthorized?: boolean;
  timeoutMs?: number;
  /** Aborts the request (react-query's signal of a query nobody waits for any more). */
  signal?: AbortSignal;
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

/**
 * POST /api/vue/<path> with a JSON body and the session headers; resolves the raw answer of any status but
 * 401. A 401 ends the session (`onUnauthorized`, unless the call asks not to) and rejects UNAUTHORIZED; no
 * answer within the timeout rejects an HttpError(0). The calls whose answer is not the JSON envelope (an
 * image, a CSV file) read the answer themselves, and `answerError` for a failed one.
 */
export function apiFetch<P extends UserPath>(
  path: P,
  ...[body, options]: BodyArgs<UserRequest<P>>
): Promise<Response> {
  return post(path, body ?? {}, options ?? {});
}

async function post(path: string, body: unknown, options: RequestOptions): Promise<Response> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), options.timeoutMs ?? REQUEST_TIMEOUT_MS);
  // The caller's signal (a query left before its answer came) stops the request too.
  const cancel = () => controller.abort();
  options.signal?.addEventListener("abort", cancel, { once: true });
  if (options.signal?.aborted) controller.abort();
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
    options.signal?.removeEventListener("abort", cancel);
  }
  if (response.status === 401) {
    if (!options.ignoreUnauthorized) onUnauthorized();
    throw new ApiError("UNAUTHORIZED", {}, "");
  }
  return response;
}

const readEnvelope = (response: Response) => response.json().catch(() => null) as Promise<RawEnvelope | null>;

/**
 * What a failed answer rejects with: a business error (a 2xx status-0 envelope) as an ApiError, toasted
 * unless the call is silent; anything else (a non-2xx, not an envelope) as an HttpError.
 */
async function failureOf(
  response: Response,
  envelope: RawEnvelope | null,
  options: RequestOptions,
): Promise<ApiError | HttpError> {
  if (!response.ok || !envelope || envelope.status === 1)
    return new HttpError(response.status, envelope?.requestId);
  const error = new ApiError(envelope.code ?? "", envelope.params ?? {}, envelope.msg ?? "");
  // Whoever shows this error (the toast below or the caller) may format a money param in it.
  if (Object.keys(error.params).length > 0) await loadMoneyFormat();
  if (!options.silent) showError(errorText(error.code, error.params, error.serverMsg));
  return error;
}

/** The error of an `apiFetch` answer that is not the file the call expected (it reads the answer's body). */
export async function answerError(
  response: Response,
  options: RequestOptions = {},
): Promise<ApiError | HttpError> {
  return failureOf(response, await readEnvelope(response), options);
}

/**
 * POST /api/vue/<group/action> with a JSON body; resolves `data` of a status-1 envelope. The path, its
 * body and its answer are those of the endpoint table (packages/api/src/endpoints.ts).
 */
export async function apiPost<P extends UserJsonPath>(
  path: P,
  ...[body = {}, options = {}]: BodyArgs<UserRequest<P>>
): Promise<UserAnswer<P>> {
  const response = await post(path, body, options);
  const envelope = await readEnvelope(response);
  if (response.ok && envelope?.status === 1) return envelope.data as UserAnswer<P>;
  throw await failureOf(response, envelope, options);
}

/**
 * An endpoint answering image bytes (a deposit's voucher) as a data: URL, fetched with the session. A
 * data: URL, not a blob: object URL: the app's Content-Security-Policy allows images from itself and
 * data: only (apps/server security-headers), and a data: URL needs no revoking. It lives only as long
 * as whoever shows it. A business error or a transport failure rejects like `apiPost`'s.
 */
export async function apiImage<P extends UserFilePath>(
  path: P,
  body: UserRequest<P>,
  options: RequestOptions = {},
): Promise<string> {
  const response = await post(path, body, options);
  const type = response.headers.get("content-type") ?? "";
  if (!response.ok || !type.startsWith("image/")) throw await answerError(response, options);
  const bytes = new Uint8Array(await response.arrayBuffer());
  let binary = "";
  // In slices: String.fromCharCode takes its bytes as arguments, and arguments have a limit.
  for (let i = 0; i < bytes.length; i += 0x8000)
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return `data:${type.split(";")[0]};base64,${btoa(binary)}`;
}
