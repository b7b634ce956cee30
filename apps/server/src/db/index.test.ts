import { describe, expect, it } from "vitest";
import { openDatabase } from "./index.js";

describe("the PostgreSQL pool", () => {
  it("survives an idle connection failing instead of ending the process", async () => {
    // The pool connects lazily, so no server is needed to see how it handles the event.
    const database = openDatabase({ kind: "postgres", url: "postgres://nobody@127.0.0.1:9/none" });
    const pool = (database.db as unknown as { $client: NodeJS.EventEmitter }).$client;
    expect(() => pool.emit("error", new Error("connection terminated unexpectedly"))).not.toThrow();
    await database.close();
  });
});
