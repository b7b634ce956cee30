import swagger, { type SwaggerTransform, type SwaggerTransformObject } from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import type { FastifyInstance, FastifySchema, RouteOptions } from "fastify";
import { createJsonSchemaTransform } from "fastify-type-provider-zod";
import { z } from "zod";
import type { MultipartForm } from "./route.js";
import { shared } from "./shared.js";

type JsonObject = Record<string, unknown>;
type Security = NonNullable<FastifySchema["security"]>;

/** The two headers of a session, user or staff (spec §7: `token` and `account`). */
const SESSION: Security = [{ token: [], account: [] }];
/** Served to everyone; a session, when sent, is used (market/search remembers the keyword). */
const OPTIONAL_SESSION: Security = [{}, { token: [], account: [] }];

/**
 * Who may call a route, from the hook that guards it: `requireUser` or a staff guard (`requireStaff`)
 * needs a session, `optionalUser` takes one; a route without either is public (`security: []`). A route
 * guarded by a hook of its plugin's context (invisible here) states its security in its schema.
 */
function securityOf(app: FastifyInstance, route: RouteOptions): Security {
  const hooks: unknown[] = [route.onRequest ?? []].flat();
  const isStaffGuard = (hook: unknown) => typeof hook === "function" && hook.name === "staffGuard";
  if (hooks.includes(app.requireUser) || hooks.some(isStaffGuard)) return SESSION;
  if (hooks.includes(app.optionalUser)) return OPTIONAL_SESSION;
  return [];
}

/**
 * The operation's id from its path: `/api/vue/trade/placeOrder` is `tradePlaceOrder` (the endpoint
 * table's `trade/placeOrder`), `/api/admin/users/search` is `adminUsersSearch`, anything else the method
 * and the path after `/api` (`getHealth`).
 */
export function operationIdOf(method: string, url: string): string {
  const camel = (parts: string[]) =>
    parts
      .flatMap((part) => part.split(/[^A-Za-z0-9]+/))
      .filter(Boolean)
      .map((part, index) => (index === 0 ? part : part[0]!.toUpperCase() + part.slice(1)))
      .join("");
  const segments = url.split("/").filter(Boolean);
  if (segments[0] === "api" && segments[1] === "vue" && method === "POST") return camel(segments.slice(2));
  if (segments[0] === "api" && segments[1] === "admin" && method === "POST") return camel(segments.slice(1));
  return camel([method.toLowerCase(), ...segments.slice(segments[0] === "api" ? 1 : 0)]);
}

/** A multipart body as the document shows it: the text fields' schema and each file part as binary. */
function multipartBody(form: MultipartForm<unknown, string>): JsonObject {
  const fields = z.toJSONSchema(form.fields, { target: "openapi-3.0", io: "input" }) as JsonObject;
  const properties = { ...(fields.properties as JsonObject | undefined) };
  for (const file of form.files)
    properties[file] = {
      type: "string",
      format: "binary",
      description: "An image file part (JPEG, PNG or WebP)",
    };
  const { $schema: _schema, ...rest } = fields;
  return { ...rest, type: "object", properties };
}

/**
 * A file answer (`produces`): on success the body is the file (CSV text or image bytes); a business error
 * is still the JSON error envelope at HTTP 200.
 */
function fileResponse(response: JsonObject, contentType: string): JsonObject {
  const error = response["200"] as JsonObject;
  const { description, ...envelope } = error;
  const file = contentType.startsWith("text/") ? { type: "string" } : { type: "string", format: "binary" };
  return {
    ...response,
    200: {
      description: `The ${contentType} file on success, or the error envelope (status 0)`,
      content: {
        [contentType]: { schema: file },
        "application/json": { schema: { ...envelope, ...(description ? { description } : {}) } },
      },
    },
  };
}

/**
 * Each route as its operation: zod schemas turned into JSON Schema (fastify-type-provider-zod), then what
 * a zod schema cannot say: the operation's id, who may call it, a file answer's media type and a
 * multipart body.
 */
function transformOf(app: FastifyInstance): SwaggerTransform {
  const zodTransform = createJsonSchemaTransform({ skipList: [] });
  return (document) => {
    const transformed = zodTransform(document);
    const schema = transformed.schema as FastifySchema & JsonObject;
    if (!schema || schema.hide) return transformed;
    const { produces, multipart, ...rest } = schema;
    const out: JsonObject = {
      ...rest,
      operationId: schema.operationId ?? operationIdOf(String(document.route.method), transformed.url),
      security: schema.security ?? securityOf(app, document.route),
    };
    const contentType = produces?.[0];
    if (contentType && out.response) out.response = fileResponse(out.response as JsonObject, contentType);
    if (multipart) out.body = multipartBody(multipart);
    return { schema: out as FastifySchema, url: transformed.url };
  };
}

/**
 * OpenAPI 3.0 `nullable: true` adds null to the type only: an `enum` (or a `const` written as one) must
 * list null itself, or a validator refuses every null the schema means to allow.
 */
export function listNullInNullableEnums(node: unknown): void {
  if (Array.isArray(node)) {
    for (const item of node) listNullInNullableEnums(item);
    return;
  }
  if (typeof node !== "object" || node === null) return;
  const schema = node as JsonObject;
  if (schema.nullable === true && Array.isArray(schema.enum) && !schema.enum.includes(null))
    schema.enum = [...schema.enum, null];
  for (const value of Object.values(schema)) listNullInNullableEnums(value);
}

const transformObject: SwaggerTransformObject = (documentObject) => {
  if (!("openapiObject" in documentObject)) return documentObject.swaggerObject;
  const document = documentObject.openapiObject;
  listNullInNullableEnums(document.paths);
  listNullInNullableEnums(document.components);
  const seen = new Map<string, string>();
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    for (const [method, operation] of Object.entries(item ?? {})) {
      const id = (operation as { operationId?: string } | undefined)?.operationId;
      if (!id) continue;
      const other = seen.get(id);
      if (other) throw new Error(`operationId ${id} of ${method} ${path} is also ${other}'s`);
      seen.set(id, `${method} ${path}`);
    }
  }
  return document;
};

/**
 * The OpenAPI document is generated from the same zod schemas that validate the routes. It must be
 * registered before the routes so it sees them.
 */
export const openapiPlugin = shared(async (app) => {
  await app.register(swagger, {
    openapi: {
      info: {
        title: "Brokerage API",
        version: "0.1.0",
        description:
          "Every call is POST with a JSON body (two uploads are multipart/form-data) and answers the envelope " +
          "{status, msg, data}; status 1 is success. A business error is HTTP 200 with status 0, a stable " +
          "`code` and `params`. The calls of a file (the CSV statement, photos) answer it on success.",
      },
      servers: [{ url: "/", description: "This server: every path starts with /api" }],
      components: {
        securitySchemes: {
          token: { type: "apiKey", in: "header", name: "token" },
          account: { type: "apiKey", in: "header", name: "account" },
        },
      },
    },
    transform: transformOf(app),
    transformObject,
  });
  await app.register(swaggerUi, { routePrefix: "/api/docs" });
  app.get("/api/docs/openapi.json", { schema: { hide: true } }, async () => app.swagger());
});
