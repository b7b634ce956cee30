import { kycSubmitFields, plainTextCheck } from "@brokerage/api";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import type * as Fastify from "fastify";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { bankCards, messages, users } from "../src/db/schema/index.js";
import { HOUR } from "../src/lib/clock.js";
import { filesIn, storedFor, submitKyc, userIdOf } from "../src/modules/kyc/testing.js";
import {
  adminCall,
  auditCount,
  createStaff,
  staffLogin,
  type StaffLogin,
} from "../src/modules/staff/testing.js";
import { buildTestApp, call, registerUser, type Session, type TestApp } from "./helper.js";

const RLO_FILE_NAME = "\u202Egnp.exe";
/** Four combining marks over one letter that NFC cannot fold into it. */
const STACKED = "Zx\u0351\u036B\u0343\u036A";

/** Every route's body schema, by URL, as the routes declare them (hoisted with the mock below). */
const bodies = vi.hoisted(() => new Map<string, unknown>());

// The app makes its own Fastify instance and registers its routes before it returns it, so the hook
// that reads their schemas goes onto the instance as it is made.
vi.mock("fastify", async (importOriginal) => {
  const fastify = await importOriginal<typeof Fastify>();
  const make = ((options?: Fastify.FastifyServerOptions) => {
    const app = fastify.default(options);
    app.addHook("onRoute", (route) => {
      const body = (route.schema as { body?: unknown } | undefined)?.body;
      if (body) bodies.set(route.url, body);
    });
    return app;
  }) as typeof fastify.default;
  return { ...fastify, default: make, fastify: make };
});

let t: TestApp;
let imageDir: string;
let operator: StaffLogin;

beforeAll(async () => {
  imageDir = await mkdtemp(join(tmpdir(), "hostile-text-"));
  t = await buildTestApp({
    imageDir,
    authLimits: { registrationsPerAddress: { max: 200, windowMs: HOUR } },
  });
  operator = await staffLogin(t.app, await createStaff(t.database.db, "operator"), "10.88.0.1");
});
afterAll(async () => {
  await t.close();
  await rm(imageDir, { recursive: true, force: true });
});

// ---------------------------------------------------------------------------------------------------
// Every free-text field is built on plainText

/** Fields whose text is never shown to anyone: passwords are compared as typed, cursors decoded. */
const NOT_SHOWN =
  /^(password|oldPassword|newPassword|confirmPassword|fundPassword|oldFundPassword|confirmFundPassword|channelPassword|cursor)$/;

type Def = { type: string; [key: string]: unknown };
const defOf = (schema: unknown) => (schema as { _zod: { def: Def } })._zod.def;

/** Paths of the string fields of `schema` that are neither plainText nor held to a format or pattern. */
function looseStrings(schema: unknown, path: string, found: string[]): string[] {
  const def = defOf(schema);
  const at = (key: string | number) => (path ? `${path}.${key}` : String(key));
  switch (def.type) {
    case "string": {
      const checks = (def.checks ?? []) as { _zod: { def: { check: string } } }[];
      const held =
        def.format !== undefined ||
        checks.includes(plainTextCheck as never) ||
        checks.some((c) => c._zod.def.check === "string_format") ||
        NOT_SHOWN.test(path.split(".").at(-1) ?? "");
      if (!held) found.push(path || "(body)");
      break;
    }
    case "object":
      for (const [key, value] of Object.entries(def.shape as Record<string, unknown>))
        looseStrings(value, at(key), found);
      break;
    case "optional":
    case "nullable":
    case "default":
    case "prefault":
    case "readonly":
    case "nonoptional":
    case "catch":
      looseStrings(def.innerType, path, found);
      break;
    case "pipe": {
      // A string piped into an enum or a literal is held to its list.
      const out = defOf(def.out).type;
      if (out !== "enum" && out !== "literal") looseStrings(def.in, path, found);
      break;
    }
    case "union":
      for (const option of def.options as unknown[]) looseStrings(option, path, found);
      break;
    case "array":
      looseStrings(def.element, at("[]"), found);
      break;
    case "record":
      looseStrings(def.keyType, at("(key)"), found);
      looseStrings(def.valueType, at("(value)"), found);
      break;
    case "intersection":
      looseStrings(def.left, path, found);
      looseStrings(def.right, path, found);
      break;
    case "lazy":
      looseStrings((def.getter as () => unknown)(), path, found);
      break;
    default:
      break;
  }
  return found;
}

describe("free text, at the contract", () => {
  it("every body field of every route is plain text, a format or a pattern", () => {
    expect(bodies.size).toBeGreaterThan(100);
    const loose = [...bodies].flatMap(([url, body]) => looseStrings(body, "", []).map((p) => `${url} ${p}`));
    expect(loose).toEqual([]);
  });

  it("so are the text fields of the multipart KYC form", () => {
    expect(looseStrings(kycSubmitFields, "", [])).toEqual([]);
  });

  it("the walk finds a loose string (the check above can fail)", () => {
    const loose = {
      _zod: { def: { type: "object", shape: { name: { _zod: { def: { type: "string" } } } } } },
    };
    expect(looseStrings(loose, "", [])).toEqual(["name"]);
  });
});

// ---------------------------------------------------------------------------------------------------
// Through HTTP: refused with INVALID_INPUT on the field, nothing changed

async function verifiedUser(realname: string): Promise<Session & { id: string }> {
  const session = await registerUser(t.app, {});
  await t.database.db
    .update(users)
    .set({ kycStatus: "verified", realname })
    .where(eq(users.account, session.account));
  return { ...session, id: await userIdOf(t.database.db, session) };
}

const card = (overrides: Record<string, string> = {}) => ({
  holderName: "Priya Sharma",
  cardNumber: "6222021234567890123",
  bankName: "State Bank of India",
  branchName: "Mumbai Main Branch",
  ifsc: "SBIN0000300",
  ...overrides,
});

const cardsOf = (userId: string) =>
  t.database.db.select().from(bankCards).where(eq(bankCards.userId, userId));

describe("bank/add", () => {
  it.each([
    ["bankName", RLO_FILE_NAME],
    ["bankName", `State Bank\u2066 of India`],
    ["branchName", `Mumbai\u200F Main`],
    ["holderName", `Priya Sharma${STACKED}`],
  ])("refuses %s %j with INVALID_INPUT and binds nothing", async (field, value) => {
    const user = await verifiedUser("Priya Sharma");
    const answer = await call(t.app, "bank/add", card({ [field]: value }), user.headers);
    expect(answer).toMatchObject({ httpStatus: 200, status: 0, code: "INVALID_INPUT", params: { field } });
    expect(await cardsOf(user.id)).toEqual([]);
    const list = await call(t.app, "bank/list", {}, user.headers);
    expect(list.data).toEqual({ items: [] });
  });

  it("binds cards named in Hindi and in Korean, stored in NFC", async () => {
    const name = "श्रीमती प्रियंका क्षत्रिय";
    const user = await verifiedUser(name);
    // An Indian bank is named by its IFSC; the branch is the user's words.
    const answer = await call(
      t.app,
      "bank/add",
      card({ holderName: name, bankName: "भारतीय स्टेट बैंक", branchName: "ऋषिकेश शाखा" }),
      user.headers,
    );
    expect(answer).toMatchObject({
      status: 1,
      data: { bankName: "State Bank of India", branchName: "ऋषिकेश शाखा", holderName: name },
    });
    const { ifsc: _ifsc, ...korean } = card({
      holderName: name,
      cardNumber: "6222021234567890124",
      // Conjoining jamo as some keyboards send them: stored as the composed syllables.
      bankName: "\u1112\u1161\u11AB\uAD6D 은행",
      branchName: "\u1109\u1165\u110B\u116E\u11AF 지점",
    });
    const answerKr = await call(
      t.app,
      "bank/add",
      { ...korean, country: "KR", swift: "BOKRKRSE" },
      user.headers,
    );
    expect(answerKr).toMatchObject({ status: 1, data: { bankName: "한국 은행", branchName: "서울 지점" } });
    expect((await cardsOf(user.id)).map((c) => c.branchName).sort()).toEqual(
      ["ऋषिकेश शाखा", "서울 지점"].sort(),
    );
  });
});

describe("kyc/submit", () => {
  it.each([
    [`\u202EAsha Verma`, "bidi"],
    [`Asha${STACKED} Verma`, "stacked"],
  ])("refuses the real name %j (%s) with INVALID_INPUT and stores nothing", async (realName) => {
    const session = await registerUser(t.app);
    const userId = await userIdOf(t.database.db, session);
    const before = await filesIn(imageDir);
    const answer = await submitKyc(t.app, session, { fields: { realName, idNumber: "ABCDE1234F" } });
    expect(answer).toMatchObject({ status: 0, code: "INVALID_INPUT", params: { field: "realName" } });
    expect(await storedFor(t.database.db, userId)).toMatchObject({
      submissions: 0,
      reviews: 0,
      kycStatus: "not_verified",
      realname: null,
    });
    expect(await filesIn(imageDir)).toEqual(before);
  });

  it("accepts a Hindi name with its vowel signs and viramas", async () => {
    const session = await registerUser(t.app);
    const answer = await submitKyc(t.app, session, {
      fields: { realName: "कृष्ण क्षत्रिय", idNumber: "ABCDE1234F" },
    });
    expect(answer).toMatchObject({ status: 1, data: { state: "under_review", realName: "कृष्ण क्षत्रिय" } });
  });
});

describe("back office: a staff reason", () => {
  it.each([
    ["bidi", `fraud report\u202E`],
    ["stacked", `fraud${STACKED}`],
  ])("users/setFlags refuses a %s reason: no flag, no message, no audit row", async (_kind, reason) => {
    const user = await verifiedUser("Priya Sharma");
    const audits = await auditCount(t.database.db);
    const answer = await adminCall(
      t.app,
      "users/setFlags",
      { userId: user.id, flags: { tradeBanned: true }, reason },
      operator.headers,
    );
    expect(answer).toMatchObject({ status: 0, code: "INVALID_INPUT", params: { field: "reason" } });
    const [row] = await t.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row?.tradeBanned).toBe(false);
    expect(await t.database.db.select().from(messages).where(eq(messages.userId, user.id))).toEqual([]);
    expect(await auditCount(t.database.db)).toBe(audits);
  });

  it("users/search refuses a bidi search word rather than echoing it", async () => {
    const answer = await adminCall(t.app, "users/search", { q: "\u2067abc" }, operator.headers);
    expect(answer).toMatchObject({ status: 0, code: "INVALID_INPUT", params: { field: "q" } });
  });
});
