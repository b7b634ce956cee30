import { afterEach, describe, expect, it } from "vitest";

const realFunction = globalThis.Function;
afterEach(() => {
  globalThis.Function = realFunction;
});

describe("the bundles' zod", () => {
  it("turns zod's jitless setting on", async () => {
    await import("./zodJitless");
    const { config } = await import("zod");
    expect(config().jitless).toBe(true);
  });

  it("never evaluates code: an object schema parses without the Function constructor", async () => {
    const { z } = await import("./zodJitless");
    let evaluated = 0;
    globalThis.Function = function (): never {
      evaluated++;
      throw new EvalError("refused by the Content-Security-Policy");
    } as unknown as FunctionConstructor;
    const schema = z.object({ symbol: z.string(), quantity: z.number().int() });
    expect(schema.parse({ symbol: "AAPL", quantity: 10 })).toEqual({ symbol: "AAPL", quantity: 10 });
    expect(schema.safeParse({ symbol: "AAPL" }).success).toBe(false);
    expect(evaluated).toBe(0);
  });
});
