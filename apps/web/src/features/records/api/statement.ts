import type { StatementRequest } from "@brokerage/api";
import { answerError, apiFetch } from "../../../lib/api";

/** A year of an active account's postings takes longer to write than the 10 s of a JSON call. */
export const STATEMENT_TIMEOUT_MS = 60_000;

export interface StatementFile {
  blob: Blob;
  fileName: string;
}

/** `filename="…"` of a content-disposition header, or the fallback. */
export function fileNameOf(disposition: string | null, fallback: string): string {
  const name = /filename="([^"]+)"/.exec(disposition ?? "")?.[1];
  return name && !/[/\\]/.test(name) ? name : fallback;
}

/**
 * `fund/statement`: the CSV file, fetched with the session headers (a link could not carry them). A
 * business error (DATE_RANGE_INVALID …) still answers the JSON envelope, thrown as an ApiError for the
 * form to show; a 401 ends the session like any call's (lib/api.ts).
 */
export async function fetchStatement(request: StatementRequest): Promise<StatementFile> {
  const response = await apiFetch("fund/statement", request, { timeoutMs: STATEMENT_TIMEOUT_MS });
  return fileOf(response, "text/csv", `funds-statement-${request.from}-to-${request.to}.csv`);
}

/** A file answer (its media type `type`) as a file to keep, or the refusal its envelope carries. */
export async function fileOf(response: Response, type: string, fallback: string): Promise<StatementFile> {
  if (response.ok && (response.headers.get("content-type") ?? "").startsWith(type))
    return {
      blob: await response.blob(),
      fileName: fileNameOf(response.headers.get("content-disposition"), fallback),
    };
  throw await answerError(response, { silent: true });
}

/**
 * Hands the file to the user. A browser saves it through a download link (phones included: Safari and
 * Chrome on Android save a blob link with `download`); a web view without downloads gets the share sheet,
 * where "Save to Files" or a mail app takes it.
 */
export async function saveFile({ blob, fileName }: StatementFile): Promise<"saved" | "shared"> {
  const file = new File([blob], fileName, { type: blob.type || "text/csv" });
  const canDownload = "download" in HTMLAnchorElement.prototype;
  if (!canDownload && typeof navigator.canShare === "function" && navigator.canShare({ files: [file] })) {
    await navigator.share({ files: [file], title: fileName });
    return "shared";
  }
  const url = URL.createObjectURL(file);
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  link.rel = "noopener";
  link.style.display = "none";
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked a moment later: some browsers start reading the blob only after the click returns.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
  return "saved";
}
