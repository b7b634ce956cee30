import { KYC_PHOTO_MAX_BYTES, KYC_PHOTO_SIDES, type KycPhotoSide } from "@brokerage/api";
// The request decorators (isMultipart, parts) of @fastify/multipart, registered by routes.ts.
import type {} from "@fastify/multipart";
import type { FastifyRequest } from "fastify";
import { DomainError } from "../../lib/errors.js";

/** The text fields of the form; anything else in the body is refused. */
const TEXT_FIELDS = ["realName", "idNumber"] as const;
type TextField = (typeof TEXT_FIELDS)[number];

/**
 * busboy's limits for `kyc/submit` (given to @fastify/multipart): two photos of at most 8 MB, the two text
 * fields, and no room for anything else. A body beyond them is refused while it streams in, before it is
 * held in memory: at most 2 × 8 MB plus a few hundred bytes of fields are ever buffered.
 */
export const KYC_MULTIPART_LIMITS = {
  fieldNameSize: 32,
  /** Bytes of one field's value; the contract allows 100 characters (up to 4 bytes each in UTF-8). */
  fieldSize: 512,
  fields: TEXT_FIELDS.length,
  fileSize: KYC_PHOTO_MAX_BYTES,
  files: KYC_PHOTO_SIDES.length,
  parts: TEXT_FIELDS.length + KYC_PHOTO_SIDES.length,
  headerPairs: 20,
} as const;

export interface KycUpload {
  fields: Partial<Record<TextField, string>>;
  photos: Partial<Record<KycPhotoSide, Buffer>>;
}

const isSide = (name: string): name is KycPhotoSide => (KYC_PHOTO_SIDES as readonly string[]).includes(name);
const isTextField = (name: string): name is TextField => (TEXT_FIELDS as readonly string[]).includes(name);

const invalid = (field: string) => new DomainError("INVALID_INPUT", { field });
const MEGABYTE = 1024 * 1024;

/** A refusal of the multipart parser as the business error the user sees. */
function uploadErrorOf(error: unknown, side: KycPhotoSide | undefined): DomainError {
  if (error instanceof DomainError) return error;
  const code = (error as { code?: unknown } | null)?.code;
  if (code === "FST_REQ_FILE_TOO_LARGE") {
    return new DomainError("IMAGE_TOO_LARGE", {
      field: side ?? "photo",
      maxMb: String(KYC_PHOTO_MAX_BYTES / MEGABYTE),
    });
  }
  // Too many parts, files or fields, a prototype name, a malformed or cut body: bad input, never a 500.
  return invalid("body");
}

/**
 * Reads the `kyc/submit` body: the text fields `realName`, `idNumber` and the file parts `front`, `back`,
 * each at most once. The file name and the declared content type of a part are ignored (the type is
 * decided from the bytes later). On the first refusal the rest of the body is still drained, so the
 * connection stays usable, and the refusal is thrown once the body has been read.
 */
export async function readKycUpload(request: FastifyRequest): Promise<KycUpload> {
  if (!request.isMultipart()) throw invalid("body");
  const upload: KycUpload = { fields: {}, photos: {} };
  let failure: DomainError | undefined;
  let side: KycPhotoSide | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type === "file") {
        if (failure || !isSide(part.fieldname) || upload.photos[part.fieldname]) {
          failure ??= invalid(part.fieldname);
          part.file.resume();
          continue;
        }
        side = part.fieldname;
        try {
          upload.photos[side] = await part.toBuffer();
        } catch (error) {
          failure = uploadErrorOf(error, side);
        }
        continue;
      }
      if (failure) continue;
      const name = part.fieldname;
      if (!isTextField(name) || upload.fields[name] !== undefined) failure = invalid(name);
      else if (part.fieldnameTruncated || part.valueTruncated || typeof part.value !== "string")
        failure = invalid(name);
      else upload.fields[name] = part.value;
    }
  } catch (error) {
    failure ??= uploadErrorOf(error, side);
  }
  if (failure) throw failure;
  return upload;
}
