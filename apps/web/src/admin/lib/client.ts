import type { AdminAnswer, AdminFilePath, AdminJsonPath, AdminRequest, ErrorParams } from "@brokerage/api";
import { clearSession, readSession } from "./session";

export const ADMIN_API = "/api/admin/";
const TIMEOUT_MS = 15_000;

/** A business error (`status` 0): a stable code, its params and the server's English text. */
export class AdminApiError extends Error {
  constructor(
    readonly code: string,
    readonly params: ErrorParams,
    readonly serverMsg: string,
  ) {
    super(code);
    this.name = "AdminApiError";
  }
}

/** No answer (network down, timeout) or an answer that is not the envelope (HTTP 5xx, a proxy page). */
export class AdminHttpError extends Error {
  constructor(
    readonly status: number,
    readonly requestId?: string,
  ) {
    super(`HTTP ${status}`);
    this.name = "AdminHttpError";
  }
}

/** Who hears of a 401: the app, which forgets the session and shows the log-in page. */
let onUnauthorized: () => void = () => undefined;
export function setUnauthorizedHandler(handler: () => void): void {
  onUnauthorized = handler;
}

function headers(json: boolean): Record<string, string> {
  const result: Record<string, string> = json ? { "content-type": "application/json" } : {};
  const session = readSession();
  if (session) {
    result.token = session.token;
    result.account = session.account;
  }
  return result;
}

async function send(path: string, body: unknown): Promise<Response> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), TIMEOUT_MS);
  try {
    const response = await fetch(ADMIN_API + path, {
      method: "POST",
      headers: headers(true),
      body: JSON.stringify(body),
      signal: controller.signal,
    });
    if (response.status === 401) {
      clearSession();
      onUnauthorized();
      throw new AdminApiError("UNAUTHORIZED", {}, "");
    }
    return response;
  } catch (cause) {
    if (controller.signal.aborted) throw new AdminHttpError(0);
    throw cause instanceof AdminApiError ? cause : new AdminHttpError(0);
  } finally {
    clearTimeout(timer);
  }
}

interface RawEnvelope {
  status?: number;
  msg?: string;
  data?: unknown;
  code?: string;
  params?: ErrorParams;
  requestId?: string;
}

/** The body of a back-office call, which may be left out when the call takes no required field. */
export type AdminBodyArgs<Request> =
  Record<never, never> extends Request ? [body?: Request] : [body: Request];

/**
 * POST /api/admin/<group/action> with a JSON body; resolves the `data` of a status-1 envelope. The path,
 * its body and its answer are those of the endpoint table (packages/api/src/endpoints.ts).
 */
export async function adminPost<P extends AdminJsonPath>(
  path: P,
  ...[body = {}]: AdminBodyArgs<AdminRequest<P>>
): Promise<AdminAnswer<P>> {
  const response = await send(path, body);
  const envelope = (await response.json().catch(() => null)) as RawEnvelope | null;
  if (envelope?.status === 1) return envelope.data as AdminAnswer<P>;
  if (envelope?.status === 0 && envelope.code && response.status < 500)
    throw new AdminApiError(envelope.code, envelope.params ?? {}, envelope.msg ?? "");
  throw new AdminHttpError(response.status, envelope?.requestId);
}

/**
 * An endpoint answering bytes (a KYC photo) as a data: URL. The page's Content-Security-Policy allows
 * images from 'self' and data: only, so a blob: object URL would be refused; a data: URL also needs no
 * revoking when the drawer closes.
 */
export async function adminImage<P extends AdminFilePath>(path: P, body: AdminRequest<P>): Promise<string> {
  const response = await send(path, body);
  const type = response.headers.get("content-type") ?? "";
  if (!response.ok || !type.startsWith("image/")) {
    const envelope = (await response.json().catch(() => null)) as RawEnvelope | null;
    if (envelope?.code) throw new AdminApiError(envelope.code, envelope.params ?? {}, envelope.msg ?? "");
    throw new AdminHttpError(response.status, envelope?.requestId);
  }
  const bytes = new Uint8Array(await response.arrayBuffer());
  let binary = "";
  // In slices: String.fromCharCode takes its bytes as arguments, and arguments have a limit.
  for (let i = 0; i < bytes.length; i += 0x8000)
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return `data:${type.split(";")[0]};base64,${btoa(binary)}`;
}
