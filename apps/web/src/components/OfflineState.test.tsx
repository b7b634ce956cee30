import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { QueryClient, QueryClientProvider, useQuery } from "@tanstack/react-query";
import "../lib/i18n";
import { ApiError } from "../lib/apiError";
import { OfflineState } from "./OfflineState";
import { HEALTH_URL } from "./useConnectivity";

const notice = () => screen.queryByRole("alert", { name: "You are offline" });
/** The server's health probe: `true` answers, `false` fails as a dropped connection does. */
const probe = vi.fn<() => boolean>();

function Loads({ queryFn }: { queryFn: () => Promise<string> }) {
  const { data } = useQuery({ queryKey: ["thing"], queryFn, retry: false });
  return <p>{data ?? "nothing"}</p>;
}

function renderWith(queryFn: () => Promise<string> = async () => "loaded") {
  const client = new QueryClient();
  render(
    <QueryClientProvider client={client}>
      <Loads queryFn={queryFn} />
      <OfflineState />
    </QueryClientProvider>,
  );
}

describe("the offline state", () => {
  beforeEach(() => {
    probe.mockReset().mockReturnValue(true);
    vi.stubGlobal(
      "fetch",
      vi.fn(async (url: string) => {
        if (url !== HEALTH_URL) throw new Error(`unexpected ${url}`);
        if (!probe()) throw new TypeError("Failed to fetch");
        return new Response("{}");
      }),
    );
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it("shows when the browser goes offline and leaves by itself when it is back", async () => {
    renderWith();
    await screen.findByText("loaded");
    expect(notice()).toBeNull();

    act(() => void window.dispatchEvent(new Event("offline")));
    expect(notice()).not.toBeNull();
    screen.getByText(
      "Prices and your account need a connection; we will reconnect when you are back online.",
    );

    act(() => void window.dispatchEvent(new Event("online")));
    await waitFor(() => expect(notice()).toBeNull());
  });

  it("shows when a call gets no answer and the server cannot be reached, and reloads it on retry", async () => {
    probe.mockReturnValue(false);
    const queryFn = vi
      .fn<() => Promise<string>>()
      .mockRejectedValueOnce(new TypeError("Failed to fetch"))
      .mockResolvedValue("loaded again");
    renderWith(queryFn);
    await waitFor(() => expect(notice()).not.toBeNull());

    // Still out of reach: the notice stays.
    fireEvent.click(await screen.findByRole("button", { name: "Try again" }));
    await waitFor(() => expect(probe).toHaveBeenCalledTimes(2));
    expect(notice()).not.toBeNull();

    probe.mockReturnValue(true);
    fireEvent.click(await screen.findByRole("button", { name: "Try again" }));
    await screen.findByText("loaded again");
    expect(notice()).toBeNull();
  });

  it("stays away for a call the server answered with an error", async () => {
    renderWith(async () => Promise.reject(new ApiError("SOME_RULE", {}, "")));
    await waitFor(() => expect(screen.getByText("nothing")).toBeDefined());
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(fetch).not.toHaveBeenCalled();
    expect(notice()).toBeNull();
  });
});
