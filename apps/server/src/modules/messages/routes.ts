import {
  cursorRequest,
  emptyRequest,
  messageIdRequest,
  messageListResponse,
  unreadCountResponse,
  message,
} from "@brokerage/api";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { answers, ok, sessionHeaders } from "../../lib/envelope.js";
import { sessionOf } from "../../plugins/auth.js";
import { route } from "../../plugins/route.js";
import { MessageService } from "./service.js";

/** `message/*`: the logged-in user's inbox. Every call needs a session. */
export const messageRoutes: FastifyPluginAsyncZod = async (app) => {
  const messages = new MessageService({ db: app.db, clock: app.clock });
  // onRequest: a call without a valid session is refused before its body is even parsed.
  const withSession = { onRequest: app.requireUser };
  const schema = { tags: ["message"], headers: sessionHeaders, security: [{ token: [], account: [] }] };

  route(
    app,
    "message/list",
    {
      ...withSession,
      schema: {
        ...schema,
        summary:
          "The user's messages, newest first, 20 a page; pass `nextCursor` back as `cursor` for the next " +
          "page (null on the last one). The cursor is opaque; a malformed one answers INVALID_INPUT.",
        body: cursorRequest,
        response: answers(messageListResponse, { session: true }),
      },
    },
    async (request) => ok(await messages.list(sessionOf(request).userId, request.body.cursor)),
  );

  route(
    app,
    "message/read",
    {
      ...withSession,
      schema: {
        ...schema,
        summary: "Mark one of the user's messages read and answer it (the message screen shows the answer)",
        body: messageIdRequest,
        response: answers(message, { session: true }),
      },
    },
    async (request) => ok(await messages.read(sessionOf(request).userId, request.body.id)),
  );

  route(
    app,
    "message/unreadCount",
    {
      ...withSession,
      schema: {
        ...schema,
        summary: "How many of the user's messages are unread (the bell's badge)",
        body: emptyRequest,
        response: answers(unreadCountResponse, { session: true }),
      },
    },
    async (request) => ok(await messages.unreadCount(sessionOf(request).userId)),
  );
};
