import { afterEach, describe, expect, it, vi } from "vitest";

vi.mock("../lib/toast", () => ({ showError: vi.fn(), showSuccess: vi.fn(), showInfo: vi.fn() }));

import { queryClient } from "./queryClient";
import { clearSession, clearStorageKeepLanguage, saveSession } from "../lib/storage";

const keys = () =>
  queryClient
    .getQueryCache()
    .getAll()
    .map((query) => query.queryKey);

function cacheOfAlice() {
  queryClient.setQueryData(["config"], [{ name: "kefu", value: "https://help" }]);
  queryClient.setQueryData(["user", "info"], { account: "alice" });
  queryClient.setQueryData(["watchlist", "list"], [{ code: "AAPL" }]);
  queryClient.setQueryData(["watchlist", "contains", "AAPL", "US"], true);
  queryClient.setQueryData(["market", "searchHistory"], [{ keyword: "apple" }]);
  queryClient.setQueryData(["market", "quote", "AAPL", "US"], { close: "1" });
}

afterEach(() => {
  queryClient.clear();
  localStorage.clear();
});

describe("the query cache across sessions", () => {
  it.each([
    ["log-out", () => clearSession()],
    ["a 401 or a password change", () => clearStorageKeepLanguage()],
    ["a new log-in", () => saveSession({ token: "t-bob", account: "bob" })],
  ])("keeps only the public configuration after %s", (_, change) => {
    saveSession({ token: "t-alice", account: "alice" });
    cacheOfAlice();
    change();
    expect(keys()).toEqual([["config"]]);
  });

  it("cancels a fetch of the leaving account so its answer lands nowhere", async () => {
    let answer: (list: string[]) => void = () => undefined;
    const fetching = queryClient.fetchQuery({
      queryKey: ["watchlist", "list"],
      queryFn: () => new Promise<string[]>((resolve) => (answer = resolve)),
    });
    clearSession();
    answer(["AAPL"]);
    await expect(fetching).rejects.toThrow();
    expect(queryClient.getQueryData(["watchlist", "list"])).toBeUndefined();
  });
});
