import { LOGO_MAX_BYTES, LOGO_MAX_PIXELS, logoProblem } from "@brokerage/api";
import { DomainError } from "../../lib/errors.js";
import { ImageRejectedError, processImage, sniffImageType } from "../../lib/images.js";

const PREFIX = /^data:image\/(png|webp);base64,/;

/**
 * The app's logo as it is stored: the PNG or WebP a staff member sent, read through the image door
 * (lib/images.ts: its type from its bytes, at most 256 × 256 pixels from its header, every pixel decoded)
 * and stored as a WebP we encoded ourselves, without the sender's metadata; a refusal is the setting's own
 * error. The shared schema (logoProblem) has checked the data URL's text already.
 */
export async function storedLogo(dataUrl: string): Promise<string> {
  const problem = logoProblem(dataUrl);
  if (problem) throw new DomainError(problem, { field: "value" });
  const declared = PREFIX.exec(dataUrl)?.[1];
  const bytes = Buffer.from(dataUrl.slice(dataUrl.indexOf(",") + 1), "base64");
  // The bytes must be what the data URL says (a JPEG or an SVG named PNG is refused before any decoding).
  if (sniffImageType(bytes) !== declared) throw new DomainError("SETTING_LOGO_TYPE", { field: "value" });
  try {
    const image = await processImage(bytes, {
      maxBytes: LOGO_MAX_BYTES,
      maxSide: LOGO_MAX_PIXELS,
      maxPixels: LOGO_MAX_PIXELS * LOGO_MAX_PIXELS,
      maxOutputSide: LOGO_MAX_PIXELS,
      output: "webp",
    });
    if (image.bytes.length > LOGO_MAX_BYTES)
      throw new ImageRejectedError("too_large", "re-encoded above the limit");
    return `data:image/webp;base64,${image.bytes.toString("base64")}`;
  } catch (error) {
    if (!(error instanceof ImageRejectedError)) throw error;
    const tooLarge = error.reason === "too_large" || error.reason === "too_many_pixels";
    throw new DomainError(tooLarge ? "SETTING_LOGO_TOO_LARGE" : "SETTING_LOGO_TYPE", { field: "value" });
  }
}
