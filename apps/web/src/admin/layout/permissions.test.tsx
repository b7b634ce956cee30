import { ADMIN_ROLES, ROLE_PERMISSIONS } from "@brokerage/api";
import { fireEvent, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { isolateTests, meOf, mockAdminApi, ok, renderAdmin, signIn } from "../test/harness";
import { NAV_ITEMS } from "./nav";

const pendingItem = {
  id: "22222222-2222-4222-8222-222222222222",
  kind: "kyc",
  state: "pending",
  userId: "33333333-3333-4333-8333-333333333333",
  account: "asha_k",
  createdAt: "2025-03-01T09:30:00.000Z",
  decidedAt: null,
  reason: null,
  approvals: [],
  approvalsNeeded: 1,
  subject: {
    submissionId: "11111111-1111-4111-8111-111111111111",
    realName: "Asha Kumar",
    idNumber: "1234*7",
  },
};

function api(role: (typeof ADMIN_ROLES)[number]) {
  return mockAdminApi({
    "auth/me": () => ok(meOf(role)),
    "reviews/summary": () => ok({ kinds: [{ kind: "kyc", pending: 1 }] }),
    "reviews/list": () => ok({ items: [pendingItem], nextCursor: null }),
    "users/search": () => ok({ items: [], nextCursor: null }),
    "staff/list": () => ok({ items: [] }),
    "audit/list": () => ok({ items: [], nextCursor: null }),
    "support/threads": () => ok({ items: [], nextCursor: null }),
    "support/stats": () =>
      ok({
        openThreads: 0,
        unreadThreads: 0,
        complaints: 0,
        openComplaints: 0,
        escalated: 0,
        answered: 0,
        answeredInTime: 0,
        answerDays: 21,
        escalateDays: 3,
        outsideRoute: "https://scores.sebi.gov.in/",
      }),
  });
}

isolateTests();

describe("what a role may use", { timeout: 30_000 }, () => {
  it.each(ADMIN_ROLES)("the %s sees exactly the menu entries of its permissions", async (role) => {
    signIn(role);
    api(role);
    renderAdmin("/");
    const menu = await screen.findByRole("navigation", { name: "Main menu" });
    const expected = NAV_ITEMS.filter(
      (i) => !i.permission || ROLE_PERMISSIONS[role].includes(i.permission),
    ).map((i) => i.labelKey);
    const labels: Record<string, string> = {
      "nav.reviews": "Review queue",
      "nav.users": "Users",
      "nav.staff": "Staff",
      "nav.audit": "Audit log",
      "nav.proofs": "Proofs of liabilities",
      "nav.config": "Configuration",
      "nav.channels": "Deposit channels",
      "nav.blockTrades": "Block trades",
      "nav.placements": "Placements",
      "nav.follow": "Copy products",
      "nav.ipos": "IPOs",
      "nav.news": "News",
      "nav.support": "Support inbox",
      "nav.security": "Two-step log-in",
    };
    const shown = within(menu)
      .getAllByRole("menuitem")
      .map((item) => item.textContent);
    expect(shown).toEqual(expected.map((key) => labels[key]));
  });

  it("hides staff management and the audit log from support, and says so at their address", async () => {
    signIn("support");
    api("support");
    renderAdmin("/staff");
    expect(await screen.findByText("Not available to your role")).toBeTruthy();
    const menu = screen.getByRole("navigation", { name: "Main menu" });
    expect(within(menu).queryByText("Staff")).toBeNull();
    expect(within(menu).queryByText("Audit log")).toBeNull();
  });

  it("shows a pending request to support without the decision buttons", async () => {
    signIn("support");
    api("support");
    renderAdmin("/reviews");
    fireEvent.click(await screen.findByRole("button", { name: "Open the request of asha_k" }));
    const drawer = await screen.findByRole("dialog");
    expect(within(drawer).getByText("Your role can see this request but not decide it.")).toBeTruthy();
    expect(within(drawer).queryByRole("button", { name: /Approve/ })).toBeNull();
    expect(within(drawer).queryByRole("button", { name: /Reject/ })).toBeNull();
    // Nor the photos: support lacks kyc.photos.
    expect(within(drawer).getByText("Your role cannot view ID photos.")).toBeTruthy();
  });
});
