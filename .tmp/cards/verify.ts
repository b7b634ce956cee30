import { openDatabase } from "../../apps/server/src/db/index.js";
import { users } from "../../apps/server/src/db/schema/index.js";
import { eq } from "drizzle-orm";
const database = openDatabase({ kind: "pglite", dataDir: process.argv[2]! } as never);
await database.db.update(users).set({ kycStatus: "verified", realname: "Priya Sharma" }).where(eq(users.account, "priya_demo"));
console.log(await database.db.select({ a: users.account, k: users.kycStatus, r: users.realname }).from(users));
await database.close();
