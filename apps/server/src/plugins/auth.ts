import type { FastifyRequest } from "fastify";
import { DomainError } from "../lib/errors.js";
import {
  SessionService,
  type AuthSession,
  type ClientInfo,
  type SessionPolicy,
} from "../modules/session/service.js";
import { shared } from "./shared.js";

declare module "fastify" {
  interface FastifyInstance {
    sessions: SessionService;
    /** onRequest hook of every route that needs a user session; sets `request.session`. */
    requireUser: (request: FastifyRequest) => Promise<void>;
    /** onRequest hook of routes that serve everyone but do more for a user: sets `request.session` or null. */
    optionalUser: (request: FastifyRequest) => Promise<void>;
  }
  interface FastifyRequest {
    session: AuthSession | null;
  }
}

function singleHeader(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return typeof value === "string" && value !== "" ? value : undefined;
}

export function clientOf(request: FastifyRequest): ClientInfo {
  return { ip: request.ip, userAgent: request.headers["user-agent"] };
}

/** The session of a route behind `requireUser`. */
export function sessionOf(request: FastifyRequest): AuthSession {
  if (!request.session) throw new DomainError("UNAUTHORIZED");
  return request.session;
}

/** App sessions: the `token` and `account` headers of spec §7, checked against the sessions table. */
export const authPlugin = shared<{ policy: SessionPolicy }>(async (app, { policy }) => {
  app.decorate("sessions", new SessionService(app.db, app.clock, policy, app.bus));
  app.decorateRequest("session", null);
  const sessionOfHeaders = async (request: FastifyRequest) => {
    const token = singleHeader(request, "token");
    const account = singleHeader(request, "account");
    return token && account ? await app.sessions.authenticate(token, account) : null;
  };
  app.decorate("requireUser", async (request: FastifyRequest) => {
    const session = await sessionOfHeaders(request);
    if (!session) throw new DomainError("UNAUTHORIZED");
    request.session = session;
  });
  // A missing or stale session is not an error here: the call is answered as for a guest.
  app.decorate("optionalUser", async (request: FastifyRequest) => {
    request.session = await sessionOfHeaders(request);
  });
});
