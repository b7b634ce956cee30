import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import type { Quote } from "@brokerage/api";

vi.mock("../../../lib/toast", () => ({ showError: vi.fn(), showSuccess: vi.fn(), showInfo: vi.fn() }));
vi.mock("../../../lib/api", () => ({ apiPost: vi.fn() }));

import "../../../lib/i18n";
import { apiPost } from "../../../lib/api";
import { WatchStar } from "./WatchStar";

const bitcoin = { symbol: "BTCUSD", exchange: "CRYPTO" };
const bitcoinQuote = { code: "BTCUSD", exchange: "CRYPTO" } as Quote;

function deferred<T>() {
  let resolve: (value: T) => void = () => undefined;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

/** Answers each call to `path` with the next deferred answer of its queue. */
function serve(answers: Record<string, ReturnType<typeof deferred<unknown>>[]>) {
  vi.mocked(apiPost).mockImplementation((path: string) => {
    const next = answers[path]?.shift();
    if (!next) throw new Error(`unexpected ${path}`);
    return next.promise as never;
  });
}

const calls = (path: string) => vi.mocked(apiPost).mock.calls.filter(([p]) => p === path).length;
const stars = () => screen.getAllByRole("button", { name: "Watch Bitcoin" });
const pressed = () => stars().map((star) => star.getAttribute("aria-pressed"));
const flush = () => act(() => new Promise((resolve) => setTimeout(resolve, 0)));

describe("the watch star", () => {
  beforeEach(() => {
    localStorage.setItem("tokend", "t1");
    localStorage.setItem("account", "u1");
  });
  afterEach(() => {
    cleanup();
    vi.mocked(apiPost).mockReset();
    localStorage.clear();
  });

  it("has one watched state for every star of an instrument, and cannot add twice", async () => {
    const firstList = deferred<unknown>();
    const staleRefetch = deferred<unknown>();
    const add = deferred<unknown>();
    const listAfterAdd = deferred<unknown>();
    serve({
      "watchlist/list": [firstList, staleRefetch, listAfterAdd],
      "watchlist/add": [add],
    });
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <WatchStar item={bitcoin} name="Bitcoin" />
        <WatchStar item={bitcoin} name="Bitcoin" />
      </QueryClientProvider>,
    );
    firstList.resolve([]);
    await waitFor(() => expect(pressed()).toEqual(["false", "false"]));

    // A refetch of the list is on its way (it still says "not watched") when the star is tapped.
    void client.refetchQueries({ queryKey: ["watchlist"] });
    fireEvent.click(stars()[0]!);
    await waitFor(() => expect(pressed()).toEqual(["true", "true"]));
    expect(stars().every((s) => (s as HTMLButtonElement).disabled)).toBe(true);
    fireEvent.click(stars()[1]!); // a fast second tap, on the other star
    staleRefetch.resolve([]);
    await flush();
    expect(calls("watchlist/add")).toBe(1);
    expect(stars()[0]!.getAttribute("aria-pressed")).toBe("true");

    add.resolve(null);
    await waitFor(() => expect(calls("watchlist/list")).toBe(3)); // the list is read back
    expect(pressed()).toEqual(["true", "true"]);
    expect(stars().every((s) => (s as HTMLButtonElement).disabled)).toBe(true);
    listAfterAdd.resolve([bitcoinQuote]);
    await waitFor(() => expect(stars().some((s) => (s as HTMLButtonElement).disabled)).toBe(false));
    expect(pressed()).toEqual(["true", "true"]);
    expect(calls("watchlist/add")).toBe(1);
  });
});
