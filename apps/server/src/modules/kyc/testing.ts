/** Helpers of the KYC tests (imported by *.test.ts only): multipart bodies and photo fixtures. */
import { randomBytes } from "node:crypto";
import { readdir } from "node:fs/promises";
import { crc32, deflateSync } from "node:zlib";
import { count, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import sharp from "sharp";
import type { Db } from "../../db/index.js";
import { kycSubmissions, reviews, users } from "../../db/schema/index.js";
import type { Answer, Session } from "../../../test/helper.js";

export interface FilePart {
  name: string;
  bytes: Buffer;
  filename?: string;
  type?: string;
}

/** A multipart/form-data body as a browser writes it (fields first, then files). */
export function multipartBody(fields: Record<string, string>, files: FilePart[]) {
  const boundary = `----kycTest${randomBytes(8).toString("hex")}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  }
  for (const file of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.name}"; ` +
          `filename="${file.filename ?? `${file.name}.jpg`}"\r\nContent-Type: ${file.type ?? "image/jpeg"}\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from("\r\n"),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

export const FORM = { realName: "Asha Verma", idNumber: "ABCDE1234F" } as const;

/** POSTs a raw multipart body to kyc/submit. */
export async function submitRaw(
  app: FastifyInstance,
  session: Session | undefined,
  body: { payload: Buffer | string; contentType: string },
): Promise<Answer> {
  const response = await app.inject({
    method: "POST",
    url: "/api/vue/kyc/submit",
    payload: body.payload,
    headers: { ...(session?.headers ?? {}), "content-type": body.contentType },
  });
  return { httpStatus: response.statusCode, ...(response.json() as Omit<Answer, "httpStatus">) };
}

/** kyc/submit with the form's fields (overridable) and the given photos (default: two good ones). */
export async function submitKyc(
  app: FastifyInstance,
  session: Session | undefined,
  options: { fields?: Record<string, string>; files?: FilePart[] } = {},
): Promise<Answer> {
  const files = options.files ?? [
    { name: "front", bytes: await photo() },
    { name: "back", bytes: await photo("png") },
  ];
  return submitRaw(app, session, multipartBody(options.fields ?? FORM, files));
}

/** A small, valid photo of a plain colour. */
export function photo(format: "jpeg" | "png" | "webp" = "jpeg", width = 120, height = 80): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 30, g: 90, b: 160 } } })
    .toFormat(format)
    .toBuffer();
}

/** A JPEG carrying EXIF with a GPS position and a camera serial, as a phone writes it. */
export function photoWithGps(): Promise<Buffer> {
  return sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 200, g: 40, b: 40 } } })
    .withExif({
      IFD0: { Make: "PhoneCo", Copyright: "owner-secret-42" },
      IFD3: {
        GPSLatitudeRef: "N",
        GPSLatitude: "28/1 36/1 50/1",
        GPSLongitudeRef: "E",
        GPSLongitude: "77/1 12/1 0/1",
      },
    })
    .jpeg()
    .toBuffer();
}

/** Noise does not compress, so cutting the file in half cuts the scan data, not only the header. */
export function noisyJpeg(): Promise<Buffer> {
  return sharp({
    create: {
      width: 400,
      height: 300,
      channels: 3,
      background: { r: 0, g: 0, b: 0 },
      noise: { type: "gaussian", mean: 128, sigma: 60 },
    },
  })
    .jpeg()
    .toBuffer();
}

function pngChunk(type: string, data: Buffer): Buffer {
  const typeBytes = Buffer.from(type, "latin1");
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([typeBytes, data])));
  return Buffer.concat([length, typeBytes, data, crc]);
}

/** A PNG whose header claims `width` × `height` with no real pixel data: a pixel bomb in a few bytes. */
export function pngHeaderOnly(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8;
  ihdr[9] = 2;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk("IHDR", ihdr),
    pngChunk("IDAT", deflateSync(Buffer.alloc(0))),
    pngChunk("IEND", Buffer.alloc(0)),
  ]);
}

export async function filesIn(dir: string): Promise<string[]> {
  return readdir(dir).catch(() => []);
}

export async function userIdOf(db: Db, session: Session): Promise<string> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.account, session.account));
  if (!row) throw new Error(`no user ${session.account}`);
  return row.id;
}

/** What one user has stored: submissions, reviews and the users row's KYC columns. */
export async function storedFor(db: Db, userId: string) {
  const [submissions] = await db
    .select({ n: count() })
    .from(kycSubmissions)
    .where(eq(kycSubmissions.userId, userId));
  const [queued] = await db.select({ n: count() }).from(reviews).where(eq(reviews.userId, userId));
  const [user] = await db
    .select({ kycStatus: users.kycStatus, realname: users.realname })
    .from(users)
    .where(eq(users.id, userId));
  return { submissions: submissions?.n ?? 0, reviews: queued?.n ?? 0, ...user };
}
