import { describe, expect, it } from "vitest";
import { buildApp } from "./app.js";
import { openDatabase } from "./db/index.js";
import { readEnv, trustProxyOf } from "./env.js";

describe("TRUST_PROXY", () => {
  it('reads "true" as one proxy hop, a number as that many, and addresses as given', () => {
    expect(trustProxyOf(undefined)).toBe(false);
    expect(trustProxyOf("false")).toBe(false);
    const one = trustProxyOf("true") as (address: string, hop: number) => boolean;
    expect([one("10.0.0.5", 0), one("6.6.6.6", 1)]).toEqual([true, false]);
    const two = trustProxyOf("2") as (address: string, hop: number) => boolean;
    expect([two("a", 1), two("b", 2)]).toEqual([true, false]);
    expect(trustProxyOf("10.0.0.0/8,127.0.0.1")).toBe("10.0.0.0/8,127.0.0.1");
  });

  it("takes the client address from the proxy's hop, not from what the client wrote", async () => {
    const database = openDatabase({ kind: "memory" });
    const app = await buildApp({
      db: database.db,
      trustProxy: trustProxyOf("true"),
      webDist: "/nonexistent",
    });
    app.get("/ip", async (request) => request.ip);
    const response = await app.inject({
      url: "/ip",
      remoteAddress: "10.0.0.5", // the load balancer
      headers: { "x-forwarded-for": "6.6.6.6, 203.0.113.7" }, // forged left end, real client appended
    });
    expect(response.body).toBe("203.0.113.7");
    await app.close();
    await database.close();
  });
});

describe("quote socket caps", () => {
  it("are read from WS_MAX_SOCKETS_PER_USER and WS_MAX_PENDING_PER_ADDRESS, and refused when not positive", () => {
    expect(readEnv({ WS_MAX_SOCKETS_PER_USER: "1000", WS_MAX_PENDING_PER_ADDRESS: "50" })).toMatchObject({
      wsMaxSocketsPerUser: 1000,
      wsMaxPendingPerAddress: 50,
    });
    expect(readEnv({}).wsMaxSocketsPerUser).toBeUndefined();
    expect(() => readEnv({ WS_MAX_SOCKETS_PER_USER: "0" })).toThrow("WS_MAX_SOCKETS_PER_USER");
  });
});
