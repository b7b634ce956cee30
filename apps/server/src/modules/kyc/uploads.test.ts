import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HOUR } from "../../lib/clock.js";
import { buildTestApp, registerUser, type TestApp } from "../../../test/helper.js";
import {
  filesIn,
  noisyJpeg,
  photo,
  pngHeaderOnly,
  storedFor,
  submitKyc,
  userIdOf,
  type FilePart,
} from "./testing.js";

let t: TestApp;
let imageDir: string;
beforeAll(async () => {
  imageDir = await mkdtemp(join(tmpdir(), "kyc-uploads-"));
  t = await buildTestApp({
    imageDir,
    authLimits: { registrationsPerAddress: { max: 100, windowMs: HOUR } },
  });
});
afterAll(async () => {
  await t.close();
  await rm(imageDir, { recursive: true, force: true });
});

const HTML = Buffer.from("<!doctype html><html><body><script>alert(document.cookie)</script></body></html>");
const SVG = Buffer.from(
  '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="10" height="10">' +
    '<script>alert(1)</script><rect width="10" height="10"/></svg>',
);
const PDF = Buffer.from(
  "%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\n" +
    "trailer<</Root 1 0 R>>\n%%EOF\n",
);

/** A hostile file, disguised as a JPEG photo by its name and its declared type. */
const disguised = (bytes: Buffer): FilePart => ({
  name: "front",
  bytes,
  filename: "id-front.jpg",
  type: "image/jpeg",
});

describe("kyc/submit refuses hostile uploads with a clear error, and stores nothing", () => {
  const attacks: [string, () => Promise<FilePart>, object][] = [
    ["an HTML file renamed .jpg", async () => disguised(HTML), { code: "IMAGE_TYPE_UNSUPPORTED" }],
    ["an SVG renamed .jpg", async () => disguised(SVG), { code: "IMAGE_TYPE_UNSUPPORTED" }],
    [
      "a PDF",
      async () => ({ name: "front", bytes: PDF, filename: "id.pdf", type: "application/pdf" }),
      { code: "IMAGE_TYPE_UNSUPPORTED" },
    ],
    [
      "a truncated JPEG",
      async () => {
        const jpeg = await noisyJpeg();
        return disguised(jpeg.subarray(0, Math.floor(jpeg.length / 2)));
      },
      { code: "IMAGE_CORRUPT" },
    ],
    [
      "a 10 MB file",
      async () => {
        // JPEG magic bytes, then 10 MB: refused by size while it streams in, before any decoding.
        const big = Buffer.alloc(10 * 1024 * 1024, 0x41);
        big.set([0xff, 0xd8, 0xff, 0xe0]);
        return disguised(big);
      },
      { code: "IMAGE_TOO_LARGE", params: { field: "front", maxMb: "8" } },
    ],
    [
      "a 20,000 × 20,000 PNG",
      async () => ({
        name: "front",
        bytes: pngHeaderOnly(20_000, 20_000),
        filename: "id.png",
        type: "image/png",
      }),
      { code: "IMAGE_TOO_MANY_PIXELS" },
    ],
    ["a zero-byte file", async () => disguised(Buffer.alloc(0)), { code: "IMAGE_EMPTY" }],
  ];

  it.each(attacks)("%s", async (_name, make, expected) => {
    const session = await registerUser(t.app);
    const userId = await userIdOf(t.database.db, session);
    const filesBefore = await filesIn(imageDir);
    const answer = await submitKyc(t.app, session, {
      files: [await make(), { name: "back", bytes: await photo() }],
    });
    expect(answer).toMatchObject({ httpStatus: 200, status: 0, params: { field: "front" }, ...expected });
    // The message is readable, not an internal reference.
    expect(answer.msg).not.toMatch(/reference|internal/i);
    expect(await storedFor(t.database.db, userId)).toMatchObject({
      submissions: 0,
      reviews: 0,
      kycStatus: "not_verified",
    });
    expect(await filesIn(imageDir)).toEqual(filesBefore);
  });

  it("refuses a hostile back photo after a good front one without keeping the front", async () => {
    const session = await registerUser(t.app);
    const userId = await userIdOf(t.database.db, session);
    const filesBefore = await filesIn(imageDir);
    const answer = await submitKyc(t.app, session, {
      files: [
        { name: "front", bytes: await photo() },
        { name: "back", bytes: SVG, filename: "back.jpg" },
      ],
    });
    expect(answer).toMatchObject({ status: 0, code: "IMAGE_TYPE_UNSUPPORTED", params: { field: "back" } });
    expect(await storedFor(t.database.db, userId)).toMatchObject({ submissions: 0, reviews: 0 });
    expect(await filesIn(imageDir)).toEqual(filesBefore);
  });

  it("still accepts a real photo afterwards (the refusals were about the files)", async () => {
    const session = await registerUser(t.app);
    expect(
      await submitKyc(t.app, session, {
        files: [
          { name: "front", bytes: await photo("png"), filename: "whatever.gif", type: "text/plain" },
          { name: "back", bytes: await photo("webp") },
        ],
      }),
    ).toMatchObject({ status: 1, data: { state: "under_review" } });
  });
});
