import { errorEnvelope, kycAdminPhotoRequest, type KycAdminPhotoRequest } from "@brokerage/api";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { imageAnswers, sendImage } from "../../lib/image-upload.js";
import { ImageStore } from "../../lib/images.js";
import { readOfUser } from "../audit/index.js";
import { staffAuthPlugin, staffHeaders } from "../staff/index.js";
import { findSubmissionOwner } from "./repository.js";
import { kycReviewHandler } from "./review.js";
import type { KycRoutesOptions } from "./routes.js";
import { KycService } from "./service.js";
import { adminRoute } from "../../plugins/route.js";

/**
 * The back office's side of KYC: the review handler of kind `kyc` (the reviews module lists and decides
 * through it), and `kyc/photo {submissionId, side}` for staff with the `kyc.photos` permission.
 */
export const kycAdminRoutes: FastifyPluginAsyncZod<KycRoutesOptions> = async (app, options) => {
  await app.register(staffAuthPlugin);
  app.reviewRegistry.register(kycReviewHandler({ clock: app.clock, imageDir: options.imageDir }));
  const kyc = new KycService({
    db: app.db,
    clock: app.clock,
    images: new ImageStore(options.imageDir),
    log: app.log,
  });

  adminRoute(
    app,
    "kyc/photo",
    {
      onRequest: app.requireStaff("kyc.photos", {
        read: readOfUser(
          "read.kycPhoto",
          (body: KycAdminPhotoRequest, db) => findSubmissionOwner(db, body.submissionId),
          { details: (body) => ({ submissionId: body.submissionId, side: body.side }) },
        ),
      }),
      schema: {
        tags: ["admin: reviews"],
        headers: staffHeaders,
        security: [{ token: [], account: [] }],
        summary:
          "One photo (front or back) of a KYC submission, as image/jpeg bytes with cache-control private, " +
          "no-store; NOT_FOUND for an unknown submission. Needs the kyc.photos permission; each read is " +
          "audited (read.kycPhoto).",
        body: kycAdminPhotoRequest,
        produces: ["image/jpeg"],
        response: imageAnswers({ 403: errorEnvelope }),
      },
    },
    async (request, reply) =>
      sendImage(reply, await kyc.submissionPhoto(request.body.submissionId, request.body.side)),
  );
};
