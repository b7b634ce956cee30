// The request decorators (isMultipart, parts) of @fastify/multipart, registered by each upload route's plugin.
import type {} from "@fastify/multipart";
import { errorEnvelope } from "@brokerage/api";
import { access } from "node:fs/promises";
import { join } from "node:path";
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from "fastify";
import { DomainError } from "./errors.js";
import {
  ImageRejectedError,
  isImageName,
  processImage,
  type ImageRejectionReason,
  type ImageStore,
} from "./images.js";

/**
 * The forms that carry photos (KYC's ID photos, a deposit's voucher): reading the multipart body within
 * fixed limits, turning a refused image into the business error the user reads, and sending a stored
 * image back to the one viewer allowed to see it. Every upload route goes through here, so the rules are
 * the same everywhere.
 */
export interface ImageForm<Text extends string, File extends string> {
  /** The text fields; anything else in the body is refused. */
  text: readonly Text[];
  /** The file parts, each at most once; none is required here (the service says which are). */
  files: readonly File[];
  /** Bytes of one file. */
  maxFileBytes: number;
  /** Bytes of one text field's value (default 512: 100 characters of up to 4 bytes in UTF-8, and more). */
  maxFieldBytes?: number;
  /**
   * How many text fields the form does not name are read and ignored (a client's `state` or `userId`
   * has no say); beyond that, or with the default 0, such a field is refused as bad input.
   */
  ignoredTextFields?: number;
}

export interface ImageFormUpload<Text extends string, File extends string> {
  fields: Partial<Record<Text, string>>;
  files: Partial<Record<File, Buffer>>;
}

/**
 * busboy's limits for a form (given to @fastify/multipart when the route's plugin registers it): the
 * files and fields named, and no room for anything else. A body beyond them is refused while it streams
 * in, before it is held in memory: at most the files' bytes plus a few hundred bytes of fields are ever
 * buffered.
 */
export function multipartLimits(form: ImageForm<string, string>) {
  return {
    fieldNameSize: 32,
    fieldSize: form.maxFieldBytes ?? 512,
    fields: form.text.length + (form.ignoredTextFields ?? 0),
    fileSize: form.maxFileBytes,
    files: form.files.length,
    parts: form.text.length + (form.ignoredTextFields ?? 0) + form.files.length,
    headerPairs: 20,
  } as const;
}

const invalid = (field: string) => new DomainError("INVALID_INPUT", { field });
const MEGABYTE = 1024 * 1024;
const maxMbOf = (bytes: number) => String(bytes / MEGABYTE);

/** A refusal of the multipart parser as the business error the user sees. */
function uploadErrorOf(error: unknown, file: string | undefined, maxFileBytes: number): DomainError {
  if (error instanceof DomainError) return error;
  const code = (error as { code?: unknown } | null)?.code;
  if (code === "FST_REQ_FILE_TOO_LARGE") {
    return new DomainError("IMAGE_TOO_LARGE", { field: file ?? "photo", maxMb: maxMbOf(maxFileBytes) });
  }
  // Too many parts, files or fields, a prototype name, a malformed or cut body: bad input, never a 500.
  return invalid("body");
}

/**
 * Reads a multipart body: the form's text fields and file parts, each at most once. The file name and
 * the declared content type of a part are ignored (the type is decided from the bytes later). On the
 * first refusal the rest of the body is still drained, so the connection stays usable, and the refusal
 * is thrown once the body has been read.
 */
export async function readImageForm<Text extends string, File extends string>(
  request: FastifyRequest,
  form: ImageForm<Text, File>,
): Promise<ImageFormUpload<Text, File>> {
  if (!request.isMultipart()) throw invalid("body");
  const isFile = (name: string): name is File => (form.files as readonly string[]).includes(name);
  const isText = (name: string): name is Text => (form.text as readonly string[]).includes(name);
  const upload: ImageFormUpload<Text, File> = { fields: {}, files: {} };
  let failure: DomainError | undefined;
  let current: File | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type === "file") {
        if (failure || !isFile(part.fieldname) || upload.files[part.fieldname]) {
          failure ??= invalid(part.fieldname);
          part.file.resume();
          continue;
        }
        current = part.fieldname;
        try {
          upload.files[current] = await part.toBuffer();
        } catch (error) {
          failure = uploadErrorOf(error, current, form.maxFileBytes);
        }
        continue;
      }
      if (failure) continue;
      const name = part.fieldname;
      if (!isText(name) && (form.ignoredTextFields ?? 0) > 0) continue;
      if (!isText(name) || upload.fields[name] !== undefined) failure = invalid(name);
      else if (part.fieldnameTruncated || part.valueTruncated || typeof part.value !== "string")
        failure = invalid(name);
      else upload.fields[name] = part.value;
    }
  } catch (error) {
    failure ??= uploadErrorOf(error, current, form.maxFileBytes);
  }
  if (failure) throw failure;
  return upload;
}

const IMAGE_ERROR: Record<ImageRejectionReason, DomainError["code"]> = {
  empty: "IMAGE_EMPTY",
  too_large: "IMAGE_TOO_LARGE",
  unsupported_type: "IMAGE_TYPE_UNSUPPORTED",
  too_many_pixels: "IMAGE_TOO_MANY_PIXELS",
  corrupt: "IMAGE_CORRUPT",
};

/**
 * An uploaded image checked and re-encoded (lib/images.ts), or the business error of its refusal with
 * `field` (the form's part) and, when too large, `maxMb`.
 */
export async function processUploadedImage(bytes: Buffer, field: string, maxBytes: number): Promise<Buffer> {
  try {
    return (await processImage(bytes, { maxBytes })).bytes;
  } catch (error) {
    if (!(error instanceof ImageRejectedError)) throw error;
    const params: Record<string, string> = { field };
    if (error.reason === "too_large") params.maxMb = maxMbOf(maxBytes);
    throw new DomainError(IMAGE_ERROR[error.reason], params);
  }
}

/** Image bytes for one viewer only: never kept by a browser or a proxy. */
export function sendImage(reply: FastifyReply, bytes: Buffer) {
  return reply
    .type("image/jpeg")
    .header("cache-control", "private, no-store")
    .header("content-disposition", "inline")
    .send(bytes);
}

/** Answers of an image call: image/jpeg bytes on success, the error envelope otherwise. */
export const imageAnswers = (extra: Record<number, typeof errorEnvelope> = {}) => ({
  200: errorEnvelope.describe("On success the body is the image itself (image/jpeg), not an envelope"),
  401: errorEnvelope,
  ...extra,
  500: errorEnvelope,
});

/**
 * A stored image for its one allowed viewer; NOT_FOUND when the row outlived its file (a restore without
 * the image folder): nothing to show, and not a fault of the caller.
 */
export async function readStoredImage(
  images: ImageStore,
  name: string,
  log?: Pick<FastifyBaseLogger, "warn">,
): Promise<Buffer> {
  try {
    return await images.read(name);
  } catch (error) {
    if ((error as { code?: unknown }).code !== "ENOENT") throw error;
    log?.warn({ image: name }, "stored image file missing");
    throw new DomainError("NOT_FOUND");
  }
}

/** "available" when the image's file is in the store, else null (a reviewer then asks for a new upload). */
export async function storedImageAvailability(imageDir: string, name: string): Promise<"available" | null> {
  if (!isImageName(name)) return null;
  try {
    await access(join(imageDir, name));
    return "available";
  } catch {
    return null;
  }
}
