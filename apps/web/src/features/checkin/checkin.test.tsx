import { afterEach, describe, expect, it, vi } from "vitest";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import type { CheckInResult, CheckinStatus } from "@brokerage/api";

vi.mock("../../lib/toast", () => ({ showError: vi.fn(), showSuccess: vi.fn(), showInfo: vi.fn() }));
vi.mock("../../lib/api", async (importOriginal) => ({
  ...(await importOriginal<object>()),
  apiPost: vi.fn(),
}));

import "../../lib/i18n";
import { calls, renderAt, serve, signedInTests } from "../../test/api";
import { ApiError, HttpError } from "../../lib/apiError";
import { showSuccess } from "../../lib/toast";
import { CheckinCard } from "./components/CheckinCard";
import CheckinScreen from "./screens/CheckinScreen";

const rewards = [
  { id: "week", checkIns: 7, amount: "1.00", currency: "USD" as const, redeemable: false },
  { id: "month", checkIns: 30, amount: "5.00", currency: "USD" as const, redeemable: false },
];
const fresh: CheckinStatus = {
  streak: 0,
  checkedInToday: false,
  count: 0,
  total: 0,
  rewards,
  perCheckIn: { amount: "0.10", currency: "USD" },
  lastCheckInAt: null,
  nextCheckInAt: null,
  timeZone: "Asia/Kolkata",
};
const done: CheckinStatus = {
  ...fresh,
  streak: 1,
  checkedInToday: true,
  count: 1,
  total: 1,
  lastCheckInAt: "2026-11-23T09:00:00.000Z",
  nextCheckInAt: "2026-11-23T18:30:00.000Z",
};
const result: CheckInResult = {
  id: "c1",
  day: "2026-11-23",
  timeZone: "Asia/Kolkata",
  streak: 1,
  count: 1,
  booked: { amount: "0.10", currency: "USD" },
  checkedInAt: "2026-11-23T09:00:00.000Z",
};

signedInTests();
afterEach(() => vi.mocked(showSuccess).mockReset());

const card = () => screen.getByRole("region", { name: "Daily check-in" });
const keyOf = (n: number) => (calls("checkin/checkIn")[n]?.[1] as { idempotencyKey: string }).idempotencyKey;

describe("the home screen's check-in card", () => {
  it("checks in once with a key and the phone's zone, then shows today done", async () => {
    let status = fresh;
    serve({
      "checkin/status": () => status,
      "checkin/checkIn": () => {
        status = done;
        return result;
      },
    });
    renderAt(<CheckinCard />);
    expect(await within(card()).findByText("0 days")).toBeTruthy();
    expect(within(card()).getByText("Check in today for 0.10 USD")).toBeTruthy();
    expect(calls("checkin/status")[0]?.[1]).toEqual({
      timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    });
    fireEvent.click(within(card()).getByRole("button", { name: "Check in" }));
    await waitFor(() => expect(calls("checkin/checkIn")).toHaveLength(1));
    expect(keyOf(0)).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
    await waitFor(() =>
      expect(showSuccess).toHaveBeenCalledWith("Checked in: 0.10 USD credited · streak 1 day"),
    );
    expect(await within(card()).findByText("1 day")).toBeTruthy();
    expect(within(card()).getByText(/^Checked in today · next from 2026\.11\.2\d/)).toBeTruthy();
    expect(
      (within(card()).getByRole("button", { name: "Done for today" }) as HTMLButtonElement).disabled,
    ).toBe(true);
  });

  it("sends the same key again after no answer, and a new one after the server's answer", async () => {
    let answer: () => CheckInResult = () => {
      throw new HttpError(0);
    };
    serve({ "checkin/status": fresh, "checkin/checkIn": () => answer() });
    renderAt(<CheckinCard />);
    const press = () => fireEvent.click(within(card()).getByRole("button", { name: "Check in" }));
    await within(card()).findByText("0 days");
    press();
    await waitFor(() => expect(calls("checkin/checkIn")).toHaveLength(1));
    await waitFor(() => expect(within(card()).getByRole("button", { name: "Check in" })).toBeTruthy());
    answer = () => {
      throw new ApiError("ALREADY_CHECKED_IN", {}, "Already checked in today");
    };
    press();
    await waitFor(() => expect(calls("checkin/checkIn")).toHaveLength(2));
    expect(keyOf(1)).toBe(keyOf(0));
    press();
    await waitFor(() => expect(calls("checkin/checkIn")).toHaveLength(3));
    expect(keyOf(2)).not.toBe(keyOf(0));
  });
});

describe("/home/checkIn", () => {
  it("lists the rewards with what each needs and the rules, and redeems one by its id", async () => {
    serve({
      "checkin/status": {
        ...done,
        streak: 7,
        count: 7,
        rewards: [{ ...rewards[0]!, redeemable: true }, rewards[1]!],
      },
      "checkin/redeem": {
        id: "r1",
        rewardId: "week",
        checkIns: 7,
        amount: "1.00",
        currency: "USD",
        count: 0,
        createdAt: "2026-11-23T09:00:00.000Z",
      },
    });
    renderAt(<CheckinScreen />, "/home/checkIn");
    const list = await screen.findByRole("region", { name: "Rewards" });
    expect(within(list).getByText("Needs 7 check-ins")).toBeTruthy();
    expect(within(list).getByText("Needs 30 check-ins · 23 more to go")).toBeTruthy();
    const rules = screen.getByRole("region", { name: "Rules" });
    expect(within(rules).getByText(/in Asia\/Kolkata, the time zone of your first check-in/)).toBeTruthy();
    expect(within(rules).getByText("Nothing here depends on trading or deposits.")).toBeTruthy();
    fireEvent.click(within(list).getByRole("button", { name: "Redeem 1.00 USD for 7 check-ins" }));
    await waitFor(() => expect(calls("checkin/redeem")).toHaveLength(1));
    expect(calls("checkin/redeem")[0]?.[1]).toMatchObject({ rewardId: "week" });
    await waitFor(() =>
      expect(showSuccess).toHaveBeenCalledWith("1.00 USD credited to your available balance"),
    );
  });
});
