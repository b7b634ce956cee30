import { describe, expect, it } from "vitest";
import { Batcher, type Settled } from "./batcher.js";

/** A run whose batches stay open until the test settles them, so it decides what arrives meanwhile. */
function held() {
  const batches: {
    calls: readonly number[];
    settle: (outcomes: readonly Settled<string>[] | Error) => void;
  }[] = [];
  const run = (calls: readonly number[]) =>
    new Promise<readonly Settled<string>[]>((resolve, reject) =>
      batches.push({ calls, settle: (o) => (o instanceof Error ? reject(o) : resolve(o)) }),
    );
  return { batches, run };
}

const answered = (calls: readonly number[]) => calls.map((c) => ({ value: `#${c}` }));
const tick = () => new Promise((resolve) => setImmediate(resolve));

describe("Batcher", () => {
  it("sends a call at once when nothing runs, and gathers the calls that arrive meanwhile", async () => {
    const { batches, run } = held();
    const batcher = new Batcher(run, { maxSize: 3, inFlight: 1 });
    const first = batcher.submit(1);
    expect(batches.map((b) => b.calls)).toEqual([[1]]);
    const later = [2, 3, 4, 5].map((c) => batcher.submit(c));
    expect(batches).toHaveLength(1); // waiting for the one in flight

    batches[0]?.settle(answered([1]));
    expect(await first).toBe("#1");
    await tick();
    expect(batches.map((b) => b.calls)).toEqual([[1], [2, 3, 4]]); // at most maxSize
    batches[1]?.settle(answered([2, 3, 4]));
    await tick();
    expect(batches[2]?.calls).toEqual([5]);
    batches[2]?.settle(answered([5]));
    expect(await Promise.all(later)).toEqual(["#2", "#3", "#4", "#5"]);
  });

  it("runs up to inFlight batches at once", async () => {
    const { batches, run } = held();
    const batcher = new Batcher(run, { maxSize: 10, inFlight: 2 });
    const calls = [1, 2, 3, 4].map((c) => batcher.submit(c));
    expect(batches.map((b) => b.calls)).toEqual([[1], [2]]);
    batches[1]?.settle(answered([2]));
    await tick();
    expect(batches.map((b) => b.calls)).toEqual([[1], [2], [3, 4]]);
    batches[0]?.settle(answered([1]));
    batches[2]?.settle(answered([3, 4]));
    expect(await Promise.all(calls)).toEqual(["#1", "#2", "#3", "#4"]);
  });

  it("gives each call its own outcome: a refusal of one leaves the others answered", async () => {
    const batcher = new Batcher(
      async (calls: readonly number[]) =>
        calls.map((c): Settled<string> =>
          c % 2 ? { value: `#${c}` } : { error: new Error(`refused ${c}`) },
        ),
      { maxSize: 10, inFlight: 1 },
    );
    const outcomes = await Promise.allSettled([1, 2, 3, 4].map((c) => batcher.submit(c)));
    expect(outcomes.map((o) => (o.status === "fulfilled" ? o.value : (o.reason as Error).message))).toEqual([
      "#1",
      "refused 2",
      "#3",
      "refused 4",
    ]);
  });

  it("runs the calls of a batch that failed as a whole again one by one, each with its own outcome", async () => {
    const seen: (readonly number[])[] = [];
    const batcher = new Batcher(
      async (calls: readonly number[]) => {
        seen.push(calls);
        if (calls.length > 1) throw new Error("deadlock detected");
        if (calls[0] === 3) throw new Error("lost connection");
        return answered(calls);
      },
      { maxSize: 10, inFlight: 1 },
    );
    const first = batcher.submit(1); // alone
    const rest = [2, 3, 4].map((c) => batcher.submit(c)); // together, then one by one
    const outcomes = await Promise.allSettled([first, ...rest]);
    expect(outcomes.map((o) => (o.status === "fulfilled" ? o.value : (o.reason as Error).message))).toEqual([
      "#1",
      "#2",
      "lost connection",
      "#4",
    ]);
    expect(seen).toEqual([[1], [2, 3, 4], [2], [3], [4]]);
  });

  it("fails the calls of a run that answers the wrong number of outcomes, and refuses limits below 1", async () => {
    const batcher = new Batcher(async () => [{ value: "only one" }], { maxSize: 10, inFlight: 1 });
    const outcomes = await Promise.allSettled([batcher.submit(1), batcher.submit(2), batcher.submit(3)]);
    expect(outcomes[0]).toEqual({ status: "fulfilled", value: "only one" });
    // 2 and 3 went together, got one outcome, and were run again alone.
    expect(outcomes.slice(1)).toEqual([
      { status: "fulfilled", value: "only one" },
      { status: "fulfilled", value: "only one" },
    ]);
    expect(() => new Batcher(async () => [], { maxSize: 0, inFlight: 1 })).toThrow();
    expect(() => new Batcher(async () => [], { maxSize: 1, inFlight: 0 })).toThrow();
  });
});
