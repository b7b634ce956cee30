import type { AdminSupportThreadDetail, SupportThreadDetail } from "@brokerage/api";
import { and, eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  buildTestApp,
  call,
  PASSWORD,
  registerUser,
  toSession,
  type Session,
  type TestApp,
} from "../../../test/helper.js";
import { auditLog, messages, supportMessages } from "../../db/schema/index.js";
import { DAY, HOUR } from "../../lib/clock.js";
import { multipartBody, photo, userIdOf } from "../kyc/testing.js";
import {
  adminCall,
  createStaff,
  expectOneAuditRow,
  staffLogin,
  type StaffLogin,
  type StaffMember,
} from "../staff/testing.js";

/** Customer service (docs/support.md) through HTTP on the real database: threads, complaints, the inbox. */
let t: TestApp;
let alice: Session;
let bob: Session;
let agent: StaffLogin;
let admin: StaffLogin;
let operator: StaffLogin;
let agentId: string;
let members: { agent: StaffMember; admin: StaffMember };

/** Sessions end after days without use: after moving the clock far, everyone logs in again. */
async function logInAgain() {
  const user = async (who: Session) =>
    toSession(await call(t.app, "user/login", { account: who.account, password: PASSWORD }));
  alice = await user(alice);
  bob = await user(bob);
  agent = await staffLogin(t.app, members.agent, "10.96.0.1");
  admin = await staffLogin(t.app, members.admin, "10.96.0.2");
}

beforeAll(async () => {
  t = await buildTestApp();
  alice = await registerUser(t.app);
  bob = await registerUser(t.app);
  members = {
    agent: await createStaff(t.database.db, "support"),
    admin: await createStaff(t.database.db, "administrator"),
  };
  agentId = members.agent.id;
  agent = await staffLogin(t.app, members.agent, "10.96.0.1");
  admin = await staffLogin(t.app, members.admin, "10.96.0.2");
  operator = await staffLogin(t.app, await createStaff(t.database.db, "operator"), "10.96.0.3");
});
afterAll(() => t.close());

let keys = 0;
const newKey = () => `support-key-${++keys}-${Date.now()}`;
const send = (who: Session, text: string, threadId?: string, idempotencyKey = newKey()) =>
  call(t.app, "support/send", { text, idempotencyKey, ...(threadId && { threadId }) }, who.headers);
async function newThread(who: Session, text = "My deposit has not arrived yet") {
  const answer = await send(who, text);
  expect(answer.status).toBe(1);
  return answer.data as SupportThreadDetail;
}
const inbox = async (who: Session, kind: string) =>
  (
    await t.database.db
      .select()
      .from(messages)
      .where(eq(messages.userId, await userIdOf(t.database.db, who)))
  ).filter((m) => m.kind === kind);

describe("a user's threads", () => {
  it("starts a thread, lists it, and sees only their own", async () => {
    const thread = await newThread(alice);
    expect(thread).toMatchObject({
      state: "open",
      subject: "My deposit has not arrived yet",
      unread: 0,
      complaint: null,
      messages: [{ author: "user", kind: "text", text: "My deposit has not arrived yet", staff: null }],
    });
    const list = await call(t.app, "support/threads", {}, alice.headers);
    expect(list.data?.items.map((i) => i.id)).toContain(thread.id);
    const others = await call(t.app, "support/threads", {}, bob.headers);
    expect(others.data?.items.map((i) => i.id)).not.toContain(thread.id);

    for (const [path, body] of [
      ["support/thread", { id: thread.id }],
      ["support/send", { threadId: thread.id, text: "hijack", idempotencyKey: newKey() }],
      ["support/complain", { threadId: thread.id, text: "hijack" }],
    ] as const) {
      const refused = await call(t.app, path, body, bob.headers);
      expect(refused).toMatchObject({ status: 0, code: "NOT_FOUND" });
    }
    const rows = await t.database.db
      .select()
      .from(supportMessages)
      .where(eq(supportMessages.threadId, thread.id));
    expect(rows).toHaveLength(1);
  });

  it("refuses malformed bodies as bad input", async () => {
    for (const [path, body] of [
      ["support/send", { text: "", idempotencyKey: newKey() }],
      ["support/send", { text: "hello" }],
      ["support/send", { text: "hello", idempotencyKey: "short" }],
      ["support/send", { text: "x".repeat(2001), idempotencyKey: newKey() }],
      ["support/send", { text: "hello", idempotencyKey: newKey(), threadId: "nope" }],
      ["support/thread", { id: 5 }],
      ["support/complain", { threadId: "00000000-0000-4000-8000-000000000000" }],
      ["support/threads", { cursor: "garbage" }],
    ] as const) {
      const answer = await call(t.app, path, body, alice.headers);
      expect(answer, `${path} ${JSON.stringify(body)}`).toMatchObject({
        httpStatus: 200,
        status: 0,
        code: "INVALID_INPUT",
      });
    }
    expect(await call(t.app, "support/threads", {})).toMatchObject({ httpStatus: 401 });
  });

  it("writes one message for a doubled send with one key, at once or retried", async () => {
    const key = newKey();
    const [a, b] = await Promise.all([
      send(bob, "Where is my refund?", undefined, key),
      send(bob, "Where is my refund?", undefined, key),
    ]);
    expect(a.status).toBe(1);
    expect(b.status).toBe(1);
    const first = a.data as SupportThreadDetail;
    expect((b.data as SupportThreadDetail).id).toBe(first.id);
    const retried = await send(bob, "Where is my refund?", undefined, key);
    expect((retried.data as SupportThreadDetail).messages).toHaveLength(1);
    expect(await send(bob, "Another text", undefined, key)).toMatchObject({ code: "IDEMPOTENCY_CONFLICT" });
    const rows = await t.database.db
      .select()
      .from(supportMessages)
      .where(eq(supportMessages.idempotencyKey, key));
    expect(rows).toHaveLength(1);
  });

  it("takes an image re-encoded by the image door and shows it to its owner only", async () => {
    const thread = await newThread(alice, "Here is the screenshot");
    const body = multipartBody({ threadId: thread.id, idempotencyKey: newKey() }, [
      { name: "image", bytes: await photo("png") },
    ]);
    const response = await t.app.inject({
      method: "POST",
      url: "/api/vue/support/sendImage",
      payload: body.payload,
      headers: { ...alice.headers, "content-type": body.contentType },
    });
    const answer = response.json() as { status: number; data: SupportThreadDetail };
    expect(answer.status).toBe(1);
    const image = answer.data.messages.at(-1);
    expect(image).toMatchObject({ kind: "image", hasImage: true });
    const own = await t.app.inject({
      method: "POST",
      url: "/api/vue/support/image",
      payload: { messageId: image?.id },
      headers: alice.headers,
    });
    expect(own.headers["content-type"]).toBe("image/jpeg");
    expect(own.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
    const other = await call(t.app, "support/image", { messageId: image?.id }, bob.headers);
    expect(other).toMatchObject({ code: "NOT_FOUND" });

    const { row } = await expectOneAuditRow(t.database.db, () =>
      t.app.inject({
        method: "POST",
        url: "/api/admin/support/image",
        payload: { messageId: image?.id },
        headers: agent.headers,
      }),
    );
    expect(row).toMatchObject({ action: "read.supportImage", actor: agent.account });

    const bad = multipartBody({ threadId: thread.id, idempotencyKey: newKey() }, [
      { name: "image", bytes: Buffer.from("<svg></svg>") },
    ]);
    const refused = await t.app.inject({
      method: "POST",
      url: "/api/vue/support/sendImage",
      payload: bad.payload,
      headers: { ...alice.headers, "content-type": bad.contentType },
    });
    expect(refused.json()).toMatchObject({ status: 0, code: "IMAGE_TYPE_UNSUPPORTED" });

    // Two uploads with one key at once: one message, one image kept.
    const key = newKey();
    const bytes = await photo("jpeg");
    const upload = () => {
      const twin = multipartBody({ threadId: thread.id, idempotencyKey: key }, [{ name: "image", bytes }]);
      return t.app.inject({
        method: "POST",
        url: "/api/vue/support/sendImage",
        payload: twin.payload,
        headers: { ...alice.headers, "content-type": twin.contentType },
      });
    };
    const twins = await Promise.all([upload(), upload()]);
    for (const answer of twins) expect(answer.json()).toMatchObject({ status: 1 });
    const kept = await t.database.db
      .select()
      .from(supportMessages)
      .where(eq(supportMessages.idempotencyKey, key));
    expect(kept).toHaveLength(1);
  });
});

describe("staff answers", () => {
  it("lists unread, replies (the user's unread and inbox), assigns, each read and write audited", async () => {
    const thread = await newThread(alice, "Please check my withdrawal");
    const { result: page, row: listRead } = await expectOneAuditRow(t.database.db, () =>
      adminCall(t.app, "support/threads", { filter: "open" }, agent.headers),
    );
    const listed = page.data?.items.find((i) => i.id === thread.id);
    expect(listed).toMatchObject({ unread: 1, assignedTo: null });
    expect(listRead).toMatchObject({ action: "read.supportThreads", actor: agent.account });
    expect((listRead?.details as { users: string[] }).users).toContain(listed?.userId);

    const { row: read } = await expectOneAuditRow(t.database.db, () =>
      adminCall(t.app, "support/thread", { id: thread.id }, agent.headers),
    );
    expect(read).toMatchObject({ action: "read.supportThread", target: `user:${listed?.userId}` });
    const after = await adminCall(t.app, "support/threads", { filter: "open" }, agent.headers);
    expect(after.data?.items.find((i) => i.id === thread.id)?.unread).toBe(0);

    const before = (await inbox(alice, "supportReplied")).length;
    const { result: replied, row } = await expectOneAuditRow(t.database.db, () =>
      adminCall(
        t.app,
        "support/reply",
        { threadId: thread.id, text: "It was paid out today." },
        agent.headers,
      ),
    );
    expect(row).toMatchObject({ action: "support.reply", target: `support:${thread.id}` });
    expect((replied.data as AdminSupportThreadDetail).messages.at(-1)).toMatchObject({
      author: "staff",
      staff: agent.account,
    });
    await adminCall(t.app, "support/reply", { threadId: thread.id, text: "Anything else?" }, agent.headers);
    // One inbox message for a burst of unread answers.
    expect(await inbox(alice, "supportReplied")).toHaveLength(before + 1);
    const seen = await call(t.app, "support/threads", {}, alice.headers);
    expect(seen.data?.items.find((i) => i.id === thread.id)?.unread).toBe(2);
    const opened = await call(t.app, "support/thread", { id: thread.id }, alice.headers);
    expect(opened.data?.messages.at(-1)).toMatchObject({ author: "staff", staff: null });
    expect(
      (await call(t.app, "support/threads", {}, alice.headers)).data?.items.find((i) => i.id === thread.id)
        ?.unread,
    ).toBe(0);

    const { row: assigned } = await expectOneAuditRow(t.database.db, () =>
      adminCall(t.app, "support/assign", { threadId: thread.id, staffId: agentId }, admin.headers),
    );
    expect(assigned).toMatchObject({
      action: "support.assign",
      details: { to: agentId, from: null, users: [listed?.userId] },
    });
    // The audit log's user filter finds what staff did in the user's threads.
    const trail = await adminCall(t.app, "audit/list", { user: listed?.userId ?? "" }, admin.headers);
    expect(trail.data?.items.map((i) => i.action)).toEqual(
      expect.arrayContaining(["support.reply", "support.assign", "read.supportThread"]),
    );
    const mine = await adminCall(t.app, "support/threads", { filter: "mine" }, agent.headers);
    expect(mine.data?.items.map((i) => i.id)).toContain(thread.id);
    const opId = (await adminCall(t.app, "staff/list", {}, admin.headers)).data?.items.find(
      (s) => s.account === operator.account,
    )?.id;
    expect(
      await adminCall(t.app, "support/assign", { threadId: thread.id, staffId: opId ?? "" }, admin.headers),
    ).toMatchObject({ code: "SUPPORT_STAFF_UNAVAILABLE" });
  });

  it("answers a retried reply once, refuses its key with another text, and unassigns", async () => {
    const thread = await newThread(alice, "Card not accepted");
    const body = { threadId: thread.id, text: "Please try another card.", idempotencyKey: newKey() };
    const [a, b] = [
      await adminCall(t.app, "support/reply", body, agent.headers),
      await adminCall(t.app, "support/reply", body, agent.headers),
    ];
    expect(a.status).toBe(1);
    expect(b.data?.messages.filter((m) => m.author === "staff")).toHaveLength(1);
    expect(
      await adminCall(t.app, "support/reply", { ...body, text: "Something else" }, agent.headers),
    ).toMatchObject({ code: "IDEMPOTENCY_CONFLICT" });
    await adminCall(t.app, "support/assign", { threadId: thread.id, staffId: agentId }, agent.headers);
    const unassigned = await adminCall(
      t.app,
      "support/assign",
      { threadId: thread.id, staffId: null },
      agent.headers,
    );
    expect(unassigned.data?.assignedTo).toBeNull();
    expect(
      await adminCall(
        t.app,
        "support/reply",
        { threadId: "00000000-0000-4000-8000-000000000000", text: "x" },
        agent.headers,
      ),
    ).toMatchObject({ code: "NOT_FOUND" });
  });

  it("refuses a role without support.handle, audited as forbidden", async () => {
    for (const path of ["support/threads", "support/stats", "support/reply"] as const) {
      const answer = await adminCall(t.app, path, {}, operator.headers);
      expect(answer).toMatchObject({ httpStatus: 403, code: "FORBIDDEN" });
    }
    expect(await adminCall(t.app, "support/threads", {}, alice.headers)).toMatchObject({ httpStatus: 401 });
    const rows = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.actor, operator.account), eq(auditLog.action, "staff.forbidden")));
    expect(rows.length).toBeGreaterThanOrEqual(3);
  });

  it("closes an ordinary thread with a note; then it takes no more messages", async () => {
    const thread = await newThread(bob, "How do I change my phone number?");
    const closed = await adminCall(
      t.app,
      "support/resolve",
      { threadId: thread.id, reason: "Answered by phone" },
      agent.headers,
    );
    expect(closed.data).toMatchObject({
      state: "resolved",
      resolution: "Answered by phone",
      complaint: null,
    });
    expect(closed.data?.messages.at(-1)).toMatchObject({ author: "system", kind: "resolved", params: {} });
    expect(await send(bob, "one more", thread.id)).toMatchObject({ code: "SUPPORT_THREAD_CLOSED" });
    expect(
      await adminCall(t.app, "support/resolve", { threadId: thread.id, reason: "again" }, agent.headers),
    ).toMatchObject({ code: "ORDER_STATE_INVALID" });
    expect(
      await adminCall(t.app, "support/reply", { threadId: thread.id, text: "late" }, agent.headers),
    ).toMatchObject({ code: "ORDER_STATE_INVALID" });
    expect(
      await call(t.app, "support/complain", { threadId: thread.id, text: "x" }, bob.headers),
    ).toMatchObject({
      code: "SUPPORT_THREAD_CLOSED",
    });
  });
});

describe("complaints", () => {
  it("acknowledges at once with the due date, once for a doubled call", async () => {
    const thread = await newThread(alice, "My order was filled at a wrong price");
    const before = (await inbox(alice, "complaintAcknowledged")).length;
    const body = { threadId: thread.id, text: "I want this treated as a complaint" };
    const [a, b] = await Promise.all([
      call(t.app, "support/complain", body, alice.headers),
      call(t.app, "support/complain", body, alice.headers),
    ]);
    expect(a.status).toBe(1);
    expect(b.status).toBe(1);
    const dueAt = new Date(t.clock.now().getTime() + 21 * DAY).toISOString();
    expect(a.data?.complaint).toMatchObject({
      at: t.clock.now().toISOString(),
      dueAt,
      escalatedAt: null,
      answeredAt: null,
    });
    expect(b.data?.complaint?.dueAt).toBe(dueAt);
    const acks = a.data?.messages.filter((m) => m.kind === "complaintAcknowledged") ?? [];
    expect(
      (await call(t.app, "support/thread", { id: thread.id }, alice.headers)).data?.messages.filter(
        (m) => m.kind === "complaintAcknowledged",
      ),
    ).toHaveLength(1);
    expect(acks[0]).toMatchObject({ author: "system", params: { dueAt, days: "21" } });
    const sent = await inbox(alice, "complaintAcknowledged");
    expect(sent).toHaveLength(before + 1);
    expect(sent.at(-1)?.params).toEqual({ dueAt });
  });

  it("escalates when the due date nears, on a moved clock, audited as the system's", async () => {
    const thread = await newThread(bob, "Fees were charged twice");
    await call(t.app, "support/complain", { threadId: thread.id, text: "Complaint" }, bob.headers);
    const escalated = async () =>
      (await adminCall(t.app, "support/threads", { filter: "escalated" }, admin.headers)).data?.items.map(
        (i) => i.id,
      ) ?? [];
    t.clock.advance(17 * DAY);
    await t.app.tradingEngine.round();
    await logInAgain();
    expect(await escalated()).not.toContain(thread.id);
    t.clock.advance(DAY + HOUR);
    await t.app.tradingEngine.round();
    await logInAgain();
    expect(await escalated()).toContain(thread.id);
    const rows = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "support.escalate"), like(auditLog.target, `support:${thread.id}`)));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ actor: "system", adminUserId: null });
    // Once only.
    t.clock.advance(HOUR);
    await t.app.tradingEngine.round();
    await logInAgain();
    expect(
      await t.database.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.target, `support:${thread.id}`)),
    ).toHaveLength(1);
    const detail = await call(t.app, "support/thread", { id: thread.id }, bob.headers);
    expect(detail.data?.complaint?.escalatedAt).toBe(rows[0]?.createdAt.toISOString());
  });

  it("closes only with a written final answer naming the outside route; counts answers in time", async () => {
    const thread = await newThread(alice, "Withdrawal refused without reason");
    await call(t.app, "support/complain", { threadId: thread.id, text: "Complaint" }, alice.headers);
    const stats0 = (await adminCall(t.app, "support/stats", {}, agent.headers)).data;
    expect(
      await adminCall(t.app, "support/resolve", { threadId: thread.id, reason: "Sorry" }, agent.headers),
    ).toMatchObject({ code: "SUPPORT_FINAL_ANSWER_TOO_SHORT", params: { minLength: "20" } });
    const answer = "We reviewed it: the refusal was an error and has been reversed.";
    const { result, row } = await expectOneAuditRow(t.database.db, () =>
      adminCall(t.app, "support/resolve", { threadId: thread.id, reason: answer }, agent.headers),
    );
    expect(result.data).toMatchObject({
      state: "resolved",
      complaint: { inTime: true, outsideRoute: "https://scores.sebi.gov.in/" },
    });
    expect(result.data?.messages.at(-1)).toMatchObject({
      kind: "finalAnswer",
      text: answer,
      params: { outsideRoute: "https://scores.sebi.gov.in/" },
    });
    expect(row).toMatchObject({
      action: "support.resolve",
      reason: answer,
      details: { complaint: true, inTime: true },
    });
    expect((await inbox(alice, "complaintAnswered")).at(-1)?.params).toEqual({
      outsideRoute: "https://scores.sebi.gov.in/",
    });
    const stats = (await adminCall(t.app, "support/stats", {}, agent.headers)).data;
    expect(stats).toMatchObject({
      answered: (stats0?.answered ?? 0) + 1,
      answeredInTime: (stats0?.answeredInTime ?? 0) + 1,
      answerDays: 21,
      escalateDays: 3,
    });
  });

  it("counts a late final answer as not in time", async () => {
    const thread = await newThread(bob, "Account frozen");
    await call(t.app, "support/complain", { threadId: thread.id, text: "Complaint" }, bob.headers);
    t.clock.advance(22 * DAY);
    await logInAgain();
    const stats0 = (await adminCall(t.app, "support/stats", {}, agent.headers)).data;
    const done = await adminCall(
      t.app,
      "support/resolve",
      { threadId: thread.id, reason: "Unfrozen after the review of your documents." },
      agent.headers,
    );
    expect(done.data?.complaint?.inTime).toBe(false);
    const stats = (await adminCall(t.app, "support/stats", {}, agent.headers)).data;
    expect(stats?.answered).toBe((stats0?.answered ?? 0) + 1);
    expect(stats?.answeredInTime).toBe(stats0?.answeredInTime);
  });
});
