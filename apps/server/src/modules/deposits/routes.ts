import multipart from "@fastify/multipart";
import {
  DEPOSIT_VOUCHER_MAX_BYTES,
  RECHARGE_VOUCHER_FIELD,
  depositRecord,
  emptyRequest,
  rechargeChannelsResponse,
  rechargeFields,
  rechargeListRequest,
  rechargeListResponse,
  rechargeVoucherRequest,
  type RechargeFields,
} from "@brokerage/api";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { answers, ok, sessionHeaders } from "../../lib/envelope.js";
import {
  imageAnswers,
  multipartLimits,
  readImageForm,
  sendImage,
  type ImageForm,
} from "../../lib/image-upload.js";
import { ImageStore } from "../../lib/images.js";
import { sessionOf } from "../../plugins/auth.js";
import { route } from "../../plugins/route.js";
import { DepositService } from "./service.js";

export interface DepositRoutesOptions {
  /** The private image store's folder (outside any public path), shared with KYC. */
  imageDir: string;
}

/** The `fund/recharge` form: four text fields and the optional voucher photo (the KYC photo rules). */
const RECHARGE_FORM: ImageForm<keyof RechargeFields, typeof RECHARGE_VOUCHER_FIELD> = {
  text: ["channelId", "currency", "amount", "idempotencyKey"],
  files: [RECHARGE_VOUCHER_FIELD],
  maxFileBytes: DEPOSIT_VOUCHER_MAX_BYTES,
  // A client's `state`, `userId` or `balance` beside them is ignored, never obeyed.
  ignoredTextFields: 4,
};

/**
 * `fund/rechargeChannels`, `fund/recharge` (multipart), `fund/rechargeList`, `fund/rechargeVoucher`:
 * every call needs a user session.
 */
export const depositRoutes: FastifyPluginAsyncZod<DepositRoutesOptions> = async (app, options) => {
  // Only this plugin's routes parse multipart bodies, with limits made for the recharge form.
  await app.register(multipart, { limits: multipartLimits(RECHARGE_FORM) });
  const deposits = new DepositService({
    db: app.db,
    clock: app.clock,
    images: new ImageStore(options.imageDir),
    log: app.log,
  });
  // onRequest: a call without a valid session is refused before its body is read.
  const withSession = { onRequest: app.requireUser };
  const schema = { tags: ["fund"], headers: sessionHeaders, security: [{ token: [], account: [] }] };

  route(
    app,
    "fund/rechargeChannels",
    {
      ...withSession,
      schema: {
        ...schema,
        summary:
          "The enabled deposit channels (bank: account name, number, bank; crypto: network and address; " +
          "OTC: the key to quote), each with the currencies it takes and their effective limits (the " +
          "channel's narrowed by recharge.limits), whether a voucher is required, the demo flag; and the " +
          "recharge window (recharge.window) with whether it is open now",
        body: emptyRequest,
        response: answers(rechargeChannelsResponse, { session: true }),
      },
    },
    async () => ok(await deposits.channels()),
  );

  route(
    app,
    "fund/recharge",
    {
      ...withSession,
      schema: {
        ...schema,
        summary:
          "Request a deposit as multipart/form-data: text fields `channelId`, `currency`, `amount` (a positive " +
          "decimal with at most the currency's decimals), `idempotencyKey`, and the file part `voucher` " +
          "(JPEG, PNG or WebP decided from the bytes, at most 8 MB; stored re-encoded without metadata), " +
          "required when the channel says so. Refusals, in order: ACCOUNT_DISABLED, ACCOUNT_FROZEN, " +
          "OUTSIDE_WINDOW {start, end, timeZone}, CHANNEL_UNAVAILABLE, CURRENCY_UNSUPPORTED, AMOUNT_BELOW_MIN {min}, " +
          "AMOUNT_ABOVE_MAX {max}, VOUCHER_REQUIRED, PENDING_REVIEW_EXISTS (one pending deposit at a time); " +
          "a refused photo: IMAGE_EMPTY, IMAGE_TOO_LARGE {maxMb}, IMAGE_TYPE_UNSUPPORTED, " +
          "IMAGE_TOO_MANY_PIXELS, IMAGE_CORRUPT. Answers the pending deposit, which a reviewer credits or " +
          "refuses; a retry with the same key answers the first result (IDEMPOTENCY_CONFLICT for the key " +
          "with another request, the voucher's bytes included).",
        consumes: ["multipart/form-data"],
        multipart: { fields: rechargeFields, files: RECHARGE_FORM.files },
        response: answers(depositRecord, { session: true }),
      },
    },
    async (request) => {
      const { fields, files } = await readImageForm(request, RECHARGE_FORM);
      return ok(await deposits.recharge(sessionOf(request).userId, { fields, voucher: files.voucher }));
    },
  );

  route(
    app,
    "fund/rechargeList",
    {
      ...withSession,
      schema: {
        ...schema,
        summary:
          "The user's deposits, newest first, 20 a page: channel, currency, amount, state (pending, " +
          "approved, rejected), the reviewer's reason on a refusal, whether a voucher was uploaded",
        body: rechargeListRequest,
        response: answers(rechargeListResponse, { session: true }),
      },
    },
    async (request) => ok(await deposits.list(sessionOf(request).userId, request.body.cursor)),
  );

  route(
    app,
    "fund/rechargeVoucher",
    {
      ...withSession,
      schema: {
        ...schema,
        summary:
          "The voucher of one of the user's own deposits, as image/jpeg bytes with cache-control private, " +
          "no-store; NOT_FOUND for a deposit without a voucher or of another user",
        body: rechargeVoucherRequest,
        produces: ["image/jpeg"],
        response: imageAnswers(),
      },
    },
    async (request, reply) =>
      sendImage(reply, await deposits.ownVoucher(sessionOf(request).userId, request.body.id)),
  );
};
