import { randomBytes, randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users, walletAddresses } from "../../db/schema/index.js";
import { HOUR } from "../../lib/clock.js";
import { buildTestApp, call, registerUser, type Session, type TestApp } from "../../../test/helper.js";
import { createStaff, staffLogin } from "../staff/testing.js";

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ authLimits: { registrationsPerAddress: { max: 100, windowMs: HOUR } } });
});
afterAll(() => t.close());

interface Address {
  id: string;
  type: string;
  address: string;
  createdAt: string;
}

const TRC20 = "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t";
const ERC20 = "0xdAC17F958D2ee523a2206206994597C13D831ec7";
const BTC_P2PKH = "1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa";
const BTC_P2SH = "3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy";
const BTC_SEGWIT = "bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4";

/** An all-lower-case Ethereum address carries no checksum, so any 40 hex digits make one. */
const freshErc20 = () => `0x${randomBytes(20).toString("hex")}`;

const wallet = (session: Session, action: string, body: unknown = {}) =>
  call(t.app, `wallet/${action}`, body, session.headers);

async function list(session: Session): Promise<Address[]> {
  const answer = await wallet(session, "list");
  expect(answer).toMatchObject({ status: 1 });
  return (answer.data as { items: Address[] }).items;
}

async function add(session: Session, type: string, address: string): Promise<Address> {
  const answer = await wallet(session, "add", { type, address });
  expect(answer).toMatchObject({ status: 1 });
  return answer.data as Address;
}

async function rowsOf(session: Session) {
  const [user] = await t.database.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.account, session.account));
  if (!user) throw new Error(`no user ${session.account}`);
  return t.database.db.select().from(walletAddresses).where(eq(walletAddresses.userId, user.id));
}

describe("wallet/add and wallet/list", () => {
  it("adds an address of every type and lists them newest first", async () => {
    const session = await registerUser(t.app);
    expect(await list(session)).toEqual([]);
    const added: Address[] = [];
    for (const [type, address] of [
      ["USDT-TRC20", TRC20],
      ["USDT-ERC20", ERC20],
      ["BTC", BTC_P2PKH],
      ["BTC", BTC_P2SH],
      ["BTC", BTC_SEGWIT],
    ] as const) {
      added.push(await add(session, type, ` ${address} `));
      t.clock.advance(1000);
    }
    expect(added[0]).toEqual({
      id: expect.any(String),
      type: "USDT-TRC20",
      address: TRC20,
      createdAt: expect.any(String),
    });
    expect(await list(session)).toEqual([...added].reverse());
  });

  it("needs no KYC: an address is not checked against a name", async () => {
    const session = await registerUser(t.app);
    await add(session, "USDT-TRC20", TRC20);
  });

  it.each<[string, string]>([
    ["USDT-TRC20", "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6u"], // one character changed: checksum fails
    ["USDT-TRC20", ERC20],
    ["USDT-TRC20", BTC_P2PKH],
    ["USDT-ERC20", "0xdAC17F958D2ee523a2206206994597C13D831EC7"], // mixed case, wrong EIP-55 checksum
    ["USDT-ERC20", "0xdAC17F958D2ee523a2206206994597C13D831e"],
    ["USDT-ERC20", TRC20],
    ["BTC", "1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNb"],
    ["BTC", "bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t5"],
    ["BTC", ERC20],
    ["BTC", "not an address"],
  ])("refuses an address that is not a valid %s address (%s)", async (type, address) => {
    const session = await registerUser(t.app);
    expect(await wallet(session, "add", { type, address })).toMatchObject({
      status: 0,
      code: "WALLET_ADDRESS_INVALID",
      params: { field: "address", type },
      msg: `This is not a valid ${type} address`,
    });
    expect(await rowsOf(session)).toEqual([]);
  });

  it.each(["USDT", "usdt-trc20", "ETH", "TRC20", ""])(
    "refuses a type outside the list (%j)",
    async (type) => {
      const session = await registerUser(t.app);
      expect(await wallet(session, "add", { type, address: TRC20 })).toMatchObject({
        status: 0,
        code: "INVALID_INPUT",
        params: { field: "type" },
      });
      expect(await rowsOf(session)).toEqual([]);
    },
  );

  it("refuses an address the user has already, in any spelling of it", async () => {
    const session = await registerUser(t.app);
    await add(session, "USDT-ERC20", ERC20);
    await add(session, "BTC", BTC_SEGWIT);
    await add(session, "USDT-TRC20", TRC20);
    const exists = {
      status: 0,
      code: "WALLET_EXISTS",
      msg: "This wallet address already exists",
      params: { field: "address" },
    };
    expect(await wallet(session, "add", { type: "USDT-ERC20", address: ERC20 })).toMatchObject(exists);
    expect(await wallet(session, "add", { type: "USDT-ERC20", address: ERC20.toLowerCase() })).toMatchObject(
      exists,
    );
    expect(await wallet(session, "add", { type: "BTC", address: BTC_SEGWIT.toUpperCase() })).toMatchObject(
      exists,
    );
    expect(await wallet(session, "add", { type: "USDT-TRC20", address: ` ${TRC20}` })).toMatchObject(exists);
    expect(await rowsOf(session)).toHaveLength(3);
    // Another user may keep the same address; a removed address may be added again.
    await add(await registerUser(t.app), "USDT-ERC20", ERC20);
    const [trc] = (await list(session)).filter((a) => a.type === "USDT-TRC20");
    expect(await wallet(session, "remove", { id: trc?.id })).toMatchObject({ status: 1 });
    await add(session, "USDT-TRC20", TRC20);
  });

  it("keeps at most 10 addresses; a removed one frees its place", async () => {
    const session = await registerUser(t.app);
    const added: Address[] = [];
    for (let i = 0; i < 10; i++) added.push(await add(session, "USDT-ERC20", freshErc20()));
    expect(await wallet(session, "add", { type: "USDT-TRC20", address: TRC20 })).toMatchObject({
      status: 0,
      code: "WALLET_LIMIT_REACHED",
      params: { limit: "10" },
      msg: "You can add at most 10 wallet addresses",
    });
    expect(await wallet(session, "remove", { id: added[0]?.id })).toMatchObject({ status: 1 });
    await add(session, "USDT-TRC20", TRC20);
    expect(await list(session)).toHaveLength(10);
  });
});

describe("wallet/remove", () => {
  it("removes the address and keeps its row; a second removal answers NOT_FOUND", async () => {
    const session = await registerUser(t.app);
    const address = await add(session, "BTC", BTC_P2PKH);
    t.clock.advance(5000);
    expect(await wallet(session, "remove", { id: address.id })).toMatchObject({ status: 1, data: null });
    expect(await list(session)).toEqual([]);
    const [row] = await rowsOf(session);
    expect(row?.removedAt).toEqual(t.clock.now());
    expect(await wallet(session, "remove", { id: address.id })).toMatchObject({
      status: 0,
      code: "NOT_FOUND",
    });
  });
});

describe("object-level access", () => {
  it("never shows or removes another user's address: NOT_FOUND, and the address stays", async () => {
    const alice = await registerUser(t.app);
    const bob = await registerUser(t.app);
    const address = await add(alice, "USDT-TRC20", TRC20);
    expect(await list(bob)).toEqual([]);
    expect(await wallet(bob, "remove", { id: address.id })).toMatchObject({ status: 0, code: "NOT_FOUND" });
    expect(await wallet(bob, "remove", { id: randomUUID() })).toMatchObject({ status: 0, code: "NOT_FOUND" });
    expect(await wallet(bob, "list", { account: alice.account })).toMatchObject({ data: { items: [] } });
    expect((await list(alice)).map((a) => a.id)).toEqual([address.id]);
  });
});

describe("concurrency", () => {
  it("adds an address once when one user sends it twice at the same time", async () => {
    const session = await registerUser(t.app);
    const answers = await Promise.all([
      wallet(session, "add", { type: "USDT-ERC20", address: ERC20 }),
      wallet(session, "add", { type: "USDT-ERC20", address: ERC20.toLowerCase() }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([0, 1]);
    expect(answers.find((a) => a.status === 0)).toMatchObject({ code: "WALLET_EXISTS" });
    expect(await rowsOf(session)).toHaveLength(1);
  });

  it("holds the limit when the last places are taken at the same time", async () => {
    const session = await registerUser(t.app);
    for (let i = 0; i < 9; i++) await add(session, "USDT-ERC20", freshErc20());
    const answers = await Promise.all(
      [1, 2, 3].map(() => wallet(session, "add", { type: "USDT-ERC20", address: freshErc20() })),
    );
    expect(answers.filter((a) => a.status === 1)).toHaveLength(1);
    expect(answers.filter((a) => a.code === "WALLET_LIMIT_REACHED")).toHaveLength(2);
    expect(await list(session)).toHaveLength(10);
  });
});

describe("malformed input and sessions", () => {
  let session: Session;
  beforeAll(async () => {
    session = await registerUser(t.app);
  });

  it.each<[string, string, unknown]>([
    ["add: no fields", "add", {}],
    ["add: no address", "add", { type: "BTC" }],
    ["add: empty address", "add", { type: "BTC", address: "  " }],
    ["add: numbers", "add", { type: 1, address: 2 }],
    ["add: an object", "add", { type: "BTC", address: { $ne: "" } }],
    ["add: huge address", "add", { type: "BTC", address: "1".repeat(100_000) }],
    ["add: an array", "add", [{ type: "BTC", address: BTC_P2PKH }]],
    ["remove: no id", "remove", {}],
    ["remove: not a uuid", "remove", { id: "../1" }],
  ])("answers INVALID_INPUT and stores nothing (%s)", async (_name, action, body) => {
    const answer = await wallet(session, action, body);
    expect(answer).toMatchObject({ httpStatus: 200, status: 0, code: "INVALID_INPUT" });
    expect(await rowsOf(session)).toEqual([]);
  });

  it("refuses every call without a user session with 401, a staff session included", async () => {
    const staff = await createStaff(t.database.db, "administrator");
    const staffSession = await staffLogin(t.app, staff, "10.9.0.2");
    for (const action of ["list", "add", "remove"]) {
      const body =
        action === "add"
          ? { type: "BTC", address: BTC_P2PKH }
          : action === "remove"
            ? { id: randomUUID() }
            : {};
      expect(await call(t.app, `wallet/${action}`, body)).toMatchObject({
        httpStatus: 401,
        code: "UNAUTHORIZED",
      });
      expect(await call(t.app, `wallet/${action}`, body, staffSession.headers)).toMatchObject({
        httpStatus: 401,
        code: "UNAUTHORIZED",
      });
    }
  });
});
