import {
  adminSupportAssignRequest,
  adminSupportReplyRequest,
  adminSupportResolveRequest,
  adminSupportStaffList,
  adminSupportStats,
  adminSupportThreadDetail,
  adminSupportThreadPage,
  adminSupportThreadsRequest,
  emptyRequest,
  errorEnvelope,
  supportImageRequest,
  supportThreadRequest,
  type AdminSupportThreadPage,
} from "@brokerage/api";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { ok } from "../../lib/envelope.js";
import { imageAnswers, sendImage } from "../../lib/image-upload.js";
import { ImageStore } from "../../lib/images.js";
import { adminRoute } from "../../plugins/route.js";
import { readOfList, readOfUser } from "../audit/index.js";
import { staffAnswers, staffAuthPlugin, staffHeaders, staffOf } from "../staff/index.js";
import { SupportAdminService } from "./admin-service.js";
import { imageOf, threadRow } from "./repository.js";
import type { SupportRoutesOptions } from "./routes.js";

const schema = { headers: staffHeaders, security: [{ token: [], account: [] }], tags: ["admin: support"] };

/**
 * `/api/admin/support/*` (permission support.handle; docs/support.md): the support inbox. Reads of
 * threads and images are audited (read.supportThreads, read.supportThread, read.supportImage); each reply,
 * assignment and closing is audited with its thread.
 */
export const supportAdminRoutes: FastifyPluginAsyncZod<SupportRoutesOptions> = async (app, options) => {
  await app.register(staffAuthPlugin);
  const support = new SupportAdminService({
    db: app.db,
    clock: app.clock,
    images: new ImageStore(options.imageDir),
    log: app.log,
  });
  // Writes are audited by their own rows (support.reply, support.assign, support.resolve).
  const write = app.requireStaff("support.handle", { read: false });
  const threadOwner = async (body: { id: string }, db: Parameters<typeof threadRow>[0]) => {
    const row = await threadRow(db, body.id);
    return row ? { userId: row.userId, details: { threadId: row.id } } : null;
  };

  adminRoute(
    app,
    "support/threads",
    {
      onRequest: app.requireStaff("support.handle", {
        read: readOfList(
          "read.supportThreads",
          (body: { filter: string }) => `support:${body.filter}`,
          (data: AdminSupportThreadPage) => data.items.map((t) => t.userId),
        ),
      }),
      schema: {
        ...schema,
        summary:
          "The support inbox, newest first, 20 a page, by `filter`: open (default), mine (assigned to the " +
          "caller), unassigned, complaints (every complaint, answered ones too), escalated (open complaints " +
          "near their due date), resolved; each with the user, unread user messages, the assignee and the " +
          "complaint's clock. Audited (read.supportThreads) with the users shown.",
        body: adminSupportThreadsRequest,
        response: staffAnswers(adminSupportThreadPage),
      },
    },
    async (request) => ok(await support.threads(staffOf(request), request.body.filter, request.body.cursor)),
  );

  adminRoute(
    app,
    "support/thread",
    {
      onRequest: app.requireStaff("support.handle", {
        read: readOfUser("read.supportThread", threadOwner),
      }),
      schema: {
        ...schema,
        summary:
          "One thread with its messages (the staff member of each answer named); reading it marks the " +
          "user's messages seen. NOT_FOUND for an unknown id. Audited (read.supportThread).",
        body: supportThreadRequest,
        response: staffAnswers(adminSupportThreadDetail),
      },
    },
    async (request) => ok(await support.thread(request.body.id)),
  );

  adminRoute(
    app,
    "support/stats",
    {
      onRequest: app.requireStaff("support.handle", { read: false }),
      schema: {
        ...schema,
        summary:
          "Counts: open threads, open threads with unread messages, complaints (all, open, escalated, " +
          "answered, answered by their due date), and the complaint settings now",
        body: emptyRequest,
        response: staffAnswers(adminSupportStats),
      },
    },
    async () => ok(await support.stats()),
  );

  adminRoute(
    app,
    "support/staff",
    {
      onRequest: app.requireStaff("support.handle", { read: false }),
      schema: {
        ...schema,
        summary: "Active staff whose role handles support: who a thread can be assigned to",
        body: emptyRequest,
        response: staffAnswers(adminSupportStaffList),
      },
    },
    async () => ok(await support.staff()),
  );

  adminRoute(
    app,
    "support/reply",
    {
      onRequest: write,
      schema: {
        ...schema,
        summary:
          "Answer in a thread; the user's inbox is told when no earlier answer is unread. A retry with the " +
          "same `idempotencyKey` answers the thread as it is. NOT_FOUND for an unknown thread; " +
          "ORDER_STATE_INVALID once resolved. Audited (support.reply).",
        body: adminSupportReplyRequest,
        response: staffAnswers(adminSupportThreadDetail),
      },
    },
    async (request) => ok(await support.reply(staffOf(request), request.body)),
  );

  adminRoute(
    app,
    "support/assign",
    {
      onRequest: write,
      schema: {
        ...schema,
        summary:
          "Give a thread to a staff member who handles support (SUPPORT_STAFF_UNAVAILABLE otherwise), or to " +
          "nobody (null). Audited (support.assign) with the former and new assignee.",
        body: adminSupportAssignRequest,
        response: staffAnswers(adminSupportThreadDetail),
      },
    },
    async (request) => ok(await support.assign(staffOf(request), request.body)),
  );

  adminRoute(
    app,
    "support/resolve",
    {
      onRequest: write,
      schema: {
        ...schema,
        summary:
          "Close a thread with what the user reads as it closes. A complaint closes only with a written " +
          "final answer of at least 20 characters (SUPPORT_FINAL_ANSWER_TOO_SHORT {minLength}), sent with " +
          "the outside route (`support.outsideRoute`) and told in the inbox. ORDER_STATE_INVALID when " +
          "closed already. Audited (support.resolve) with whether a complaint was answered in time.",
        body: adminSupportResolveRequest,
        response: staffAnswers(adminSupportThreadDetail),
      },
    },
    async (request) => ok(await support.resolve(staffOf(request), request.body)),
  );

  adminRoute(
    app,
    "support/image",
    {
      onRequest: app.requireStaff("support.handle", {
        read: readOfUser("read.supportImage", async (body: { messageId: string }, db) => {
          const row = await imageOf(db, body.messageId);
          return row ? { userId: row.userId, details: { messageId: body.messageId } } : null;
        }),
      }),
      schema: {
        ...schema,
        summary:
          "An image a user sent to support, as image/jpeg bytes with cache-control private, no-store; " +
          "NOT_FOUND for a message without one. Audited (read.supportImage).",
        body: supportImageRequest,
        produces: ["image/jpeg"],
        response: imageAnswers({ 403: errorEnvelope }),
      },
    },
    async (request, reply) => sendImage(reply, await support.image(request.body.messageId)),
  );
};
