import { mkdtemp, readdir, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import sharp, { type Sharp } from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  IMAGE_NAME_PATTERN,
  ImageRejectedError,
  ImageStore,
  processImage,
  sniffImageType,
  type ImageRejectionReason,
} from "./images.js";
import { noisyJpeg, pngHeaderOnly } from "./image-fixtures.js";

// Fixtures are built here, never committed: small images from sharp, hostile ones from raw bytes.

function solid(width: number, height: number): Sharp {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 40, b: 40 } } });
}

async function rejection(promise: Promise<unknown>): Promise<ImageRejectionReason> {
  const error: unknown = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ImageRejectedError);
  return (error as ImageRejectedError).reason;
}

describe("sniffImageType", () => {
  it("knows the three types by their magic bytes and nothing else", async () => {
    expect(sniffImageType(await solid(4, 4).jpeg().toBuffer())).toBe("jpeg");
    expect(sniffImageType(await solid(4, 4).png().toBuffer())).toBe("png");
    expect(sniffImageType(await solid(4, 4).webp().toBuffer())).toBe("webp");
    expect(sniffImageType(Buffer.from([0xff, 0xd8, 0xff]))).toBe("jpeg");
  });

  it("answers null for other formats and for magic bytes cut short", () => {
    expect(sniffImageType(Buffer.alloc(0))).toBeNull();
    expect(sniffImageType(Buffer.from([0xff, 0xd8]))).toBeNull();
    expect(sniffImageType(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a]))).toBeNull();
    expect(sniffImageType(Buffer.from("RIFF\x10\x00\x00\x00WAVEfmt ", "latin1"))).toBeNull();
    expect(sniffImageType(Buffer.from("RIFF\x10\x00\x00\x00WEB", "latin1"))).toBeNull();
    expect(sniffImageType(Buffer.from("GIF89a\x01\x00\x01\x00", "latin1"))).toBeNull();
    expect(sniffImageType(Buffer.from("%PDF-1.4\n", "latin1"))).toBeNull();
  });
});

describe("processImage accepts", () => {
  it.each(["jpeg", "png", "webp"] as const)("a %s and answers a JPEG of the same size", async (format) => {
    const input = await solid(64, 48).toFormat(format).toBuffer();
    const out = await processImage(input);
    expect(out.contentType).toBe("image/jpeg");
    expect([out.width, out.height]).toEqual([64, 48]);
    expect(sniffImageType(out.bytes)).toBe("jpeg");
    const meta = await sharp(out.bytes).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["jpeg", 64, 48]);
  });

  it("shrinks the long side to maxOutputSide and never enlarges", async () => {
    const big = await processImage(await solid(3000, 1500).png().toBuffer());
    expect([big.width, big.height]).toEqual([2048, 1024]);
    const limited = await processImage(await solid(300, 600).png().toBuffer(), { maxOutputSide: 100 });
    expect([limited.width, limited.height]).toEqual([50, 100]);
    const small = await processImage(await solid(30, 20).png().toBuffer(), { maxOutputSide: 100 });
    expect([small.width, small.height]).toEqual([30, 20]);
  });

  it("applies the EXIF orientation to the pixels, since the tag itself is dropped", async () => {
    // Orientation 6: stored landscape, shown rotated 90° clockwise, as phones save portrait photos.
    const input = await solid(40, 20).withMetadata({ orientation: 6 }).jpeg().toBuffer();
    expect((await sharp(input).metadata()).orientation).toBe(6);
    const out = await processImage(input);
    expect([out.width, out.height]).toEqual([20, 40]);
    expect((await sharp(out.bytes).metadata()).orientation).toBeUndefined();
  });

  it("puts transparent pixels on white rather than black", async () => {
    const transparent = await sharp({
      create: { width: 8, height: 8, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
    })
      .png()
      .toBuffer();
    const out = await processImage(transparent);
    const { channels } = await sharp(out.bytes).stats();
    for (const channel of channels) expect(channel.mean).toBeGreaterThan(250);
  });

  it("drops EXIF (with its GPS position), XMP and the ICC profile", async () => {
    const input = await solid(64, 48)
      .withExif({
        IFD0: { Copyright: "owner-secret-42", Make: "PhoneCo" },
        IFD3: {
          GPSLatitudeRef: "N",
          GPSLatitude: "28/1 36/1 50/1",
          GPSLongitudeRef: "E",
          GPSLongitude: "77/1 12/1 0/1",
        },
      })
      .withXmp(
        '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">' +
          '<rdf:Description xmlns:xmp="http://ns.adobe.com/xap/1.0/" xmp:CreatorTool="owner-secret-42"/>' +
          "</rdf:RDF></x:xmpmeta>",
      )
      .withIccProfile("p3")
      .jpeg()
      .toBuffer();
    // The fixture really carries what must go, or the assertions below would prove nothing.
    const before = await sharp(input).metadata();
    expect(before.exif?.toString("latin1")).toContain("owner-secret-42");
    // Tag 0x8825 points to the GPS directory, in either byte order.
    expect(
      before.exif?.includes(Buffer.from([0x88, 0x25])) || before.exif?.includes(Buffer.from([0x25, 0x88])),
    ).toBe(true);
    expect(before.xmpAsString).toContain("owner-secret-42");
    expect(before.icc).toBeDefined();
    expect(input.toString("latin1")).toContain("owner-secret-42");

    const out = await processImage(input);
    const after = await sharp(out.bytes).metadata();
    expect(after.exif).toBeUndefined();
    expect(after.xmp).toBeUndefined();
    expect(after.iptc).toBeUndefined();
    expect(after.icc).toBeUndefined();
    expect(after.hasProfile).toBe(false);
    expect(out.bytes.toString("latin1")).not.toContain("owner-secret-42");
    expect(out.bytes.toString("latin1")).not.toContain("PhoneCo");
  });
});

describe("processImage refuses", () => {
  it("a zero-byte file as empty", async () => {
    expect(await rejection(processImage(Buffer.alloc(0)))).toBe("empty");
  });

  it("a 10 MB file as too_large before looking at its content", async () => {
    // JPEG magic then random bytes: were it decoded, it would be refused as corrupt instead.
    const huge = Buffer.alloc(10 * 1024 * 1024, 0x5a);
    huge.set([0xff, 0xd8, 0xff, 0xe0]);
    expect(await rejection(processImage(huge))).toBe("too_large");
    const valid = await solid(16, 16).jpeg().toBuffer();
    expect(await rejection(processImage(valid, { maxBytes: valid.length - 1 }))).toBe("too_large");
    await expect(processImage(valid, { maxBytes: valid.length })).resolves.toBeDefined();
  });

  it.each([
    ["an HTML page", "<!DOCTYPE html><html><body><script>alert(1)</script></body></html>"],
    [
      "an SVG renamed .jpg",
      '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>',
    ],
    ["a PDF", "%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n"],
    [
      "a GIF",
      "GIF89a\x01\x00\x01\x00\x80\x00\x00\xff\xff\xff\x00\x00\x00,\x00\x00\x00\x00\x01\x00\x01\x00\x00\x02\x02D\x01\x00;",
    ],
  ])("%s as unsupported_type", async (_label, content) => {
    expect(await rejection(processImage(Buffer.from(content, "latin1")))).toBe("unsupported_type");
  });

  it("a 20,000 × 20,000 PNG as too_many_pixels, from its header alone", async () => {
    const bomb = pngHeaderOnly(20_000, 20_000);
    expect(bomb.length).toBeLessThan(100);
    expect(await rejection(processImage(bomb))).toBe("too_many_pixels");
  });

  it("a side above maxSide as too_many_pixels even when the pixel count is small", async () => {
    expect(await rejection(processImage(pngHeaderOnly(12_000, 10)))).toBe("too_many_pixels");
    const tall = await solid(10, 300).png().toBuffer();
    expect(await rejection(processImage(tall, { maxSide: 299 }))).toBe("too_many_pixels");
    expect(await rejection(processImage(tall, { maxPixels: 2999 }))).toBe("too_many_pixels");
    await expect(processImage(tall, { maxSide: 300, maxPixels: 3000 })).resolves.toBeDefined();
  });

  it("a truncated JPEG, PNG or WebP as corrupt", async () => {
    const jpeg = await noisyJpeg();
    await expect(processImage(jpeg)).resolves.toBeDefined();
    expect(await rejection(processImage(jpeg.subarray(0, jpeg.length >> 1)))).toBe("corrupt");
    for (const format of ["png", "webp"] as const) {
      const whole = await sharp(jpeg).toFormat(format).toBuffer();
      expect(await rejection(processImage(whole.subarray(0, whole.length >> 1)))).toBe("corrupt");
    }
  });

  it("magic bytes followed by garbage as corrupt", async () => {
    const garbage = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(500, 0x41)]);
    expect(await rejection(processImage(garbage))).toBe("corrupt");
    expect(await rejection(processImage(Buffer.from("RIFF\x00\x01\x00\x00WEBPVP8 garbage", "latin1")))).toBe(
      "corrupt",
    );
  });

  it("limits that would switch a check off", async () => {
    const valid = await solid(4, 4).jpeg().toBuffer();
    await expect(processImage(valid, { maxPixels: 0 })).rejects.toThrow(RangeError);
    await expect(processImage(valid, { maxBytes: Number.NaN })).rejects.toThrow(RangeError);
  });
});

describe("ImageStore", () => {
  let root: string;
  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), "images-test-"));
  });
  afterAll(async () => {
    await rm(root, { recursive: true, force: true });
  });

  it("creates its directory 0700 and writes files 0600 under random opaque names", async () => {
    const dir = join(root, "private", "images");
    const store = new ImageStore(dir);
    const first = await store.save(Buffer.from("first"));
    const second = await store.save(Buffer.from("second"));

    expect(first).toMatch(/^[0-9a-f]{32}\.jpg$/);
    expect(second).toMatch(IMAGE_NAME_PATTERN);
    expect(first).not.toBe(second);
    expect((await stat(dir)).mode & 0o777).toBe(0o700);
    expect((await stat(join(dir, first))).mode & 0o777).toBe(0o600);
    expect((await stat(join(dir, second))).mode & 0o777).toBe(0o600);
    expect((await readdir(dir)).sort()).toEqual([first, second].sort());

    expect((await store.read(first)).toString()).toBe("first");
    expect((await store.read(second)).toString()).toBe("second");
  });

  it("refuses to read any name it could not have made", async () => {
    const store = new ImageStore(join(root, "refuse"));
    // A real file right next to the store, to show the refusal is by name and not by absence.
    await writeFile(join(root, "outside.jpg"), "secret");
    const name = await store.save(Buffer.from("ok"));
    for (const bad of [
      "../../etc/passwd",
      "../outside.jpg",
      `../refuse/${name}`,
      `${name}\n`,
      ` ${name}`,
      name.toUpperCase(),
      name.replace(".jpg", ".png"),
      name.slice(1),
      "/etc/passwd",
      "",
    ]) {
      await expect(store.read(bad), bad).rejects.toThrow(RangeError);
    }
  });

  it("removes a file, and removing it again or a never-saved name does not throw", async () => {
    const dir = join(root, "remove");
    const store = new ImageStore(dir);
    const name = await store.save(Buffer.from("gone soon"));
    await store.remove(name);
    expect(await readdir(dir)).toEqual([]);
    await expect(store.remove(name)).resolves.toBeUndefined();
    await expect(store.remove("0".repeat(32) + ".jpg")).resolves.toBeUndefined();
    await expect(store.remove("../outside.jpg")).rejects.toThrow(RangeError);
  });
});
