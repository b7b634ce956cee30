import { LOGO_MAX_PIXELS, logoProblem } from "@brokerage/api";

/**
 * An image file as the app's logo: drawn on a canvas at most LOGO_MAX_PIXELS on its longer side and
 * encoded as WebP (PNG where the browser cannot encode WebP), at a lower quality until it fits the
 * size limit. What comes back may still be refused by the logo's check (logoProblem), which says why;
 * the server reads the image itself and stores a WebP of its own encoding.
 */
export async function encodeLogo(file: File): Promise<string> {
  // An <img> of a data: URL rather than createImageBitmap (which cannot read SVG) or a blob: URL (which
  // the back office's Content-Security-Policy refuses for images).
  const image = new Image();
  image.src = await readAsDataUrl(file);
  await image.decode();
  const width = image.naturalWidth || LOGO_MAX_PIXELS;
  const height = image.naturalHeight || LOGO_MAX_PIXELS;
  const scale = Math.min(1, LOGO_MAX_PIXELS / Math.max(width, height));
  const canvas = document.createElement("canvas");
  canvas.width = Math.max(1, Math.round(width * scale));
  canvas.height = Math.max(1, Math.round(height * scale));
  const context = canvas.getContext("2d");
  if (!context) throw new Error("no 2d canvas");
  context.drawImage(image, 0, 0, canvas.width, canvas.height);
  let encoded = "";
  for (const quality of [0.92, 0.8, 0.65, 0.5, 0.35]) {
    encoded = canvas.toDataURL("image/webp", quality);
    if (!logoProblem(encoded)) return encoded;
  }
  return encoded;
}

function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error("unreadable"));
    reader.readAsDataURL(file);
  });
}
