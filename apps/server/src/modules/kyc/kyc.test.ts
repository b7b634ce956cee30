import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { and, eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { kycSubmissions, reviews } from "../../db/schema/index.js";
import { HOUR } from "../../lib/clock.js";
import { DomainError } from "../../lib/errors.js";
import { buildTestApp, call, registerUser, type Session, type TestApp } from "../../../test/helper.js";
import { adminCall, createStaff, staffLogin, type StaffMember } from "../staff/testing.js";
import {
  FORM,
  filesIn,
  multipartBody,
  photo,
  photoWithGps,
  storedFor,
  submitKyc,
  submitRaw,
  userIdOf,
} from "./testing.js";

let t: TestApp;
let imageDir: string;
let reviewer: StaffMember;
beforeAll(async () => {
  imageDir = await mkdtemp(join(tmpdir(), "kyc-test-"));
  t = await buildTestApp({
    imageDir,
    authLimits: { registrationsPerAddress: { max: 200, windowMs: HOUR } },
  });
  reviewer = await createStaff(t.database.db, "reviewer");
});
afterAll(async () => {
  await t.close();
  await rm(imageDir, { recursive: true, force: true });
});

const status = (session: Session) => call(t.app, "kyc/status", {}, session.headers);

function ownPhoto(session: Session, body: unknown) {
  return t.app.inject({
    method: "POST",
    url: "/api/vue/kyc/photo",
    payload: body as Record<string, unknown>,
    headers: session.headers,
  });
}

function staffPhoto(headers: Record<string, string>, body: unknown) {
  return t.app.inject({
    method: "POST",
    url: "/api/admin/kyc/photo",
    payload: body as Record<string, unknown>,
    headers,
  });
}

/** The review the submission opened, as the reviews module would hand it to the handler. */
async function reviewOf(userId: string) {
  const [row] = await t.database.db
    .select()
    .from(reviews)
    .where(and(eq(reviews.userId, userId), eq(reviews.kind, "kyc"), eq(reviews.state, "pending")));
  if (!row?.userId) throw new Error("no pending kyc review");
  return { id: row.id, kind: "kyc" as const, subjectId: row.subjectId, userId: row.userId };
}

function handler() {
  const kyc = t.app.reviewRegistry.get("kyc");
  if (!kyc || kyc.platform) throw new Error("no kyc review handler");
  return kyc;
}

const decider = () => ({ id: reviewer.id, account: reviewer.account });
/** KYC registers nothing to run after the decision commits. */
const afterCommit = () => undefined;

/** Decides the user's pending review through the handler, inside a transaction as the queue does. */
async function decide(userId: string, decision: "approve" | "reject", reason = "The photo is blurred") {
  const review = await reviewOf(userId);
  await t.database.db.transaction(async (tx) => {
    if (decision === "approve") await handler().approve(tx, review, decider(), afterCommit);
    else await handler().reject(tx, review, decider(), reason, afterCommit);
    // What the reviews module records beside the handler's effects.
    await tx
      .update(reviews)
      .set({ state: decision === "approve" ? "approved" : "rejected", decidedAt: t.clock.now() })
      .where(eq(reviews.id, review.id));
  });
  return review;
}

async function submittedUser() {
  const session = await registerUser(t.app);
  expect(await submitKyc(t.app, session)).toMatchObject({ status: 1 });
  return { session, userId: await userIdOf(t.database.db, session) };
}

describe("state transitions", () => {
  it("starts not verified, with nothing to show", async () => {
    const session = await registerUser(t.app);
    expect(await status(session)).toMatchObject({
      status: 1,
      data: {
        state: "not_verified",
        realName: null,
        idNumber: null,
        reason: null,
        submittedAt: null,
        decidedAt: null,
      },
    });
  });

  it("not verified → under review: the submission, its review and two photo files, in one go", async () => {
    const session = await registerUser(t.app);
    const userId = await userIdOf(t.database.db, session);
    const filesBefore = (await filesIn(imageDir)).length;
    const answer = await submitKyc(t.app, session, {
      fields: { realName: "  Asha   Verma ", idNumber: "abcde-1234-f" },
    });
    expect(answer).toMatchObject({
      status: 1,
      data: {
        state: "under_review",
        realName: "Asha Verma",
        idNumber: "ABCDE1***F",
        reason: null,
        submittedAt: t.clock.now().toISOString(),
        decidedAt: null,
      },
    });
    expect(await status(session)).toMatchObject({ status: 1, data: answer.data as object });
    expect(await storedFor(t.database.db, userId)).toMatchObject({
      submissions: 1,
      reviews: 1,
      kycStatus: "under_review",
      realname: null,
    });
    const [submission] = await t.database.db
      .select()
      .from(kycSubmissions)
      .where(eq(kycSubmissions.userId, userId));
    // The full number is kept (normalised) for the reviewer's comparison; only its mask leaves the server.
    expect(submission?.idNumber).toBe("ABCDE1234F");
    expect((await reviewOf(userId)).subjectId).toBe(submission?.id);
    expect((await filesIn(imageDir)).length).toBe(filesBefore + 2);
  });

  it("refuses a second submission while under review, storing nothing", async () => {
    const { session, userId } = await submittedUser();
    const filesBefore = await filesIn(imageDir);
    expect(await submitKyc(t.app, session)).toMatchObject({
      httpStatus: 200,
      status: 0,
      code: "KYC_UNDER_REVIEW",
    });
    expect(await storedFor(t.database.db, userId)).toMatchObject({ submissions: 1, reviews: 1 });
    expect(await filesIn(imageDir)).toEqual(filesBefore);
  });

  it("under review → verified: the name becomes the real name of user/getUserinfo; then final", async () => {
    const { session, userId } = await submittedUser();
    t.clock.advance(HOUR);
    await decide(userId, "approve");
    expect(await status(session)).toMatchObject({
      status: 1,
      data: {
        state: "verified",
        realName: FORM.realName,
        idNumber: "ABCDE1***F",
        reason: null,
        decidedAt: t.clock.now().toISOString(),
      },
    });
    expect(await call(t.app, "user/getUserinfo", {}, session.headers)).toMatchObject({
      status: 1,
      data: { realname: FORM.realName, kycStatus: "verified" },
    });
    const filesBefore = await filesIn(imageDir);
    expect(await submitKyc(t.app, session)).toMatchObject({ status: 0, code: "KYC_ALREADY_VERIFIED" });
    expect(await storedFor(t.database.db, userId)).toMatchObject({ submissions: 1, kycStatus: "verified" });
    expect(await filesIn(imageDir)).toEqual(filesBefore);
  });

  it("under review → failed with the reason; a resubmission goes under review again", async () => {
    const { session, userId } = await submittedUser();
    await decide(userId, "reject", "The ID number does not match the photo");
    expect(await status(session)).toMatchObject({
      status: 1,
      data: { state: "failed", reason: "The ID number does not match the photo" },
    });
    expect(await storedFor(t.database.db, userId)).toMatchObject({ kycStatus: "failed", realname: null });

    t.clock.advance(HOUR);
    const again = await submitKyc(t.app, session, {
      fields: { realName: "Asha K Verma", idNumber: "ABCDE1234F" },
    });
    expect(again).toMatchObject({
      status: 1,
      data: { state: "under_review", realName: "Asha K Verma", reason: null, decidedAt: null },
    });
    expect(await storedFor(t.database.db, userId)).toMatchObject({ submissions: 2, reviews: 2 });
    await decide(userId, "approve");
    expect(await storedFor(t.database.db, userId)).toMatchObject({
      kycStatus: "verified",
      realname: "Asha K Verma",
    });
  });

  it("refuses to decide a submission twice, or one that is not under review", async () => {
    const { userId } = await submittedUser();
    const review = await decide(userId, "approve");
    for (const act of ["approve", "reject"] as const) {
      const error = await t.database.db
        .transaction(async (tx) => {
          if (act === "approve") await handler().approve(tx, review, decider(), afterCommit);
          else await handler().reject(tx, review, decider(), "late", afterCommit);
        })
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(DomainError);
      expect((error as DomainError).code).toBe("ORDER_STATE_INVALID");
    }
    // Another user's id with this submission: the handler never touches a submission of someone else.
    const other = await registerUser(t.app);
    const error = await t.database.db
      .transaction((tx) =>
        handler().reject(
          tx,
          { ...review, userId: "00000000-0000-4000-8000-000000000000" },
          decider(),
          "x",
          afterCommit,
        ),
      )
      .catch((e: unknown) => e);
    expect((error as DomainError).code).toBe("ORDER_STATE_INVALID");
    expect((await status(other)).data).toMatchObject({ state: "not_verified" });
    expect(await storedFor(t.database.db, userId)).toMatchObject({ kycStatus: "verified" });
  });

  it("accepts exactly one of concurrent duplicate submissions", async () => {
    const session = await registerUser(t.app);
    const userId = await userIdOf(t.database.db, session);
    const filesBefore = (await filesIn(imageDir)).length;
    const answers = await Promise.all([1, 2, 3, 4].map(() => submitKyc(t.app, session)));
    expect(answers.filter((a) => a.status === 1)).toHaveLength(1);
    for (const answer of answers.filter((a) => a.status !== 1))
      expect(answer).toMatchObject({ status: 0, code: "KYC_UNDER_REVIEW" });
    expect(await storedFor(t.database.db, userId)).toMatchObject({
      submissions: 1,
      reviews: 1,
      kycStatus: "under_review",
    });
    expect((await filesIn(imageDir)).length).toBe(filesBefore + 2);
  });

  it("gives the reviewer the name, the masked number, the submission and the photos' availability", async () => {
    const { userId } = await submittedUser();
    const review = await reviewOf(userId);
    const subjects = await handler().subjects(t.database.db, [review.subjectId]);
    expect(subjects.get(review.subjectId)).toEqual({
      submissionId: review.subjectId,
      realName: FORM.realName,
      idNumber: "ABCDE1***F",
      state: "under_review",
      submittedAt: expect.any(String) as unknown,
      frontPhoto: "available",
      backPhoto: "available",
    });
    expect(handler().messages).toEqual({ approved: "kycApproved", rejected: "kycRejected" });
  });
});

describe("photos", () => {
  it("re-encodes an accepted photo as JPEG without its EXIF and GPS position", async () => {
    const session = await registerUser(t.app);
    const withGps = await photoWithGps();
    // The fixture really carries what must go.
    const before = await sharp(withGps).metadata();
    expect(before.exif?.toString("latin1")).toContain("owner-secret-42");
    expect(
      before.exif?.includes(Buffer.from([0x88, 0x25])) || before.exif?.includes(Buffer.from([0x25, 0x88])),
    ).toBe(true);

    const answer = await submitKyc(t.app, session, {
      files: [
        { name: "front", bytes: withGps },
        { name: "back", bytes: await photo("webp"), filename: "back.webp", type: "image/webp" },
      ],
    });
    expect(answer).toMatchObject({ status: 1 });

    for (const side of ["front", "back"] as const) {
      const response = await ownPhoto(session, { side });
      expect(response.statusCode).toBe(200);
      expect(response.headers["content-type"]).toBe("image/jpeg");
      expect(response.headers["cache-control"]).toBe("private, no-store");
      const stored = await sharp(response.rawPayload).metadata();
      expect(stored.format).toBe("jpeg");
      expect(stored.exif).toBeUndefined();
      expect(stored.xmp).toBeUndefined();
      expect(response.rawPayload.toString("latin1")).not.toContain("owner-secret-42");
      expect(response.rawPayload.toString("latin1")).not.toContain("PhoneCo");
    }
    // What is on disk is what was served: the original bytes are nowhere.
    for (const name of await filesIn(imageDir)) expect(name).toMatch(/^[0-9a-f]{32}\.jpg$/);
  });

  it("shows a user only their own photos and status", async () => {
    const { session: alice } = await submittedUser();
    const bob = await registerUser(t.app);
    expect(await status(bob)).toMatchObject({ status: 1, data: { state: "not_verified", realName: null } });
    for (const side of ["front", "back"]) {
      const response = await ownPhoto(bob, { side });
      expect(response.headers["content-type"]).toMatch(/^application\/json/);
      expect(response.json()).toMatchObject({ status: 0, code: "NOT_FOUND" });
    }
    // Extra keys (an id of Alice's submission) are not part of the call and change nothing.
    const aliceId = await userIdOf(t.database.db, alice);
    const [submission] = await t.database.db
      .select({ id: kycSubmissions.id })
      .from(kycSubmissions)
      .where(eq(kycSubmissions.userId, aliceId));
    const response = await ownPhoto(bob, { side: "front", submissionId: submission?.id, userId: aliceId });
    expect(response.json()).toMatchObject({ status: 0, code: "NOT_FOUND" });
    expect((await ownPhoto(alice, { side: "front" })).statusCode).toBe(200);
  });

  it("serves any submission's photo to staff with kyc.photos, and to no one else", async () => {
    const { session, userId } = await submittedUser();
    const { subjectId } = await reviewOf(userId);
    const staff = await staffLogin(t.app, reviewer, "10.9.0.1");
    const response = await staffPhoto(staff.headers, { submissionId: subjectId, side: "back" });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("image/jpeg");
    expect(response.headers["cache-control"]).toBe("private, no-store");
    expect((await sharp(response.rawPayload).metadata()).format).toBe("jpeg");

    const unknown = await staffPhoto(staff.headers, {
      submissionId: "00000000-0000-4000-8000-000000000000",
      side: "front",
    });
    expect(unknown.json()).toMatchObject({ status: 0, code: "NOT_FOUND" });

    // A role without kyc.photos: 403.
    const support = await createStaff(t.database.db, "support");
    const supportLogin = await staffLogin(t.app, support, "10.9.0.2");
    const refused = await staffPhoto(supportLogin.headers, { submissionId: subjectId, side: "front" });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ status: 0, code: "FORBIDDEN" });

    // A user token never opens the back office; a staff token never opens the user API.
    const userOnAdmin = await staffPhoto(session.headers, { submissionId: subjectId, side: "front" });
    expect(userOnAdmin.statusCode).toBe(401);
    expect(userOnAdmin.json()).toMatchObject({ code: "UNAUTHORIZED" });
    for (const path of ["kyc/status", "kyc/photo"]) {
      expect(await call(t.app, path, { side: "front" }, staff.headers)).toMatchObject({
        httpStatus: 401,
        code: "UNAUTHORIZED",
      });
    }
    expect(await submitKyc(t.app, { ...session, headers: staff.headers })).toMatchObject({
      httpStatus: 401,
      code: "UNAUTHORIZED",
    });
    expect(await submitKyc(t.app, undefined)).toMatchObject({ httpStatus: 401, code: "UNAUTHORIZED" });
  });
});

describe("malformed input", () => {
  it("answers INVALID_INPUT with the field for bad photo and admin calls", async () => {
    const session = await registerUser(t.app);
    for (const body of [{}, { side: "left" }, { side: 1 }]) {
      const response = await ownPhoto(session, body);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ status: 0, code: "INVALID_INPUT", params: { field: "side" } });
    }
    const staff = await staffLogin(t.app, reviewer, "10.9.0.3");
    for (const body of [{ side: "front" }, { submissionId: "42", side: "front" }]) {
      const response = await staffPhoto(staff.headers, body);
      expect(response.json()).toMatchObject({
        status: 0,
        code: "INVALID_INPUT",
        params: { field: "submissionId" },
      });
    }
    expect(
      await adminCall(t.app, "kyc/photo", { submissionId: null, side: "front" }, staff.headers),
    ).toMatchObject({ status: 0, code: "INVALID_INPUT" });
  });

  it("refuses bad forms with their own codes and stores nothing", async () => {
    const session = await registerUser(t.app);
    const userId = await userIdOf(t.database.db, session);
    const filesBefore = await filesIn(imageDir);
    const front = { name: "front", bytes: await photo() };
    const back = { name: "back", bytes: await photo() };
    const cases: [Parameters<typeof submitKyc>[2], object][] = [
      [{ fields: { ...FORM, realName: "4" } }, { code: "REAL_NAME_INVALID", params: { field: "realName" } }],
      [{ fields: { ...FORM, realName: "<script>" } }, { code: "REAL_NAME_INVALID" }],
      [{ fields: { ...FORM, idNumber: "12" } }, { code: "ID_NUMBER_INVALID", params: { field: "idNumber" } }],
      [{ fields: { ...FORM, idNumber: "ABC!@#123" } }, { code: "ID_NUMBER_INVALID" }],
      [{ fields: { realName: FORM.realName } }, { code: "INVALID_INPUT", params: { field: "idNumber" } }],
      [{ fields: { ...FORM, realName: "   " } }, { code: "INVALID_INPUT", params: { field: "realName" } }],
      [
        { fields: { ...FORM, realName: "x".repeat(400) } },
        { code: "INVALID_INPUT", params: { field: "realName" } },
      ],
      [{ files: [front] }, { code: "INVALID_INPUT", params: { field: "back" } }],
      [{ files: [] }, { code: "INVALID_INPUT", params: { field: "front" } }],
      [{ files: [front, back, { name: "selfie", bytes: await photo() }] }, { code: "INVALID_INPUT" }],
      [{ files: [front, { ...front }] }, { code: "INVALID_INPUT", params: { field: "front" } }],
      [{ fields: { ...FORM, extra: "1" } }, { code: "INVALID_INPUT" }],
    ];
    for (const [options, expected] of cases) {
      const answer = await submitKyc(t.app, session, options);
      expect(answer, JSON.stringify(expected)).toMatchObject({ httpStatus: 200, status: 0, ...expected });
    }
    // A JSON body, a form without multipart, a cut multipart body, a body of garbage.
    const { payload, contentType } = multipartBody(FORM, [front, back]);
    const raw: [Buffer | string, string][] = [
      [JSON.stringify(FORM), "application/json"],
      ["realName=Asha+Verma&idNumber=ABCDE1234F", "application/x-www-form-urlencoded"],
      [payload.subarray(0, payload.length - 300), contentType],
      ["not multipart at all", contentType],
      [payload, "multipart/form-data"],
    ];
    for (const [body, type] of raw) {
      const answer = await submitRaw(t.app, session, { payload: body, contentType: type });
      expect(answer, type).toMatchObject({ httpStatus: 200, status: 0, code: "INVALID_INPUT" });
    }
    expect(await storedFor(t.database.db, userId)).toMatchObject({
      submissions: 0,
      reviews: 0,
      kycStatus: "not_verified",
    });
    expect(await filesIn(imageDir)).toEqual(filesBefore);
  });
});

describe("through the back office's review queue", () => {
  it("lists the submission, rejects it with a reason the user reads, then approves the resubmission", async () => {
    const { session, userId } = await submittedUser();
    const staff = await staffLogin(t.app, reviewer, "10.9.0.4");
    const list = await adminCall(t.app, "reviews/list", { kind: "kyc", state: "pending" }, staff.headers);
    expect(list).toMatchObject({ status: 1 });
    const { items } = list.data as { items: { id: string; userId: string; subject: object }[] };
    const item = items.find((i) => i.userId === userId);
    expect(item?.subject).toMatchObject({
      realName: FORM.realName,
      idNumber: "ABCDE1***F",
      frontPhoto: "available",
      backPhoto: "available",
    });
    if (!item) throw new Error("not listed");

    const reason = "The back photo is blurred";
    const rejected = await adminCall(
      t.app,
      "reviews/decide",
      { kind: "kyc", id: item.id, decision: "reject", reason },
      staff.headers,
    );
    expect(rejected).toMatchObject({ status: 1 });
    expect(await status(session)).toMatchObject({ data: { state: "failed", reason } });
    const inbox = await call(t.app, "message/list", {}, session.headers);
    expect(inbox).toMatchObject({
      status: 1,
      data: { items: [{ kind: "kycRejected", params: { reason } }] },
    });
    expect(
      await adminCall(
        t.app,
        "reviews/decide",
        { kind: "kyc", id: item.id, decision: "approve" },
        staff.headers,
      ),
    ).toMatchObject({ status: 0, code: "ORDER_STATE_INVALID" });

    expect(await submitKyc(t.app, session)).toMatchObject({ status: 1, data: { state: "under_review" } });
    const { id } = await reviewOf(userId);
    expect(
      await adminCall(t.app, "reviews/decide", { kind: "kyc", id, decision: "approve" }, staff.headers),
    ).toMatchObject({ status: 1 });
    expect(await call(t.app, "user/getUserinfo", {}, session.headers)).toMatchObject({
      data: { realname: FORM.realName, kycStatus: "verified" },
    });
  });
});
