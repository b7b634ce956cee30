import { afterEach, describe, expect, it, vi } from "vitest";
import { act, screen, waitFor, within } from "@testing-library/react";
import Dialog from "antd-mobile/es/components/dialog";

vi.mock("../../../lib/navigation", () => ({ navigateTo: vi.fn() }));

import "../../../lib/i18n";
import { navigateTo } from "../../../lib/navigation";
import { formatDateTime } from "../../../lib/format";
import { CHANGE_PASSWORD_PATH, showFailedLoginsNotice } from "./FailedLoginsNotice";

const lastAt = "2026-03-02T08:15:30.000Z";

describe("the failed log-in notice", () => {
  afterEach(() => {
    act(() => Dialog.clear());
    vi.mocked(navigateTo).mockClear();
  });

  it("tells how many attempts failed and when the last was, in the spec's date format", async () => {
    act(() => showFailedLoginsNotice({ count: 2, lastAt }));
    const dialog = await screen.findByRole("dialog", { name: "Failed log-in attempts" });
    within(dialog).getByText(
      `There were 2 failed log-in attempts on your account since your last log-in, the last on ${formatDateTime(new Date(lastAt))}. If it was not you, change your password.`,
    );
  });

  it("says a single attempt in the singular", async () => {
    act(() => showFailedLoginsNotice({ count: 1, lastAt }));
    const dialog = await screen.findByRole("dialog", { name: "Failed log-in attempts" });
    within(dialog).getByText(/^There was 1 failed log-in attempt on your account/);
  });

  it("leads to the password change", async () => {
    act(() => showFailedLoginsNotice({ count: 3, lastAt }));
    const dialog = await screen.findByRole("dialog", { name: "Failed log-in attempts" });
    act(() => within(dialog).getByRole("button", { name: "Change password" }).click());
    await waitFor(() => expect(navigateTo).toHaveBeenCalledWith(CHANGE_PASSWORD_PATH));
  });

  it("can be dismissed without going anywhere", async () => {
    act(() => showFailedLoginsNotice({ count: 3, lastAt }));
    const dialog = await screen.findByRole("dialog", { name: "Failed log-in attempts" });
    act(() => within(dialog).getByRole("button", { name: "Dismiss" }).click());
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(navigateTo).not.toHaveBeenCalled();
  });
});
