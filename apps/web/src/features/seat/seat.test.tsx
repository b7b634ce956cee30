import { afterEach, describe, expect, it, vi } from "vitest";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import type { SeatStatus } from "@brokerage/api";

vi.mock("../../lib/toast", () => ({ showError: vi.fn(), showSuccess: vi.fn(), showInfo: vi.fn() }));
vi.mock("../../lib/api", async (importOriginal) => ({
  ...(await importOriginal<object>()),
  apiPost: vi.fn(),
}));

import { i18n } from "../../lib/i18n";
import { calls, renderAt, serve, signedInTests } from "../../test/api";
import { showSuccess } from "../../lib/toast";
import SeatScreen from "./screens/SeatScreen";

const grant = {
  en: "Orders handled at the operator's exchange seat",
  zh: "委託於營運商的交易所席位處理",
  cn: "委托于运营商的交易所席位处理",
  ko: "운영사 거래소 좌석에서 주문 처리",
  yd: "ऑपरेटर की एक्सचेंज सीट पर ऑर्डर",
};
const none: SeatStatus = {
  state: "none",
  application: null,
  grants: [grant],
  requireKyc: true,
  canApply: true,
};
const application = {
  id: "s1",
  state: "review" as const,
  reason: null,
  createdAt: "2026-11-23T09:00:00.000Z",
  decidedAt: null,
};

signedInTests();
afterEach(async () => {
  vi.mocked(showSuccess).mockReset();
  await i18n.changeLanguage("en");
});

describe("/information/seat", () => {
  it("shows what a seat grants before applying, then the application under review", async () => {
    let status = none;
    serve({
      "seat/status": () => status,
      "seat/apply": () => {
        status = { ...none, state: "review", application, canApply: false };
        return application;
      },
    });
    renderAt(<SeatScreen />, "/information/seat");
    const grants = await screen.findByRole("region", { name: "What a seat account gives you" });
    expect(within(grants).getByText(grant.en)).toBeTruthy();
    expect(within(grants).getByText("Real-name verification is needed before applying.")).toBeTruthy();
    expect(screen.getByText("Not applied")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Apply for a seat account" }));
    await waitFor(() => expect(calls("seat/apply")).toHaveLength(1));
    await waitFor(() => expect(showSuccess).toHaveBeenCalledWith("Application submitted"));
    expect(await screen.findByText("Under review")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Apply for a seat account" })).toBeNull();
  });

  it("shows the reviewer's reason on a refusal and offers a new application", async () => {
    serve({
      "seat/status": {
        ...none,
        state: "rejected",
        application: {
          ...application,
          state: "rejected",
          reason: "Too new",
          decidedAt: "2026-11-24T09:00:00.000Z",
        },
      },
    });
    renderAt(<SeatScreen />, "/information/seat");
    expect(await screen.findByText("Reason: Too new")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Apply again" })).toBeTruthy();
  });

  it("says so when nothing is offered, with no way to apply", async () => {
    serve({ "seat/status": { ...none, grants: [], canApply: false } });
    renderAt(<SeatScreen />, "/information/seat");
    expect(await screen.findByText("Seat accounts are not offered at present.")).toBeTruthy();
    expect(screen.queryByRole("button", { name: /Apply/ })).toBeNull();
  });

  it("shows each grant in the app's language", async () => {
    await i18n.changeLanguage("ko");
    serve({ "seat/status": none });
    renderAt(<SeatScreen />, "/information/seat");
    expect(await screen.findByText(grant.ko)).toBeTruthy();
  });
});
