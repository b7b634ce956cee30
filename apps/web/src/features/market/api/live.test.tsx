import { afterEach, describe, expect, it, vi } from "vitest";
import { cleanup, renderHook } from "@testing-library/react";
import { useNow } from "./live";

describe("the shared freshness clock", () => {
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it("reads the time afresh when its timer starts again after nobody watched it", () => {
    vi.useFakeTimers();
    vi.setSystemTime(1_000_000);
    const first = renderHook(() => useNow());
    expect(first.result.current).toBe(1_000_000);
    first.unmount(); // nobody watches: the timer stops

    vi.setSystemTime(1_600_000); // ten minutes later
    const second = renderHook(() => useNow());
    expect(second.result.current).toBe(1_600_000);
  });
});
