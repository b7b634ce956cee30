import { AUDIT_ACTIONS } from "@brokerage/api";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import en from "../locales/en.json";
import hi from "../locales/hi.json";
import ko from "../locales/ko.json";
import zhCN from "../locales/zh-CN.json";
import zhTW from "../locales/zh-TW.json";
import { isolateTests, meOf, mockAdminApi, ok, renderAdmin, signIn } from "../test/harness";
import { ACTION_COLORS } from "./columns";

const groups = [...new Set(AUDIT_ACTIONS.map((action) => action.split(".")[0] ?? ""))];

isolateTests();

describe("the audit log's groups of actions", { timeout: 30_000 }, () => {
  it("gives every group of actions the server writes a colour and a name in every language", () => {
    expect(groups).toEqual(
      expect.arrayContaining(["staff", "review", "user", "config", "ipo", "news", "read"]),
    );
    for (const group of groups) {
      expect(ACTION_COLORS[group], group).toBeTruthy();
      for (const locale of [en, zhTW, zhCN, ko, hi]) {
        const names = locale.audit.group as Record<string, string>;
        expect(names[group], group).toBeTruthy();
      }
    }
  });

  it("offers each group in the action filter and filters by its prefix", async () => {
    const calls = mockAdminApi({
      "auth/me": () => ok(meOf("administrator")),
      "audit/list": () => ok({ items: [], nextCursor: null }),
    });
    signIn("administrator");
    renderAdmin("/audit");
    const action = await screen.findByRole("combobox", { name: "Action" });
    fireEvent.mouseDown(action);
    fireEvent.click(await screen.findByText("All news changes"));
    fireEvent.click(screen.getByRole("button", { name: /Filter/ }));
    await waitFor(() =>
      expect(calls.filter((c) => c.path === "audit/list").at(-1)?.body).toMatchObject({ action: "news." }),
    );
    expect(within(document.body).queryByText("audit.group.news")).toBeNull();
  });

  it("names every staff read, reveal and refusal in every language", () => {
    const audited = AUDIT_ACTIONS.filter(
      (a) => a.startsWith("read.") || a === "user.reveal" || a === "staff.forbidden",
    );
    expect(audited.length).toBeGreaterThan(8);
    for (const action of audited) {
      const [group = "", name = ""] = action.split(".");
      for (const locale of [en, zhTW, zhCN, ko, hi]) {
        const names = locale.auditActions as Record<string, Record<string, string> | undefined>;
        expect(names[group]?.[name], action).toBeTruthy();
      }
    }
  });

  it("shows staff reads in their own colour and group, and a refused attempt in red", async () => {
    const entry = (action: string, id: string) => ({
      id,
      createdAt: "2026-11-23T08:00:00.000Z",
      adminUserId: "11111111-1111-4111-8111-111111111111",
      actor: "rita",
      action,
      target: action === "staff.forbidden" ? "route:/api/admin/users/adjust" : "user:u1",
      reason: null,
      details: {},
    });
    const calls = mockAdminApi({
      "auth/me": () => ok(meOf("administrator")),
      "audit/list": () =>
        ok({
          items: [entry("read.userDetail", "a1"), entry("staff.forbidden", "a2"), entry("user.reveal", "a3")],
          nextCursor: null,
        }),
    });
    signIn("administrator");
    renderAdmin("/audit");
    const read = await screen.findByText("User detail opened");
    expect(read.closest(".ant-tag")?.className).toContain("ant-tag-lime");
    expect(screen.getByText("Refused: no permission").closest(".ant-tag")?.className).toContain(
      "ant-tag-red",
    );
    expect(screen.getByText("Full number shown").closest(".ant-tag")?.className).toContain("ant-tag-purple");
    fireEvent.mouseDown(await screen.findByRole("combobox", { name: "Action" }));
    fireEvent.click(await screen.findByText("All staff reads"));
    fireEvent.click(screen.getByRole("button", { name: /Filter/ }));
    await waitFor(() =>
      expect(calls.filter((c) => c.path === "audit/list").at(-1)?.body).toMatchObject({ action: "read." }),
    );
  });
});

describe("the audit log in words", { timeout: 30_000 }, () => {
  const row = (over: Record<string, unknown>) => ({
    id: "e1",
    createdAt: "2026-11-23T08:00:00.000Z",
    adminUserId: "11111111-1111-4111-8111-111111111111",
    actor: "rita",
    actorRole: "reviewer",
    action: "review.approve",
    target: "review:22222222-2222-4222-8222-222222222222",
    reason: null,
    details: {},
    object: { kind: "review", id: "22222222-2222-4222-8222-222222222222", name: null, review: null },
    ...over,
  });

  it("shows the actor with their role, the action, the object and a refused log-in's code in words", async () => {
    mockAdminApi({
      "auth/me": () => ok(meOf("administrator")),
      "audit/list": () =>
        ok({
          items: [
            row({
              object: {
                kind: "review",
                id: "22222222-2222-4222-8222-222222222222",
                name: null,
                review: { kind: "withdrawal", seq: 42, userId: "u1", userAccount: "13800001234" },
              },
            }),
            row({
              id: "e2",
              actor: "mallory",
              adminUserId: null,
              actorRole: null,
              action: "staff.loginFailed",
              target: "staff:unknown",
              reason: "WRONG_CREDENTIALS",
              details: { ip: "10.0.0.1" },
              object: { kind: "staff", id: "unknown", name: null, review: null },
            }),
            row({
              id: "e3",
              action: "config.set",
              target: "config:trading.US",
              object: { kind: "config", id: "trading.US", name: null, review: null },
            }),
            row({
              id: "e4",
              adminUserId: null,
              actor: "system",
              actorRole: null,
              action: "institution.bootstrap",
              target: "institution:CODE",
              object: { kind: "institution", id: "CODE", name: null, review: null },
            }),
          ],
          nextCursor: null,
        }),
    });
    signIn("administrator");
    renderAdmin("/audit");
    expect(await screen.findByText("Withdrawal #42 · user 13800001234")).toBeTruthy();
    expect(screen.getAllByText("Reviewer").length).toBeGreaterThan(0);
    expect(screen.getByText("Review approved")).toBeTruthy();
    expect(screen.getByText(en.errors.WRONG_CREDENTIALS)).toBeTruthy();
    expect(screen.queryByText("WRONG_CREDENTIALS")).toBeNull();
    expect(screen.getByText("Setting trading.US")).toBeTruthy();
    expect(screen.getByText("First institution created")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Details of “Log-in failed”" }));
    const drawer = await screen.findByRole("dialog");
    expect(within(drawer).getByText("staff:unknown")).toBeTruthy();
    expect(within(drawer).getByText(/10\.0\.0\.1/)).toBeTruthy();
  });

  it("filters by role, by a user (bare or as a target) and by the start of an object", async () => {
    const calls = mockAdminApi({
      "auth/me": () => ok(meOf("administrator")),
      "audit/list": () => ok({ items: [], nextCursor: null }),
    });
    signIn("administrator");
    renderAdmin("/audit");
    fireEvent.mouseDown(await screen.findByRole("combobox", { name: "Role" }));
    fireEvent.click(await screen.findByTitle("Operator"));
    const userId = "33333333-3333-4333-8333-333333333333";
    fireEvent.change(screen.getByRole("textbox", { name: "User" }), { target: { value: `user:${userId}` } });
    fireEvent.change(screen.getByRole("textbox", { name: /Target/ }), { target: { value: "review:" } });
    fireEvent.click(screen.getByRole("button", { name: /Filter/ }));
    await waitFor(() =>
      expect(calls.filter((c) => c.path === "audit/list").at(-1)?.body).toEqual({
        role: "operator",
        user: userId,
        targetPrefix: "review:",
      }),
    );
    fireEvent.change(screen.getByRole("textbox", { name: "User" }), { target: { value: "13800001234" } });
    fireEvent.click(screen.getByRole("button", { name: /Filter/ }));
    expect(await screen.findByText(en.audit.userInvalid)).toBeTruthy();
  });
});
