import type { AdminEndpoints, Call, ErrorEnvelope, UserEndpoints } from "@brokerage/api";
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifySchema,
  RouteShorthandOptions,
} from "fastify";
import type { z } from "zod";

/**
 * Route registration by the endpoint table (packages/api/src/endpoints.ts): `route(app, "trade/placeOrder",
 * options, handler)` registers POST /api/vue/trade/placeOrder and checks, when it compiles, that the
 * route's body schema parses into what the table says the handler reads, that its answer schema writes the
 * table's answer, and that the handler returns it. When the app starts it checks that the path lies under
 * the plugin's prefix.
 */

/** The success envelope of a JSON answer. */
export interface Ok<T> {
  status: 1;
  msg: string;
  data: T;
}

/** The multipart form of an upload route: its text fields' schema and its file parts (for the document). */
export interface MultipartForm<Fields, File extends string> {
  fields: z.ZodType<Fields>;
  files: readonly File[];
}

declare module "fastify" {
  interface FastifySchema {
    /** A multipart/form-data body, documented (Fastify does not validate it; the handler reads the parts). */
    multipart?: MultipartForm<unknown, string>;
  }
}

/** The answers' schemas: HTTP 200 writes the table's answer in the envelope, or a business error. */
interface JsonResponses<Answer> {
  200: z.ZodType<Ok<Answer> | ErrorEnvelope>;
}

type Common = Omit<FastifySchema, "body" | "response" | "produces" | "multipart" | "consumes">;

/** What the route's schema must say, by the kind of call. */
export type RouteSchema<C extends Call> = Common &
  (C extends { kind: "json" }
    ? { body: z.ZodType<C["body"], C["request"]>; response: JsonResponses<C["answer"]> }
    : C extends { kind: "file"; contentType: infer Type extends string }
      ? { body: z.ZodType<C["body"], C["request"]>; produces: readonly [Type]; response: object }
      : C extends { kind: "multipart"; fields: infer Fields; files: infer File extends string }
        ? {
            multipart: MultipartForm<Fields, File>;
            consumes: readonly ["multipart/form-data"];
            response: JsonResponses<C["answer"]>;
          }
        : never);

/** A JSON answer is the envelope; a file is sent through the reply. */
type Returned<C extends Call> = C extends { kind: "file" } ? FastifyReply : Ok<Readable<C["answer"]>>;

/** A handler may answer a list it must not change (a frozen market snapshot): the answer only reads it. */
type Readable<T> = T extends (infer Item)[] ? readonly Item[] : T;

export type RouteHandler<C extends Call> = (
  request: FastifyRequest<{ Body: C["body"] }>,
  reply: FastifyReply,
) => Promise<Returned<C>>;

export type RouteOptions<C extends Call> = Omit<RouteShorthandOptions, "schema"> & { schema: RouteSchema<C> };

/** Any Fastify instance a route plugin receives (with or without the zod type provider). */
interface RouteHost {
  readonly prefix: string;
}

function register(
  app: RouteHost,
  base: string,
  path: string,
  options: { schema: object },
  handler: (...args: never[]) => unknown,
): void {
  const url = base + path;
  if (!url.startsWith(`${app.prefix}/`))
    throw new Error(`${url} cannot be registered in the plugin of prefix ${app.prefix}`);
  (app as FastifyInstance).route({
    ...(options as RouteShorthandOptions),
    method: "POST",
    url: url.slice(app.prefix.length),
    handler: handler as never,
  });
}

/** POST /api/vue/<path>, a user call of the endpoint table. */
export function route<P extends keyof UserEndpoints>(
  app: RouteHost,
  path: P,
  options: RouteOptions<UserEndpoints[P]>,
  handler: RouteHandler<UserEndpoints[P]>,
): void {
  register(app, "/api/vue/", path, options, handler);
}

/** POST /api/admin/<path>, a back-office call of the endpoint table. */
export function adminRoute<P extends keyof AdminEndpoints>(
  app: RouteHost,
  path: P,
  options: RouteOptions<AdminEndpoints[P]>,
  handler: RouteHandler<AdminEndpoints[P]>,
): void {
  register(app, "/api/admin/", path, options, handler);
}
