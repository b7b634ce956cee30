import { randomBytes } from "node:crypto";
import { mkdir, readFile, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import sharp from "sharp";

/**
 * The one door for images users upload (KYC photos, deposit vouchers). Uploaded bytes are hostile until
 * proven otherwise: the type comes from the bytes, the size and the pixel count are bounded before any
 * pixel is decoded, and what gets stored is a fresh JPEG we encoded ourselves, without the uploader's
 * metadata (EXIF GPS position, camera serial, XMP edit history, ICC profiles).
 */

export type SniffedImageType = "jpeg" | "png" | "webp";

/** Stable: the server maps each reason to a translated business error. */
export type ImageRejectionReason = "empty" | "too_large" | "unsupported_type" | "too_many_pixels" | "corrupt";

export class ImageRejectedError extends Error {
  constructor(
    readonly reason: ImageRejectionReason,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = "ImageRejectedError";
  }
}

export interface ImageLimits {
  /** Upload size in bytes, checked before anything else looks at the content. */
  maxBytes: number;
  /** Width × height read from the header; also given to sharp as `limitInputPixels`. */
  maxPixels: number;
  /** Either side read from the header: a 100,000 × 10 strip is under the pixel count but no photo. */
  maxSide: number;
  /** The long side of the stored image; a reviewer needs to read an ID card, not print a poster. */
  maxOutputSide: number;
  /**
   * What is stored: a JPEG on white (photos, vouchers) or a WebP keeping transparency (a logo). Either is
   * our own encoding, without the input's metadata.
   */
  output: "jpeg" | "webp";
}

export const DEFAULT_IMAGE_LIMITS: Readonly<ImageLimits> = Object.freeze({
  maxBytes: 8 * 1024 * 1024,
  maxPixels: 40_000_000,
  maxSide: 10_000,
  maxOutputSide: 2048,
  output: "jpeg",
});

export interface ProcessedImage {
  bytes: Buffer;
  contentType: "image/jpeg" | "image/webp";
  width: number;
  height: number;
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/**
 * The type from the magic bytes alone. A file name or a declared content type is whatever the client
 * chose to say, so neither is ever consulted.
 */
export function sniffImageType(bytes: Buffer): SniffedImageType | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return "jpeg";
  if (bytes.length >= PNG_SIGNATURE.length && bytes.subarray(0, PNG_SIGNATURE.length).equals(PNG_SIGNATURE)) {
    return "png";
  }
  if (
    bytes.length >= 12 &&
    bytes.toString("latin1", 0, 4) === "RIFF" &&
    bytes.toString("latin1", 8, 12) === "WEBP"
  ) {
    return "webp";
  }
  return null;
}

/**
 * Checks and re-encodes one uploaded image; throws ImageRejectedError with the reason on every refusal.
 *
 * The order matters: size first (costs nothing), then magic bytes (so sharp never meets SVG, PDF or
 * HTML, which it could otherwise load through librsvg or poppler), then the header dimensions (no pixel
 * decoded yet), and only then the decode itself.
 */
export async function processImage(bytes: Buffer, limits?: Partial<ImageLimits>): Promise<ProcessedImage> {
  const { maxBytes, maxPixels, maxSide, maxOutputSide, output } = resolveLimits(limits);

  if (bytes.length === 0) throw new ImageRejectedError("empty", "the image is empty");
  if (bytes.length > maxBytes) {
    throw new ImageRejectedError("too_large", `the image has ${bytes.length} bytes, above ${maxBytes}`);
  }
  const type = sniffImageType(bytes);
  if (type === null) throw new ImageRejectedError("unsupported_type", "not a JPEG, PNG or WebP image");

  // Reading the header decodes no pixels. It runs without sharp's pixel limit so that a pixel bomb gets
  // its own reason from our comparison below, rather than from matching the text of a sharp error.
  let width: number;
  let height: number;
  try {
    const header = await sharp(bytes, { limitInputPixels: false }).metadata();
    if (header.format !== type) {
      throw new ImageRejectedError("unsupported_type", `the bytes say ${type}, the decoder ${header.format}`);
    }
    ({ width, height } = header);
  } catch (error) {
    if (error instanceof ImageRejectedError) throw error;
    throw new ImageRejectedError("corrupt", "the image header cannot be read", { cause: error });
  }
  if (!(width > 0 && height > 0)) throw new ImageRejectedError("corrupt", "the image has no dimensions");
  if (width > maxSide || height > maxSide || width * height > maxPixels) {
    throw new ImageRejectedError("too_many_pixels", `the image is ${width} × ${height} pixels`);
  }

  try {
    const pixels = sharp(bytes, {
      // A second wall: whatever the header said, sharp itself refuses to decode more than this.
      limitInputPixels: maxPixels,
      // libvips' default tolerates a truncated JPEG and pads it with grey; a cut upload must be refused.
      failOn: "truncated",
    })
      // Phones store portrait photos as landscape pixels plus an EXIF Orientation tag; since the tag is
      // dropped with the rest of the metadata, the rotation has to be applied to the pixels.
      .rotate()
      .resize({ width: maxOutputSide, height: maxOutputSide, fit: "inside", withoutEnlargement: true });
    // No withMetadata()/keepExif(): sharp writes none of the input's EXIF, XMP, IPTC or ICC.
    const { data, info } = await (
      output === "webp"
        ? pixels.webp({ quality: 90 })
        : // JPEG has no alpha; a transparent screenshot of a voucher would otherwise come out on black.
          pixels.flatten({ background: "#ffffff" }).jpeg({ quality: 85, mozjpeg: true })
    ).toBuffer({ resolveWithObject: true });
    const contentType = output === "webp" ? "image/webp" : "image/jpeg";
    return { bytes: data, contentType, width: info.width, height: info.height };
  } catch (error) {
    throw new ImageRejectedError("corrupt", "the image cannot be decoded", { cause: error });
  }
}

function resolveLimits(overrides: Partial<ImageLimits> | undefined): ImageLimits {
  const limits = { ...DEFAULT_IMAGE_LIMITS, ...overrides };
  const { output, ...sizes } = limits;
  if (output !== "jpeg" && output !== "webp") throw new RangeError(`image output ${String(output)}`);
  for (const [key, value] of Object.entries(sizes)) {
    // Zero would read as "no limit" to sharp's limitInputPixels: a misconfiguration must not open the gate.
    if (!Number.isSafeInteger(value) || value <= 0) throw new RangeError(`image limit ${key} must be > 0`);
  }
  return limits;
}

/** What ImageStore.save returns: 32 lower-case hex characters and `.jpg`, nothing a user chose. */
export const IMAGE_NAME_PATTERN = /^[0-9a-f]{32}\.jpg$/;

export function isImageName(name: string): boolean {
  return IMAGE_NAME_PATTERN.test(name);
}

/**
 * Processed images on disk, outside any path a static file server publishes; they are served only
 * through routes that check the owner or a reviewer. Names are random, so knowing one name tells nothing
 * about another, and a name read back from the database can never walk out of the directory.
 */
export class ImageStore {
  constructor(private readonly dir: string) {}

  /** Writes a new file readable by the server's user only and answers its opaque name. */
  async save(bytes: Buffer): Promise<string> {
    await mkdir(this.dir, { recursive: true, mode: 0o700 });
    const name = `${randomBytes(16).toString("hex")}.jpg`;
    // "wx": never overwrite; with 128 random bits a clash means something is badly wrong.
    await writeFile(this.pathOf(name), bytes, { mode: 0o600, flag: "wx" });
    return name;
  }

  async read(name: string): Promise<Buffer> {
    return readFile(this.pathOf(name));
  }

  /** Best effort: a file already gone, or one that cannot be removed, is not the caller's failure. */
  async remove(name: string): Promise<void> {
    const path = this.pathOf(name);
    await rm(path, { force: true }).catch(() => undefined);
  }

  private pathOf(name: string): string {
    if (!isImageName(name)) throw new RangeError("not an image name");
    return join(this.dir, name);
  }
}
