import { afterEach, describe, expect, it, vi } from "vitest";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import type { SupportMessage, SupportThreadDetail } from "@brokerage/api";

vi.mock("../../lib/toast", () => ({ showError: vi.fn(), showSuccess: vi.fn(), showInfo: vi.fn() }));
vi.mock("../../lib/api", async (importOriginal) => ({
  ...(await importOriginal<object>()),
  apiPost: vi.fn(),
}));

import "../../lib/i18n";
import { ApiError } from "../../lib/apiError";
import { formatTimeText } from "../../lib/format";
import { calls, renderRoute, serve, signedInTests } from "../../test/api";
import KefuScreen from "./screens/KefuScreen";

const KEFU_LINK = "https://help.example.com";
const AT = "2026-12-03T10:00:00.000Z";
const DUE = "2026-12-24T10:00:00.000Z";
const ID = "5f0c6c1e-3f4a-4c55-9d9e-2a7f8f1b2c3d";

const message = (over: Partial<SupportMessage>): SupportMessage => ({
  id: crypto.randomUUID(),
  author: "user",
  kind: "text",
  text: "",
  hasImage: false,
  params: {},
  staff: null,
  createdAt: AT,
  ...over,
});
const thread = (over: Partial<SupportThreadDetail> = {}): SupportThreadDetail => ({
  id: ID,
  state: "open",
  subject: "Where is my deposit?",
  unread: 0,
  complaint: null,
  createdAt: AT,
  lastMessageAt: AT,
  messages: [message({ text: "Where is my deposit?" })],
  ...over,
});
const list = (items: SupportThreadDetail[]) => ({
  items: items.map(({ messages: _m, ...rest }) => rest),
  nextCursor: null,
  unread: items.reduce((n, i) => n + i.unread, 0),
});

signedInTests();
afterEach(() => vi.restoreAllMocks());

describe("/home/kefuView", () => {
  it("opens the configured link when there is one", async () => {
    const open = vi.spyOn(window, "open").mockReturnValue(null);
    serve({}, [{ name: "kefu", value: KEFU_LINK }]);
    renderRoute(<KefuScreen />, "/home/kefuView");
    fireEvent.click(await screen.findByRole("button", { name: "Open customer service" }));
    expect(open).toHaveBeenCalledWith(KEFU_LINK, "_blank", "noopener");
    expect(calls("support/threads")).toHaveLength(0);
  });

  it("asks a visitor to log in, returning here", async () => {
    localStorage.clear();
    serve({});
    renderRoute(<KefuScreen />, "/home/kefuView");
    fireEvent.click(await screen.findByRole("button", { name: "Log in to write to us" }));
    expect((await screen.findByTestId("where")).textContent).toBe("/login/login?from=/home/kefuView");
  });

  it("lists the threads with unread answers and the complaint's due date", async () => {
    const complaint = {
      at: AT,
      dueAt: DUE,
      escalatedAt: null,
      answeredAt: null,
      inTime: null,
      outsideRoute: null,
    };
    serve({ "support/threads": list([thread({ unread: 2, complaint })]) });
    renderRoute(<KefuScreen />, "/home/kefuView");
    const row = await screen.findByRole("button", { name: /Where is my deposit\?/ });
    expect(within(row).getByText("New answers: 2")).toBeTruthy();
    expect(within(row).getByText(`Final answer due by ${formatTimeText(DUE)}`)).toBeTruthy();
  });

  it("starts a thread with one key per draft, and shows the answer", async () => {
    const sent = thread();
    serve({
      "support/threads": list([]),
      "support/send": () => sent,
      "support/thread": sent,
    });
    renderRoute(<KefuScreen />, "/home/kefuView");
    expect(await screen.findByText("No conversations yet")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Send" }));
    expect(await screen.findByRole("alert")).toHaveProperty("textContent", "Write a message first");
    expect(calls("support/send")).toHaveLength(0);
    fireEvent.change(screen.getByRole("textbox", { name: "Message" }), {
      target: { value: "Where is my deposit?" },
    });
    fireEvent.click(screen.getByRole("button", { name: "Send" }));
    const log = await screen.findByRole("list", { name: "Conversation" });
    expect(within(log).getByText("Where is my deposit?")).toBeTruthy();
    const [, body] = calls("support/send")[0] ?? [];
    expect(body).toMatchObject({ text: "Where is my deposit?" });
    expect((body as { idempotencyKey: string }).idempotencyKey).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
  });

  it("keeps the key of a draft whose send failed, so the retry is the same message", async () => {
    let attempts = 0;
    serve({
      "support/threads": list([]),
      "support/send": () => {
        attempts += 1;
        if (attempts === 1) throw new Error("lost");
        return thread();
      },
      "support/thread": thread(),
    });
    renderRoute(<KefuScreen />, "/home/kefuView");
    fireEvent.change(await screen.findByRole("textbox", { name: "Message" }), {
      target: { value: "Hello there" },
    });
    fireEvent.click(screen.getByRole("button", { name: "Send" }));
    expect(await screen.findByText("Network error, please try again")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Send" }));
    await screen.findByRole("list", { name: "Conversation" });
    const keys = calls("support/send").map(([, b]) => (b as { idempotencyKey: string }).idempotencyKey);
    expect(keys).toHaveLength(2);
    expect(keys[0]).toBe(keys[1]);
  });

  it("turns a thread into a complaint and shows the due date, the answer with the outside route", async () => {
    const open = thread({
      unread: 1,
      messages: [
        message({ text: "Where is my deposit?" }),
        message({ author: "staff", text: "It is being checked." }),
      ],
    });
    const complaint = {
      at: AT,
      dueAt: DUE,
      escalatedAt: null,
      answeredAt: null,
      inTime: null,
      outsideRoute: null,
    };
    const complained = thread({
      complaint,
      messages: [
        ...open.messages,
        message({ kind: "complaint", text: "Too slow" }),
        message({ author: "system", kind: "complaintAcknowledged", params: { dueAt: DUE, days: "21" } }),
      ],
    });
    serve({
      "support/threads": list([open]),
      "support/thread": open,
      "support/complain": () => complained,
    });
    renderRoute(<KefuScreen />, "/home/kefuView");
    fireEvent.click(await screen.findByRole("button", { name: /Where is my deposit\?/ }));
    const log = await screen.findByRole("list", { name: "Conversation" });
    expect(within(log).getByText("It is being checked.")).toBeTruthy();
    expect(within(log).getByText("Customer service")).toBeTruthy();

    fireEvent.click(screen.getByRole("button", { name: "Make this a complaint" }));
    const sheet = await screen.findByRole("dialog", { name: "Make a complaint" });
    expect(within(sheet).getByText(/regulator's complaint channel/)).toBeTruthy();
    fireEvent.change(within(sheet).getByRole("textbox", { name: "What is your complaint about?" }), {
      target: { value: "Too slow" },
    });
    fireEvent.click(within(sheet).getByRole("button", { name: "Submit complaint" }));
    await waitFor(() => expect(calls("support/complain")).toHaveLength(1));
    expect(calls("support/complain")[0]?.[1]).toEqual({ threadId: ID, text: "Too slow" });
    const card = await screen.findByRole("region", { name: "Complaint" });
    expect(within(card).getByText(`Final answer due by ${formatTimeText(DUE)}`)).toBeTruthy();
    expect(
      screen.getByText(
        `We received your complaint. Our final answer is due by ${formatTimeText(DUE)} (21 days).`,
      ),
    ).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Make this a complaint" })).toBeNull();
  });

  it("shows a final answer with the outside route, and a closed thread takes no more messages", async () => {
    const answered = thread({
      state: "resolved",
      complaint: {
        at: AT,
        dueAt: DUE,
        escalatedAt: null,
        answeredAt: AT,
        inTime: true,
        outsideRoute: "https://scores.sebi.gov.in/",
      },
      messages: [
        message({ text: "Where is my deposit?" }),
        message({
          author: "system",
          kind: "finalAnswer",
          text: "It was credited today.",
          params: { outsideRoute: "https://scores.sebi.gov.in/" },
        }),
      ],
    });
    serve({ "support/threads": list([answered]), "support/thread": answered });
    renderRoute(<KefuScreen />, "/home/kefuView");
    fireEvent.click(await screen.findByRole("button", { name: /Where is my deposit\?/ }));
    expect(await screen.findByRole("heading", { name: "Final answer" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "https://scores.sebi.gov.in/" })).toBeTruthy();
    expect(screen.getByText("This conversation is closed.")).toBeTruthy();
    expect(screen.queryByRole("textbox", { name: "Message" })).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Start a new conversation" }));
    expect(await screen.findByRole("heading", { name: "New conversation" })).toBeTruthy();
  });

  it("shows a refusal in the reader's language", async () => {
    serve({
      "support/threads": list([thread()]),
      "support/thread": thread(),
      "support/send": () => {
        throw new ApiError("SUPPORT_THREAD_CLOSED", {}, "");
      },
    });
    renderRoute(<KefuScreen />, "/home/kefuView");
    fireEvent.click(await screen.findByRole("button", { name: /Where is my deposit\?/ }));
    fireEvent.change(await screen.findByRole("textbox", { name: "Message" }), { target: { value: "More" } });
    fireEvent.click(screen.getByRole("button", { name: "Send" }));
    expect(await screen.findByText("This conversation is closed: start a new one")).toBeTruthy();
  });
});
