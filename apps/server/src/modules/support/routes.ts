import multipart from "@fastify/multipart";
import {
  SUPPORT_IMAGE_FIELD,
  SUPPORT_IMAGE_MAX_BYTES,
  supportComplainRequest,
  supportImageFields,
  supportImageRequest,
  supportSendRequest,
  supportThreadDetail,
  supportThreadPage,
  supportThreadRequest,
  supportThreadsRequest,
  type SupportImageFields,
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
import { SupportService } from "./service.js";

export interface SupportRoutesOptions {
  /** The private image store's folder (outside any public path), shared with KYC. */
  imageDir: string;
}

const IMAGE_FORM: ImageForm<keyof SupportImageFields, typeof SUPPORT_IMAGE_FIELD> = {
  text: ["threadId", "idempotencyKey"],
  files: [SUPPORT_IMAGE_FIELD],
  maxFileBytes: SUPPORT_IMAGE_MAX_BYTES,
};

/**
 * `/api/vue/support/*` (docs/support.md): the user's conversations with support staff and complaints.
 * Every call needs a user session and sees only the user's own threads (NOT_FOUND for anyone else's).
 */
export const supportRoutes: FastifyPluginAsyncZod<SupportRoutesOptions> = async (app, options) => {
  await app.register(multipart, { limits: multipartLimits(IMAGE_FORM) });
  const support = new SupportService({
    db: app.db,
    clock: app.clock,
    images: new ImageStore(options.imageDir),
    log: app.log,
  });
  const withSession = { onRequest: app.requireUser };
  const schema = { tags: ["support"], headers: sessionHeaders, security: [{ token: [], account: [] }] };

  route(
    app,
    "support/threads",
    {
      ...withSession,
      schema: {
        ...schema,
        summary:
          "The user's conversations with support, newest first, 20 a page: subject, state (open, resolved), " +
          "unread answers, the complaint's clock (made, final answer due, escalated, answered, in time); " +
          "`unread` counts every thread's",
        body: supportThreadsRequest,
        response: answers(supportThreadPage, { session: true }),
      },
    },
    async (request) => ok(await support.threads(sessionOf(request).userId, request.body.cursor)),
  );

  route(
    app,
    "support/thread",
    {
      ...withSession,
      schema: {
        ...schema,
        summary:
          "One of the user's threads with its messages (the latest 500), oldest first; reading it marks the " +
          "answers seen. NOT_FOUND for an unknown thread or another user's.",
        body: supportThreadRequest,
        response: answers(supportThreadDetail, { session: true }),
      },
    },
    async (request) => ok(await support.thread(sessionOf(request).userId, request.body.id)),
  );

  route(
    app,
    "support/send",
    {
      ...withSession,
      schema: {
        ...schema,
        summary:
          "Write to support: without `threadId` a new thread starts. A retry with the same `idempotencyKey` " +
          "answers the thread with the first message (IDEMPOTENCY_CONFLICT for the key with another text " +
          "or thread); two at once write one message. NOT_FOUND for another user's thread; " +
          "SUPPORT_THREAD_CLOSED for a resolved one.",
        body: supportSendRequest,
        response: answers(supportThreadDetail, { session: true }),
      },
    },
    async (request) => ok(await support.send(sessionOf(request).userId, request.body)),
  );

  route(
    app,
    "support/sendImage",
    {
      ...withSession,
      schema: {
        ...schema,
        summary:
          "Send an image to support as multipart/form-data: text fields `threadId` (optional: a new thread) " +
          "and `idempotencyKey`, the file part `image` (JPEG, PNG or WebP decided from the bytes, at most " +
          "8 MB; stored re-encoded as JPEG without metadata). Refused images: IMAGE_EMPTY, IMAGE_TOO_LARGE " +
          "{maxMb}, IMAGE_TYPE_UNSUPPORTED, IMAGE_TOO_MANY_PIXELS, IMAGE_CORRUPT. Retries as `support/send`.",
        consumes: ["multipart/form-data"],
        multipart: { fields: supportImageFields, files: IMAGE_FORM.files },
        response: answers(supportThreadDetail, { session: true }),
      },
    },
    async (request) => {
      const { fields, files } = await readImageForm(request, IMAGE_FORM);
      return ok(await support.sendImage(sessionOf(request).userId, fields, files.image));
    },
  );

  route(
    app,
    "support/complain",
    {
      ...withSession,
      schema: {
        ...schema,
        summary:
          "Make a thread a complaint, with what it is about: acknowledged at once (a message in the thread " +
          "and in the inbox) with the date its final answer is due (`support.complaintAnswerDays`, default " +
          "21 days as SEBI's SCORES); escalated to administrators `support.complaintEscalateDays` before it. " +
          "A thread that is one already answers as it is. NOT_FOUND for another user's thread; " +
          "SUPPORT_THREAD_CLOSED for a resolved one.",
        body: supportComplainRequest,
        response: answers(supportThreadDetail, { session: true }),
      },
    },
    async (request) => ok(await support.complain(sessionOf(request).userId, request.body)),
  );

  route(
    app,
    "support/image",
    {
      ...withSession,
      schema: {
        ...schema,
        summary:
          "An image the user sent to support, as image/jpeg bytes with cache-control private, no-store; " +
          "NOT_FOUND for a message without an image or of another user",
        body: supportImageRequest,
        produces: ["image/jpeg"],
        response: imageAnswers(),
      },
    },
    async (request, reply) =>
      sendImage(reply, await support.ownImage(sessionOf(request).userId, request.body.messageId)),
  );
};
