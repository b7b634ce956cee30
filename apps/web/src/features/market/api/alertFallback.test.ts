import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Message } from "@brokerage/api";
import { AlertFallback } from "./alertFallback";

const message = (id: string, kind: Message["kind"], read = false): Message => ({
  id,
  kind,
  params: { symbol: "BTCUSD" },
  createdAt: "2026-12-02T10:00:00.000Z",
  read,
});

describe("fired price alerts while the socket is down", () => {
  let inbox: Message[];
  let told: string[];
  let fallback: AlertFallback;
  beforeEach(() => {
    vi.useFakeTimers();
    inbox = [message("old-alert", "priceAlertMove")];
    told = [];
    fallback = new AlertFallback({
      fetchInbox: () => Promise.resolve([...inbox]),
      tell: (m) => told.push(m.id),
      pollMs: 5000,
    });
  });
  afterEach(() => {
    fallback.setPolling(false);
    vi.useRealTimers();
  });

  it("tells each new unread price alert once, and nothing that was there when polling began", async () => {
    fallback.setPolling(true);
    await vi.advanceTimersByTimeAsync(0);
    inbox = [
      message("deposit", "depositApproved"),
      message("new-alert", "priceAlertAbove"),
      message("read-alert", "priceAlertBelow", true),
      ...inbox,
    ];
    await vi.advanceTimersByTimeAsync(5000);
    expect(told).toEqual(["new-alert"]);
    await vi.advanceTimersByTimeAsync(15000);
    expect(told).toEqual(["new-alert"]);
  });

  it("stops with the polling, and takes a new baseline when it starts again", async () => {
    fallback.setPolling(true);
    await vi.advanceTimersByTimeAsync(0);
    fallback.setPolling(false);
    inbox = [message("while-live", "priceAlertMove"), ...inbox];
    await vi.advanceTimersByTimeAsync(10000);
    expect(told).toEqual([]);
    fallback.setPolling(true);
    await vi.advanceTimersByTimeAsync(0);
    inbox = [message("after", "priceAlertMove"), ...inbox];
    await vi.advanceTimersByTimeAsync(5000);
    expect(told).toEqual(["after"]);
  });

  it("an inbox that cannot be read this time is read again at the next poll", async () => {
    let down = false;
    fallback = new AlertFallback({
      fetchInbox: () => Promise.resolve(down ? null : [...inbox]),
      tell: (m) => told.push(m.id),
      pollMs: 5000,
    });
    fallback.setPolling(true);
    await vi.advanceTimersByTimeAsync(0);
    inbox = [message("new-alert", "priceAlertMove"), ...inbox];
    down = true;
    await vi.advanceTimersByTimeAsync(5000);
    expect(told).toEqual([]);
    down = false;
    await vi.advanceTimersByTimeAsync(5000);
    expect(told).toEqual(["new-alert"]);
  });
});
