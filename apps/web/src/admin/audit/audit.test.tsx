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
