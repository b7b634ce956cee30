import type { ErrorParams, UserAnswer, UserMultipartPath } from "@brokerage/api";
import { API_BASE, onUnauthorized } from "../../../lib/api";
import { ApiError, HttpError, loadMoneyFormat } from "../../../lib/apiError";
import { getAccount, getToken } from "../../../lib/storage";

/**
 * Photos from a phone on a slow network take longer than the 10 s of a JSON call (spec §9); the
 * progress bar shows the upload is alive meanwhile.
 */
export const UPLOAD_TIMEOUT_MS = 120_000;

interface RawEnvelope {
  status?: number;
  msg?: string;
  data?: unknown;
  code?: string;
  params?: ErrorParams;
  requestId?: string;
}

/**
 * POST /api/vue/<path> with a multipart body (an upload of the endpoint table: its text fields and file
 * parts), through XMLHttpRequest because fetch reports no upload progress. `onProgress` gets the sent share (0 to 1). Answers like `apiPost`: the data of a status-1
 * envelope; an ApiError for a business error (not toasted: the caller shows it beside its field or
 * toasts it), an HttpError for a transport failure.
 */
export function postMultipart<P extends UserMultipartPath>(
  path: P,
  form: FormData,
  onProgress: (sent: number) => void,
): Promise<UserAnswer<P>> {
  return new Promise<UserAnswer<P>>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", API_BASE + path);
    const token = getToken();
    const account = getAccount();
    if (token) xhr.setRequestHeader("token", token);
    if (account) xhr.setRequestHeader("account", account);
    xhr.timeout = UPLOAD_TIMEOUT_MS;
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    xhr.onerror = () => reject(new HttpError(0));
    xhr.ontimeout = () => reject(new HttpError(0));
    xhr.onabort = () => reject(new HttpError(0));
    xhr.onload = () => {
      if (xhr.status === 401) {
        // The session ends as any call's would (lib/api.ts): clear storage, say so, go to log-in.
        onUnauthorized();
        reject(new ApiError("UNAUTHORIZED", {}, ""));
        return;
      }
      let envelope: RawEnvelope | null = null;
      try {
        envelope = JSON.parse(xhr.responseText) as RawEnvelope;
      } catch {
        envelope = null;
      }
      if (xhr.status < 200 || xhr.status >= 300 || !envelope) {
        reject(new HttpError(xhr.status, envelope?.requestId));
        return;
      }
      if (envelope.status === 1) {
        onProgress(1);
        resolve(envelope.data as UserAnswer<P>);
        return;
      }
      const error = new ApiError(envelope.code ?? "", envelope.params ?? {}, envelope.msg ?? "");
      void loadMoneyFormat().then(() => reject(error));
    };
    xhr.send(form);
  });
}
