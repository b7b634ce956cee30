import type { AdminSupportStats, AdminSupportThreadDetail } from "@brokerage/api";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { asStaff, expectRefusedToReviewer, fail, isolateTests, ok, sentTo } from "../test/harness";

const AT = "2026-12-03T10:00:00.000Z";
const DUE = "2026-12-24T10:00:00.000Z";
const thread: AdminSupportThreadDetail = {
  id: "11111111-1111-4111-8111-111111111111",
  state: "open",
  subject: "Withdrawal refused",
  unread: 2,
  complaint: { at: AT, dueAt: DUE, escalatedAt: AT, answeredAt: null, inTime: null, outsideRoute: null },
  createdAt: AT,
  lastMessageAt: AT,
  userId: "22222222-2222-4222-8222-222222222222",
  userAccount: "priya01",
  assignedTo: null,
  resolvedBy: null,
  resolution: null,
  messages: [
    {
      id: "33333333-3333-4333-8333-333333333333",
      author: "user",
      kind: "text",
      text: "Why was my withdrawal refused?",
      hasImage: false,
      params: {},
      staff: null,
      createdAt: AT,
    },
  ],
};
const stats: AdminSupportStats = {
  openThreads: 4,
  unreadThreads: 2,
  complaints: 3,
  openComplaints: 1,
  escalated: 1,
  answered: 2,
  answeredInTime: 1,
  answerDays: 21,
  escalateDays: 3,
  outsideRoute: "https://scores.sebi.gov.in/",
};
const { messages: _messages, ...row } = thread;

isolateTests();

describe("support inbox", { timeout: 30_000 }, () => {
  it("shows counts, threads with unread and the complaint's clock; answers and closes with a final answer", async () => {
    const calls = asStaff("support", "/support", {
      "support/threads": () => ok({ items: [row], nextCursor: null }),
      "support/stats": () => ok(stats),
      "support/staff": () =>
        ok({ items: [{ id: "00000000-0000-4000-8000-00000000000a", account: "support1" }] }),
      "support/thread": () => ok(thread),
      "support/reply": (body) =>
        ok({
          ...thread,
          messages: [
            ...thread.messages,
            {
              ...thread.messages[0]!,
              id: "44444444-4444-4444-8444-444444444444",
              author: "staff",
              text: body.text,
              staff: "support1",
            },
          ],
        }),
      "support/resolve": (body) =>
        body.reason.length < 20
          ? fail("SUPPORT_FINAL_ANSWER_TOO_SHORT", { minLength: "20" })
          : ok({ ...thread, state: "resolved", resolution: body.reason, resolvedBy: "support1" }),
    });
    expect(await screen.findByText("1 / 2", {}, { timeout: 15_000 })).toBeTruthy();
    expect(screen.getByText(/due 21 days after it is made/)).toBeTruthy();
    const open = await screen.findByRole("button", { name: "Open thread Withdrawal refused of priya01" });
    const tableRow = open.closest("tr") as HTMLElement;
    expect(within(tableRow).getByText("Escalated")).toBeTruthy();
    expect(within(tableRow).getByText("2")).toBeTruthy();
    fireEvent.click(open);
    const log = await screen.findByRole("list", { name: "Conversation" });
    // Read now: the row's unread count goes without reading the list again.
    await waitFor(() => expect(within(tableRow).queryByText("2")).toBeNull());
    expect(within(log).getByText("Why was my withdrawal refused?")).toBeTruthy();

    fireEvent.change(screen.getByRole("textbox", { name: "Answer" }), { target: { value: "Checking now." } });
    fireEvent.click(screen.getByRole("button", { name: "Send answer" }));
    await waitFor(() =>
      expect(sentTo(calls, "support/reply")).toEqual({ threadId: thread.id, text: "Checking now." }),
    );
    expect(await within(log).findByText("Checking now.")).toBeTruthy();

    fireEvent.click(screen.getByRole("button", { name: "Give final answer" }));
    const dialog = await screen.findByRole("dialog");
    expect(within(dialog).getByText(/scores\.sebi\.gov\.in/)).toBeTruthy();
    fireEvent.change(within(dialog).getByRole("textbox", { name: "Final answer" }), {
      target: { value: "Too short" },
    });
    fireEvent.click(within(dialog).getByRole("button", { name: "Send final answer and close" }));
    expect(await within(dialog).findByText(/at least 20 characters/)).toBeTruthy();
    expect(sentTo(calls, "support/resolve")).toBeUndefined();
    const answer = "The refusal was an error; the amount is back in your balance.";
    fireEvent.change(within(dialog).getByRole("textbox", { name: "Final answer" }), {
      target: { value: answer },
    });
    fireEvent.click(within(dialog).getByRole("button", { name: "Send final answer and close" }));
    await waitFor(() =>
      expect(sentTo(calls, "support/resolve")).toEqual({ threadId: thread.id, reason: answer }),
    );
    expect(await screen.findByText("Closed by support1")).toBeTruthy();
  });

  it("is not offered to a role without support.handle", async () => {
    await expectRefusedToReviewer("/support", "Support inbox");
  });
});
