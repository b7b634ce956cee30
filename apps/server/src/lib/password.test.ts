import { afterEach, describe, expect, it, vi } from "vitest";
import { hashPassword, usePasswordCost, verifyPassword } from "./password.js";

afterEach(() => {
  vi.unstubAllEnvs();
  usePasswordCost("test");
});

describe("password hashing", () => {
  it("hashes at the OWASP minimum unless the test setup lowered it", async () => {
    usePasswordCost("production");
    const real = await hashPassword("correct-horse-1");
    expect(real).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    usePasswordCost("test");
    const cheap = await hashPassword("correct-horse-1");
    expect(cheap).toMatch(/^\$argon2id\$v=19\$m=8,t=1,p=1\$/);
    // The parameters travel in the hash: either verifies whatever the cost now in force.
    expect(await verifyPassword(real, "correct-horse-1")).toBe(true);
    expect(await verifyPassword(cheap, "correct-horse-1")).toBe(true);
    expect(await verifyPassword(cheap, "correct-horse-2")).toBe(false);
  });

  it("refuses the test cost in a production process and keeps the real one", async () => {
    usePasswordCost("production");
    vi.stubEnv("NODE_ENV", "production");
    expect(() => usePasswordCost("test")).toThrow(/NODE_ENV=production/);
    expect(await hashPassword("correct-horse-1")).toMatch(/\$m=19456,t=2,p=1\$/);
  });
});
