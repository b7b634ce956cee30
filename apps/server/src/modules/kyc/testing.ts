/** Helpers of the KYC tests (imported by *.test.ts only): multipart bodies and photo fixtures. */
import { randomBytes } from "node:crypto";
import { readdir } from "node:fs/promises";
import { count, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import sharp from "sharp";
import type { Db } from "../../db/index.js";
import { kycSubmissions, reviews, users } from "../../db/schema/index.js";
import type { Answer, Session } from "../../../test/helper.js";

export { noisyJpeg, pngHeaderOnly } from "../../lib/image-fixtures.js";

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
