import type { MessageKind } from "@brokerage/api";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { messages, users } from "../../db/schema/index.js";
import { MINUTE } from "../../lib/clock.js";
import { buildTestApp, call, registerUser, type Session, type TestApp } from "../../../test/helper.js";
import { MessageService } from "./service.js";

let t: TestApp;
let inbox: MessageService;
beforeAll(async () => {
  t = await buildTestApp();
  inbox = new MessageService({ db: t.app.db, clock: t.app.clock });
});
afterAll(() => t.close());

interface Item {
  id: string;
  kind: MessageKind;
  params: Record<string, string>;
  createdAt: string;
  read: boolean;
}
interface Page {
  items: Item[];
  nextCursor: string | null;
}

const act = (session: Session, action: string, body: unknown = {}) =>
  call(t.app, `message/${action}`, body, session.headers);

async function page(session: Session, cursor?: string): Promise<Page> {
  const answer = await act(session, "list", cursor === undefined ? {} : { cursor });
  expect(answer).toMatchObject({ status: 1 });
  return answer.data as Page;
}

async function unread(session: Session): Promise<number> {
  const answer = await act(session, "unreadCount");
  expect(answer).toMatchObject({ status: 1 });
  return (answer.data as { count: number }).count;
}

/** A registered user with their id, to send messages to. */
async function newUser() {
  const session = await registerUser(t.app);
  const [row] = await t.database.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.account, session.account));
  if (!row) throw new Error("user not found");
  return { session, userId: row.id };
}

/** Sends `count` messages numbered from `from` in `params.n`, `perInstant` of them at each instant. */
async function sendNumbered(userId: string, from: number, count: number, perInstant = 1) {
  for (let n = from; n < from + count; n += 1) {
    if ((n - from) % perInstant === 0) t.clock.advance(MINUTE);
    await inbox.send(t.app.db, { userId, kind: "flagsChanged", params: { n: String(n) } });
  }
}

const numbers = (items: Item[]) => items.map((item) => Number(item.params.n));
const range = (from: number, to: number) => Array.from({ length: from - to + 1 }, (_, i) => from - i); // from down to `to`, inclusive

const base64url = (text: string) => Buffer.from(text, "utf8").toString("base64url");

describe("message/list", () => {
  it("pages 45 messages 20/20/5, newest first, without duplicates or gaps, same instants included", async () => {
    const { session, userId } = await newUser();
    // Nine instants of five messages each: paging cannot lean on the time.
    await sendNumbered(userId, 0, 45, 5);

    const first = await page(session);
    expect(numbers(first.items)).toEqual(range(44, 25));
    expect(first.nextCursor).toEqual(expect.any(String));

    // A message arriving between pages does not shift the next page (keyset, not offset).
    await sendNumbered(userId, 45, 1);
    const second = await page(session, first.nextCursor ?? "");
    expect(numbers(second.items)).toEqual(range(24, 5));
    const third = await page(session, second.nextCursor ?? "");
    expect(numbers(third.items)).toEqual(range(4, 0));
    expect(third.nextCursor).toBeNull();

    const ids = [...first.items, ...second.items, ...third.items].map((item) => item.id);
    expect(new Set(ids).size).toBe(45);
    expect(numbers((await page(session)).items)[0]).toBe(45);
  });

  it("answers each message's kind, params, time and read state", async () => {
    const { session, userId } = await newUser();
    const at = t.clock.now().toISOString();
    await inbox.send(t.app.db, { userId, kind: "kycRejected", params: { reason: "Blurred photo" } });
    await inbox.send(t.app.db, { userId, kind: "sessionsEnded" });
    const { items, nextCursor } = await page(session);
    expect(items).toEqual([
      { id: expect.any(String), kind: "sessionsEnded", params: {}, createdAt: at, read: false },
      {
        id: expect.any(String),
        kind: "kycRejected",
        params: { reason: "Blurred photo" },
        createdAt: at,
        read: false,
      },
    ]);
    expect(nextCursor).toBeNull();
  });

  it("answers an empty page with no cursor when there is nothing", async () => {
    const { session } = await newUser();
    expect(await page(session)).toEqual({ items: [], nextCursor: null });
  });

  it("sends inside the caller's transaction: rolled back, no message", async () => {
    const { session, userId } = await newUser();
    await expect(
      t.app.db.transaction(async (tx) => {
        await inbox.send(tx, { userId, kind: "creditScoreChanged", params: { score: "80" } });
        throw new Error("the decision failed");
      }),
    ).rejects.toThrow("the decision failed");
    expect((await page(session)).items).toEqual([]);
    expect(await unread(session)).toBe(0);
  });

  it("refuses a malformed or foreign cursor as bad input", async () => {
    const { session, userId } = await newUser();
    await sendNumbered(userId, 0, 25);
    const valid = (await page(session)).nextCursor ?? "";
    const invalid = { httpStatus: 200, status: 0, code: "INVALID_INPUT", params: { field: "cursor" } };
    // "msg.5" spelled with unused low bits set in its last character: the same bytes, another string.
    const nonCanonical = "bXNnLjV";
    expect(Buffer.from(nonCanonical, "base64url").toString()).toBe("msg.5");
    for (const cursor of [
      "garbage!!",
      "",
      base64url("rev.5"), // another list's shape
      base64url("msg.abc"),
      base64url("msg.-1"),
      base64url("msg.05"),
      base64url("msg.99999999999"),
      base64url("msg.5 "),
      `${valid}=`,
      `${valid}A`,
      nonCanonical,
      "x".repeat(65),
      12,
      null,
      { seq: 5 },
    ]) {
      expect(await act(session, "list", { cursor }), JSON.stringify(cursor)).toMatchObject(invalid);
    }
    // The valid one still works.
    expect(numbers((await page(session, valid)).items)).toEqual(range(4, 0));
  });
});

describe("message/read and message/unreadCount", () => {
  it("counts unread messages down as they are read; reading twice is fine", async () => {
    const { session, userId } = await newUser();
    await sendNumbered(userId, 0, 3);
    expect(await unread(session)).toBe(3);
    const [newest, middle] = (await page(session)).items;

    expect(await act(session, "read", { id: newest?.id })).toMatchObject({
      status: 1,
      data: { id: newest?.id, kind: newest?.kind, read: true },
    });
    expect(await unread(session)).toBe(2);
    expect(await act(session, "read", { id: newest?.id })).toMatchObject({ status: 1, data: { read: true } });
    expect(await unread(session)).toBe(2);
    await act(session, "read", { id: middle?.id });
    expect(await unread(session)).toBe(1);
    expect((await page(session)).items.map((item) => item.read)).toEqual([true, true, false]);
  });

  it("keeps the first read time when read again", async () => {
    const { session, userId } = await newUser();
    await sendNumbered(userId, 0, 1);
    const [item] = (await page(session)).items;
    await act(session, "read", { id: item?.id });
    const readAt = t.clock.now();
    t.clock.advance(MINUTE);
    await act(session, "read", { id: item?.id });
    const [row] = await t.database.db
      .select({ readAt: messages.readAt })
      .from(messages)
      .where(eq(messages.id, item?.id ?? ""));
    expect(row?.readAt).toEqual(readAt);
  });

  it("survives concurrent reads of one message", async () => {
    const { session, userId } = await newUser();
    await sendNumbered(userId, 0, 2);
    const [item] = (await page(session)).items;
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => act(session, "read", { id: item?.id })),
    );
    for (const answer of answers) expect(answer).toMatchObject({ httpStatus: 200, status: 1 });
    expect(await unread(session)).toBe(1);
  });

  it("keeps each user's inbox apart: another user's message is not found, like an unknown one", async () => {
    const alice = await newUser();
    const bob = await newUser();
    await inbox.send(t.app.db, { userId: alice.userId, kind: "kycApproved" });
    await inbox.send(t.app.db, { userId: bob.userId, kind: "creditScoreChanged", params: { score: "90" } });
    const [aliceMessage] = (await page(alice.session)).items;
    expect(aliceMessage?.kind).toBe("kycApproved");

    const bobList = await page(bob.session);
    expect(bobList.items.map((item) => item.kind)).toEqual(["creditScoreChanged"]);

    const notFound = { httpStatus: 200, status: 0, code: "NOT_FOUND", params: {}, data: null };
    const foreign = await act(bob.session, "read", { id: aliceMessage?.id });
    const unknown = await act(bob.session, "read", { id: "00000000-0000-4000-8000-000000000000" });
    expect(foreign).toMatchObject(notFound);
    expect(unknown).toEqual(foreign);

    expect(await unread(alice.session)).toBe(1);
    expect((await page(alice.session)).items[0]?.read).toBe(false);
    const [row] = await t.database.db
      .select({ readAt: messages.readAt })
      .from(messages)
      .where(and(eq(messages.id, aliceMessage?.id ?? ""), eq(messages.userId, alice.userId)));
    expect(row?.readAt).toBeNull();
    expect(await unread(bob.session)).toBe(1);

    // Alice's cursor only pages Bob's own messages: the query is scoped by the owner.
    await sendNumbered(alice.userId, 0, 25);
    const aliceCursor = (await page(alice.session)).nextCursor ?? "";
    const bobWithIt = await page(bob.session, aliceCursor);
    expect(bobWithIt.items.map((item) => item.kind)).toEqual(["creditScoreChanged"]);
  });

  it("refuses an id that is not a uuid as bad input", async () => {
    const { session } = await newUser();
    const invalid = { httpStatus: 200, status: 0, code: "INVALID_INPUT", params: { field: "id" } };
    for (const id of ["nope", "", 5, null, "00000000-0000-4000-8000-00000000000"]) {
      expect(await act(session, "read", { id }), JSON.stringify(id)).toMatchObject(invalid);
    }
    expect(await act(session, "read", {})).toMatchObject({ code: "INVALID_INPUT" });
  });
});

describe("message/* without a session", () => {
  it("answers 401", async () => {
    const unauthorized = { httpStatus: 401, status: 0, code: "UNAUTHORIZED" };
    const id = "00000000-0000-4000-8000-000000000000";
    expect(await call(t.app, "message/list", {})).toMatchObject(unauthorized);
    expect(await call(t.app, "message/read", { id })).toMatchObject(unauthorized);
    expect(await call(t.app, "message/unreadCount", {})).toMatchObject(unauthorized);
    const forged = { token: "not-a-token", account: "nobody" };
    expect(await call(t.app, "message/unreadCount", {}, forged)).toMatchObject(unauthorized);
  });
});
