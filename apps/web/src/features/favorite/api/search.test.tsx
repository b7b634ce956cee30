import { afterEach, describe, expect, it, vi } from "vitest";
import { act, cleanup, renderHook, waitFor } from "@testing-library/react";
import { QueryClient, QueryClientProvider, focusManager, onlineManager } from "@tanstack/react-query";
import type { ReactNode } from "react";

vi.mock("../../../lib/api", () => ({ apiPost: vi.fn(async () => []) }));

import { apiPost } from "../../../lib/api";
import { useSearch } from "./search";

describe("a search", () => {
  afterEach(() => {
    cleanup();
    vi.mocked(apiPost).mockClear();
  });

  it("runs when the user asks, and is not replayed on reconnect, focus or remount", async () => {
    const client = new QueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );
    const searches = () => vi.mocked(apiPost).mock.calls.filter(([path]) => path === "market/search");
    const first = renderHook(() => useSearch(), { wrapper });
    act(() => first.result.current.mutate("Bitcoin"));
    await waitFor(() => expect(first.result.current.data).toEqual([]));
    expect(searches()).toEqual([["market/search", { keyword: "Bitcoin" }]]);

    act(() => {
      onlineManager.setOnline(false);
      onlineManager.setOnline(true);
      focusManager.setFocused(false);
      focusManager.setFocused(true);
    });
    first.unmount();
    renderHook(() => useSearch(), { wrapper });
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(searches()).toHaveLength(1);
  });
});
