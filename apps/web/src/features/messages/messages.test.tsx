import { describe, expect, it, vi } from "vitest";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import type { Message } from "@brokerage/api";

vi.mock("../../lib/toast", () => ({ showError: vi.fn(), showSuccess: vi.fn(), showInfo: vi.fn() }));
vi.mock("../../lib/api", async (importOriginal) => ({
  ...(await importOriginal<object>()),
  apiPost: vi.fn(),
}));

import "../../lib/i18n";
import { calls, renderRoute, serve, signedInTests } from "../../test/api";
import { MESSAGE_KEY } from "./message";
import InboxScreen from "./screens/InboxScreen";
import MessageScreen from "./screens/MessageScreen";

const ID = "7b6a5c4d-3e2f-4a1b-9c8d-7e6f5a4b3c2d";
const rejected: Message = {
  id: ID,
  kind: "kycRejected",
  params: { reason: "The photo is blurred" },
  createdAt: "2026-01-05T07:30:00.000Z",
  read: false,
};

signedInTests();

describe("the inbox and one message (no route parameters, spec §2)", () => {
  it("opens a message at /information/msgInfo, remembering which in local storage", async () => {
    serve({ "message/list": { items: [rejected], nextCursor: null }, "message/unreadCount": { count: 1 } });
    renderRoute(<InboxScreen />, "/information/userInfo");
    const inbox = await screen.findByRole("list", { name: "Messages" });
    fireEvent.click(within(inbox).getByRole("button", { name: /Identity verification not approved/ }));
    await waitFor(() => expect(screen.getByTestId("where").textContent).toBe("/information/msgInfo"));
    expect(localStorage.getItem(MESSAGE_KEY)).toBe(ID);
  });

  it("shows the stored message and marks it read", async () => {
    localStorage.setItem(MESSAGE_KEY, ID);
    serve({ "message/read": { ...rejected, read: true }, "message/unreadCount": { count: 0 } });
    renderRoute(<MessageScreen />, "/information/msgInfo");
    const article = (
      await screen.findByRole("heading", { name: "Identity verification not approved" })
    ).closest("article")!;
    expect(
      within(article).getByText("Reason: The photo is blurred. Please correct it and submit again."),
    ).toBeTruthy();
    expect(calls("message/read")[0]?.[1]).toEqual({ id: ID });
  });

  it("asks to choose a message when none was stored, reading nothing", () => {
    serve({});
    renderRoute(<MessageScreen />, "/information/msgInfo");
    expect(screen.getByText("No message chosen")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Back to the messages" }).getAttribute("href")).toBe(
      "/information/userInfo",
    );
    expect(calls("message/read")).toHaveLength(0);
  });
});
