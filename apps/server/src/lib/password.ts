import { hash, verify } from "@node-rs/argon2";

/**
 * argon2id with the OWASP minimum (m=19 MiB, t=2, p=1). The library's default algorithm is argon2id;
 * the parameters are stored in the hash, so raising them later only affects new hashes.
 */
export const PASSWORD_COST = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/**
 * argon2's floor (8 KiB, one pass): the server suite hashes thousands of passwords, each ~50–80 ms of a
 * core at the real cost. Only the test setup turns it on, by calling this module: no variable or setting
 * reaches it, and a production process refuses it.
 */
const TEST_COST = { memoryCost: 8, timeCost: 1, parallelism: 1 } as const;

let options: typeof PASSWORD_COST | typeof TEST_COST = PASSWORD_COST;
let dummyHash: Promise<string> | undefined;

export function usePasswordCost(cost: "production" | "test"): void {
  if (cost === "test" && process.env.NODE_ENV === "production")
    throw new Error("the test password cost cannot be used with NODE_ENV=production");
  options = cost === "test" ? TEST_COST : PASSWORD_COST;
  // The dummy must cost what a real check costs at the cost now in force.
  dummyHash = undefined;
}

export function hashPassword(password: string): Promise<string> {
  return hash(password, options);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/** Spends the same time as a real check, so an unknown account is not told apart by timing. */
export async function burnPasswordCheck(password: string): Promise<void> {
  dummyHash ??= hashPassword("not-a-real-password");
  await verifyPassword(await dummyHash, password);
}
