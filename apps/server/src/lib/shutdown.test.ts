import { describe, expect, it } from "vitest";
import { Shutdown } from "./shutdown.js";

/** A shutdown on a hand-moved time, recording what it closes and how it exits. */
function harness(copiesWithinMs = 1_000) {
  let now = 0;
  const events: string[] = [];
  const exits: number[] = [];
  const shutdown = new Shutdown({
    copiesWithinMs,
    now: () => now,
    exit: (code) => void exits.push(code),
    log: (event, { signal }) => void events.push(`${event} ${signal}`),
  });
  return { shutdown, events, exits, advance: (ms: number) => (now += ms) };
}

const deferred = () => {
  let resolve = () => {};
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
};

describe("Shutdown", () => {
  it("closes the last opened first, once, and exits 0; copies of the signal change nothing", async () => {
    const { shutdown, events, exits, advance } = harness();
    const closing = deferred();
    shutdown.onStop("database", async () => void events.push("database closed"));
    shutdown.onStop("server", async () => {
      events.push("server closing");
      await closing.promise;
    });
    const first = shutdown.signal("SIGINT");
    advance(5); // the terminal's copy, then the launcher's
    await shutdown.signal("SIGINT");
    await shutdown.signal("SIGTERM");
    closing.resolve();
    await first;
    expect(events).toEqual(["stopping SIGINT", "server closing", "database closed"]);
    expect(exits).toEqual([0]);
  });

  it("exits at once on a signal after the copies: a second Ctrl-C forces the stop", async () => {
    const { shutdown, events, exits, advance } = harness();
    shutdown.onStop("server", () => new Promise(() => {})); // never closes
    void shutdown.signal("SIGINT");
    advance(1_000);
    await shutdown.signal("SIGINT");
    expect(exits).toEqual([130]);
    advance(1_000);
    await shutdown.signal("SIGTERM");
    expect(exits).toEqual([130, 143]);
    expect(events).toEqual(["stopping SIGINT", "forced SIGINT", "forced SIGTERM"]);
  });

  it("waits for the start-up before closing what it opened", async () => {
    const { shutdown, events, exits } = harness();
    const startup = deferred();
    shutdown.startingUp(startup.promise);
    shutdown.onStop("database", async () => void events.push("database closed"));
    const stopping = shutdown.signal("SIGTERM");
    await Promise.resolve();
    expect(shutdown.stopping).toBe(true);
    shutdown.onStop("server", async () => void events.push("server closed")); // opened meanwhile
    startup.resolve();
    await stopping;
    expect(events).toEqual(["stopping SIGTERM", "server closed", "database closed"]);
    expect(exits).toEqual([0]);
  });

  it("still closes the database when the server's close fails, and exits 1", async () => {
    const { shutdown, events, exits } = harness();
    shutdown.onStop("database", async () => void events.push("database closed"));
    shutdown.onStop("server", () => Promise.reject(new Error("stuck")));
    await shutdown.signal("SIGINT");
    expect(events).toEqual(["stopping SIGINT", "failed SIGINT", "database closed"]);
    expect(exits).toEqual([1]);
  });

  it("listens for SIGINT and SIGTERM until told to stop", () => {
    const { shutdown } = harness();
    const before = process.listenerCount("SIGINT") + process.listenerCount("SIGTERM");
    const stop = shutdown.listen();
    expect(process.listenerCount("SIGINT") + process.listenerCount("SIGTERM")).toBe(before + 2);
    stop();
    expect(process.listenerCount("SIGINT") + process.listenerCount("SIGTERM")).toBe(before);
  });
});
