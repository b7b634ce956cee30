/** Helpers of the deposit tests (imported by *.test.ts only). */
import { randomBytes } from "node:crypto";
import { and, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { Db } from "../../db/index.js";
import { depositChannels, deposits, reviews } from "../../db/schema/index.js";
import type { Answer, Session } from "../../../test/helper.js";
import { multipartBody, photo, type FilePart } from "../kyc/testing.js";

export { photo };

/** The demo bank channel the migration seeds (USD, THB, INR; voucher required). */
export async function demoChannelId(db: Db): Promise<string> {
  const [row] = await db
    .select({ id: depositChannels.id })
    .from(depositChannels)
    .where(eq(depositChannels.demo, true));
  if (!row) throw new Error("no demo channel");
  return row.id;
}

export const newKey = () => `key-${randomBytes(8).toString("hex")}`;

/** POSTs a raw body to fund/recharge. */
export async function rechargeRaw(
  app: FastifyInstance,
  session: Session | undefined,
  body: { payload: Buffer | string; contentType: string },
): Promise<Answer> {
  const response = await app.inject({
    method: "POST",
    url: "/api/vue/fund/recharge",
    payload: body.payload,
    headers: { ...(session?.headers ?? {}), "content-type": body.contentType },
  });
  return { httpStatus: response.statusCode, ...(response.json() as Omit<Answer, "httpStatus">) };
}

/** fund/recharge with the given fields (a fresh idempotency key unless given) and voucher (default: a photo). */
export async function recharge(
  app: FastifyInstance,
  session: Session | undefined,
  fields: Record<string, string>,
  voucher: FilePart[] | Buffer | null = null,
): Promise<Answer> {
  const files = Array.isArray(voucher) ? voucher : [{ name: "voucher", bytes: voucher ?? (await photo()) }];
  return rechargeRaw(app, session, multipartBody({ idempotencyKey: newKey(), ...fields }, files));
}

export async function depositsOf(db: Db, userId: string) {
  return db.select().from(deposits).where(eq(deposits.userId, userId));
}

/** The review of a deposit (kind `deposit`). */
export async function reviewOf(db: Db, depositId: string) {
  const [row] = await db
    .select()
    .from(reviews)
    .where(and(eq(reviews.kind, "deposit"), eq(reviews.subjectId, depositId)));
  if (!row) throw new Error(`no review of deposit ${depositId}`);
  return row;
}
