import { KYC_PHOTO_MAX_BYTES, KYC_PHOTO_TYPES } from "@brokerage/api/constants";

/** The size limit as people read it ("8 MB"), for the rules and the error text. */
export const KYC_PHOTO_MAX_MB = String(KYC_PHOTO_MAX_BYTES / (1024 * 1024));

/** The `accept` list of the photo inputs: what the server takes (it decides by the bytes again). */
export const PHOTO_ACCEPT = KYC_PHOTO_TYPES.join(",");

export interface PhotoProblem {
  code: "IMAGE_EMPTY" | "IMAGE_TOO_LARGE" | "IMAGE_TYPE_UNSUPPORTED";
  params: Record<string, string>;
}

/**
 * What is wrong with a picked file before it is sent, by the same rules as the server (whose codes and
 * texts these are): empty, too large, or not a JPEG, PNG or WebP by its declared type. The server checks
 * the bytes themselves; this only spares the user a useless upload.
 */
export function photoProblem(file: File): PhotoProblem | null {
  if (file.size === 0) return { code: "IMAGE_EMPTY", params: {} };
  if (!(KYC_PHOTO_TYPES as readonly string[]).includes(file.type))
    return { code: "IMAGE_TYPE_UNSUPPORTED", params: {} };
  if (file.size > KYC_PHOTO_MAX_BYTES)
    return { code: "IMAGE_TOO_LARGE", params: { maxMb: KYC_PHOTO_MAX_MB } };
  return null;
}
