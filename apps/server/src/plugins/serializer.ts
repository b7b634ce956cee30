import fastJsonStringify from "fast-json-stringify";
import type { FastifyBaseLogger, FastifySerializerCompiler } from "fastify";
import {
  ResponseSerializationError,
  serializerCompiler as zodSerializerCompiler,
} from "fastify-type-provider-zod";
import { z } from "zod";

/**
 * Responses are written by fast-json-stringify from JSON Schemas generated once, at start-up, from the zod
 * response schemas (the contract stays the single source). Encoding every answer through zod first cost
 * about half the busy CPU of a market call.
 *
 * fast-json-stringify trusts its input: it drops properties the schema does not name and coerces values to
 * the schema's types. So it writes exactly `JSON.stringify(schema.parse(data))` only for data that matches
 * the contract; `checkResponses` (on in the test suite) parses every answer with its zod schema and compares
 * the two, so a handler drifting from the contract fails a test instead of reaching a user.
 *
 * A schema whose JSON Schema would not be written faithfully (unions other than the envelope's and
 * nullables, transforms, fixed-key records, …) keeps the zod serialiser for that answer, logged at start.
 */

type Serialize = (data: unknown) => string;

export interface CompiledResponse {
  serialize: Serialize;
  /** Why (parts of) this answer are written through zod instead; empty when all of it is fast. */
  fallbacks: string[];
}

export interface ResponseSerializerOptions {
  /** Parse each answer with its zod schema and require the fast output to equal the zod one (tests). */
  checkResponses?: boolean;
  /** Told once per answer schema that keeps the zod serialiser. */
  log?: Pick<FastifyBaseLogger, "warn">;
}

class Unfaithful extends Error {}

const cache = {
  fast: new WeakMap<z.core.$ZodType, CompiledResponse>(),
  checked: new WeakMap<z.core.$ZodType, CompiledResponse>(),
};

/**
 * The serialiser of one zod response schema (cached: the error envelope is shared by every route). With
 * `check`, each fast part parses its data with its zod schema (a ZodError when it does not match) and throws
 * unless it wrote exactly what JSON.stringify writes of the parsed value.
 */
export function compileResponse(schema: z.core.$ZodType, check = false): CompiledResponse {
  const cached = check ? cache.checked : cache.fast;
  let result = cached.get(schema);
  if (!result) {
    result = discriminatedUnion(schema, check) ?? compileSingle(schema, check);
    cached.set(schema, result);
  }
  return result;
}

/**
 * A union of objects told apart by a literal property (the envelope's `status`: 1 success, 0 error) is
 * written by the serialiser of the option its discriminator names: exactly the option zod would pick, as
 * no other option can accept that value. fast-json-stringify would pick by JSON Schema validation, which
 * rejects the extra properties zod strips.
 */
function discriminatedUnion(schema: z.core.$ZodType, check: boolean): CompiledResponse | undefined {
  const def = schema._zod.def;
  if (def.type !== "union") return undefined;
  const options = (def as z.core.$ZodUnionDef).options;
  if (options.some((option) => option._zod.def.type !== "object")) return undefined;
  const valueSets = options.map((option) => option._zod.propValues ?? {});
  const key = Object.keys(valueSets[0] ?? {}).find((candidate) => {
    const seen = new Set<unknown>();
    for (const values of valueSets) {
      const set = values[candidate];
      if (!set) return false;
      for (const value of set) {
        if (seen.has(value)) return false;
        seen.add(value);
      }
    }
    return true;
  });
  if (key === undefined) return undefined;

  const byValue = new Map<unknown, Serialize>();
  const fallbacks: string[] = [];
  options.forEach((option, index) => {
    const branch = compileResponse(option, check);
    fallbacks.push(...branch.fallbacks.map((reason) => `option ${index}: ${reason}`));
    for (const value of valueSets[index]?.[key] ?? []) byValue.set(value, branch.serialize);
  });
  return {
    fallbacks,
    serialize(data) {
      const serialize =
        typeof data === "object" && data !== null
          ? byValue.get((data as Record<string, unknown>)[key])
          : undefined;
      // zod refuses such an answer too (the error handler makes it a 500); in a test, say why.
      if (!serialize) {
        if (check) z.parse(schema, data);
        throw new Error(`The answer's "${key}" names no option of its schema`);
      }
      return serialize(data);
    },
  };
}

function compileSingle(schema: z.core.$ZodType, check: boolean): CompiledResponse {
  let serialize: Serialize;
  try {
    const jsonSchema = fastSchemaOf(generate(schema), "", false);
    serialize = fastJsonStringify(
      jsonSchema as unknown as Parameters<typeof fastJsonStringify>[0],
    ) as Serialize;
  } catch (error) {
    // "Transforms cannot be represented in JSON Schema", a date, a recursive schema, one of ours below, or
    // a schema fast-json-stringify refuses to compile.
    return zodPath(schema, error instanceof Error ? error.message : String(error));
  }
  if (!check) return { serialize, fallbacks: [] };
  return {
    fallbacks: [],
    serialize(data) {
      const expected = JSON.stringify(z.parse(schema, data));
      const written = serialize(data);
      if (written !== expected)
        throw new Error(`The fast serialiser wrote ${written} where zod writes ${expected}`);
      return written;
    },
  };
}

/** What the zod type provider did for every answer before: encode through zod, then JSON.stringify. */
function zodPath(schema: z.core.$ZodType, reason: string): CompiledResponse {
  const serialize = zodSerializerCompiler({ schema, method: "", url: "" }) as Serialize;
  return { serialize, fallbacks: [reason] };
}

/** The output-side JSON Schema; zod's own checks that rewrite a value (trim, lower case, …) are refused. */
function generate(schema: z.core.$ZodType): unknown {
  return z.toJSONSchema(schema, {
    target: "draft-07",
    io: "output",
    unrepresentable: "throw",
    cycles: "throw",
    reused: "inline",
    // No ids from the global registry: they would become $refs. Descriptions do not change the output.
    metadata: z.registry(),
    override({ zodSchema }) {
      const def = zodSchema._zod.def;
      if (def.type === "pipe") throw new Unfaithful("a pipe may transform the value");
      if (def.checks?.some((check) => check._zod.def.check === "overwrite")) {
        throw new Unfaithful("a check rewrites the value (trim, case, normalize)");
      }
    },
  });
}

/** Keywords fast-json-stringify writes by; validation keywords are left out (nothing validates here). */
const KEPT = ["type", "const", "enum", "format", "default", "nullable"] as const;
/** Keywords that change what is written (or how a branch is picked) and that we do not translate. */
const REFUSED = [
  "anyOf",
  "oneOf",
  "allOf",
  "not",
  "if",
  "$ref",
  "definitions",
  "$defs",
  "patternProperties",
  "dependencies",
  "additionalItems",
  "prefixItems",
  "contains",
];

/**
 * The JSON Schema fast-json-stringify writes exactly as JSON.stringify writes the zod-parsed value (for
 * data the zod schema accepts), or Unfaithful. `isProperty`: a default is only written for an absent
 * property, not for an absent array item or record value.
 */
function fastSchemaOf(node: unknown, path: string, isProperty: boolean): Record<string, unknown> {
  const where = path || "(root)";
  if (typeof node !== "object" || node === null || Array.isArray(node)) {
    throw new Unfaithful(`${where}: not a schema object`);
  }
  let schema = node as Record<string, unknown>;

  // zod writes `.nullable()` as `anyOf: [schema, {type: "null"}]` (objects, enums) or `type: [t, "null"]`.
  const union = (schema.anyOf ?? schema.oneOf) as unknown[] | undefined;
  if (union) {
    const isNull = (option: unknown) =>
      typeof option === "object" &&
      option !== null &&
      Object.keys(option).length === 1 &&
      (option as { type?: unknown }).type === "null";
    const others = union.filter((option) => !isNull(option));
    if (union.length !== 2 || others.length !== 1) throw new Unfaithful(`${where}: a union`);
    const { anyOf: _anyOf, oneOf: _oneOf, ...siblings } = schema;
    schema = { ...(others[0] as Record<string, unknown>), ...siblings, nullable: true };
  }
  if (Array.isArray(schema.type)) {
    const types = schema.type.filter((type) => type !== "null");
    if (types.length !== 1 || schema.type.length !== 2) throw new Unfaithful(`${where}: a union of types`);
    schema = { ...schema, type: types[0], nullable: true };
  }
  for (const keyword of REFUSED) {
    if (keyword in schema) throw new Unfaithful(`${where}: ${keyword}`);
  }
  if (schema.default !== undefined && !isProperty)
    throw new Unfaithful(`${where}: a default outside an object`);

  const out: Record<string, unknown> = {};
  for (const keyword of KEPT) if (schema[keyword] !== undefined) out[keyword] = schema[keyword];

  if (schema.type === "array") {
    if (Array.isArray(schema.items)) throw new Unfaithful(`${where}: a tuple`);
    if (schema.items !== undefined) out.items = fastSchemaOf(schema.items, `${path}[]`, false);
  }
  if (schema.type === "object") Object.assign(out, objectOf(schema, path));
  return out;
}

function objectOf(schema: Record<string, unknown>, path: string): Record<string, unknown> {
  const where = path || "(root)";
  const properties = (schema.properties ?? {}) as Record<string, unknown>;
  const required = (schema.required ?? []) as string[];
  const names = Object.keys(properties);
  // fast-json-stringify writes required properties first; zod keeps the shape's order.
  const firstOptional = names.findIndex((name) => !required.includes(name));
  if (firstOptional !== -1 && names.slice(firstOptional).some((name) => required.includes(name))) {
    throw new Unfaithful(`${where}: an optional property before a required one would be written after it`);
  }
  const keys = schema.propertyNames as Record<string, unknown> | undefined;
  if (keys && ("enum" in keys || "const" in keys)) {
    // zod writes a record with fixed keys in the key schema's order, not the data's.
    throw new Unfaithful(`${where}: a record with fixed keys`);
  }
  if (required.some((name) => !(name in properties))) throw new Unfaithful(`${where}: required keys`);

  const out: Record<string, unknown> = {
    properties: Object.fromEntries(
      names.map((name) => [name, fastSchemaOf(properties[name], path ? `${path}.${name}` : name, true)]),
    ),
    required,
  };
  const extra = schema.additionalProperties;
  // false: z.object strips unknown keys; {} or true: a loose object keeps them as they are; a schema: a record.
  if (extra === false || extra === true) out.additionalProperties = extra;
  else if (extra !== undefined) {
    out.additionalProperties =
      typeof extra === "object" && extra !== null && Object.keys(extra).length === 0
        ? true
        : fastSchemaOf(extra, `${path}{}`, false);
  } else throw new Unfaithful(`${where}: an object without additionalProperties`);
  return out;
}

function zodSchemaOf(maybeSchema: unknown): z.core.$ZodType | undefined {
  if (maybeSchema instanceof z.core.$ZodType) return maybeSchema;
  const properties = (maybeSchema as { properties?: unknown } | null)?.properties;
  return properties instanceof z.core.$ZodType ? properties : undefined;
}

/**
 * A success answer whose `data` is a frozen object is written once per object: it cannot change, so the
 * text is the same for every caller. Market data is made so (the simulator's quote of a symbol is one
 * frozen object per second, shared by every call and socket in that second); the first write of each
 * object goes through the serialiser (and its check, in the test suite). Anything else is written each
 * time. The texts are held only as long as their objects are.
 */
export function writtenOncePerData(serialize: Serialize): Serialize {
  const written = new WeakMap<object, string>();
  return (answer) => {
    const { status, msg, data } = (answer ?? {}) as { status?: unknown; msg?: unknown; data?: unknown };
    if (status !== 1 || msg !== "ok" || typeof data !== "object" || data === null || !Object.isFrozen(data))
      return serialize(answer);
    let text = written.get(data);
    if (text === undefined) {
      text = serialize(answer);
      written.set(data, text);
    }
    return text;
  };
}

/** Fastify's serializer compiler: one serialiser per route and HTTP status, built when the app starts. */
export function responseSerializerCompiler(
  options: ResponseSerializerOptions = {},
): FastifySerializerCompiler<unknown> {
  return ({ schema: maybeSchema, method, url, httpStatus }) => {
    const schema = zodSchemaOf(maybeSchema);
    // A plain JSON Schema (none of ours): what Fastify's default compiler does.
    if (!schema)
      return fastJsonStringify(maybeSchema as Parameters<typeof fastJsonStringify>[0]) as Serialize;
    const compiled = compileResponse(schema, options.checkResponses);
    const { fallbacks } = compiled;
    const serialize = writtenOncePerData(compiled.serialize);
    if (fallbacks.length > 0) {
      options.log?.warn(
        { method, url, httpStatus, fallbacks },
        "answer serialised through zod, not from JSON Schema",
      );
    }
    if (!options.checkResponses) return serialize;
    return (data) => {
      try {
        return serialize(data);
      } catch (error) {
        if (error instanceof z.core.$ZodError)
          throw new ResponseSerializationError(method, url, { cause: error });
        throw error;
      }
    };
  };
}
