import multipart from "@fastify/multipart";
import {
  emptyRequest,
  KYC_PHOTO_SIDES,
  kycPhotoRequest,
  kycStatusResponse,
  kycSubmitFields,
} from "@brokerage/api";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { answers, ok, sessionHeaders } from "../../lib/envelope.js";
import { imageAnswers, sendImage } from "../../lib/image-upload.js";
import { ImageStore } from "../../lib/images.js";
import { sessionOf } from "../../plugins/auth.js";
import { route } from "../../plugins/route.js";
import { KycService } from "./service.js";
import { KYC_MULTIPART_LIMITS, readKycUpload } from "./upload.js";

export interface KycRoutesOptions {
  /** The private image store's folder (outside any public path). */
  imageDir: string;
}

/** `kyc/submit` (multipart), `kyc/status`, `kyc/photo {side}`: every call needs a user session. */
export const kycRoutes: FastifyPluginAsyncZod<KycRoutesOptions> = async (app, options) => {
  // Only this plugin's routes parse multipart bodies, with limits made for the KYC form.
  await app.register(multipart, { limits: KYC_MULTIPART_LIMITS });
  const kyc = new KycService({
    db: app.db,
    clock: app.clock,
    images: new ImageStore(options.imageDir),
    log: app.log,
  });
  // onRequest: a call without a valid session is refused before its body is read.
  const withSession = { onRequest: app.requireUser };
  const schema = { tags: ["kyc"], headers: sessionHeaders, security: [{ token: [], account: [] }] };

  route(
    app,
    "kyc/submit",
    {
      ...withSession,
      schema: {
        ...schema,
        summary:
          "Submit real-name verification as multipart/form-data: text fields `realName`, `idNumber` (full, or " +
          "the first 6 and last 1 with * between) and file parts `front`, `back` (JPEG, PNG or WebP decided " +
          "from the bytes, at most 8 MB each; stored re-encoded as JPEG without metadata). Allowed when not " +
          "verified or after a failed check (KYC_UNDER_REVIEW, KYC_ALREADY_VERIFIED otherwise); answers the " +
          "new status. Refused photos: IMAGE_EMPTY, IMAGE_TOO_LARGE {maxMb}, IMAGE_TYPE_UNSUPPORTED, " +
          "IMAGE_TOO_MANY_PIXELS, IMAGE_CORRUPT, each with `field` (front or back).",
        consumes: ["multipart/form-data"],
        multipart: { fields: kycSubmitFields, files: KYC_PHOTO_SIDES },
        response: answers(kycStatusResponse, { session: true }),
      },
    },
    async (request) => {
      const userId = sessionOf(request).userId;
      return ok(await kyc.submit(userId, await readKycUpload(request)));
    },
  );

  route(
    app,
    "kyc/status",
    {
      ...withSession,
      schema: {
        ...schema,
        summary:
          "The user's verification state (not_verified, under_review, verified, failed) with the latest " +
          "submission's name, masked ID number, the reviewer's reason and the times",
        body: emptyRequest,
        response: answers(kycStatusResponse, { session: true }),
      },
    },
    async (request) => ok(await kyc.status(sessionOf(request).userId)),
  );

  route(
    app,
    "kyc/photo",
    {
      ...withSession,
      schema: {
        ...schema,
        summary:
          "One photo (front or back) of the user's own latest submission, as image/jpeg bytes with " +
          "cache-control private, no-store; NOT_FOUND before the first submission",
        body: kycPhotoRequest,
        produces: ["image/jpeg"],
        response: imageAnswers(),
      },
    },
    async (request, reply) =>
      sendImage(reply, await kyc.ownPhoto(sessionOf(request).userId, request.body.side)),
  );
};
