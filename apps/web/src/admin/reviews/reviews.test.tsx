import type { ReviewItem } from "@brokerage/api";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { asStaff, Bytes, isolateTests, meOf, mockAdminApi, ok, renderAdmin, signIn } from "../test/harness";

const SUBMISSION = "11111111-1111-4111-8111-111111111111";
const kycItem = (overrides: Partial<ReviewItem> = {}): ReviewItem => ({
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
    submissionId: SUBMISSION,
    realName: "Asha Kumar",
    idNumber: "123456*****7",
    state: "under_review",
    submittedAt: "2025-03-01T09:30:00.000Z",
    frontPhoto: "available",
    backPhoto: "available",
  },
  ...overrides,
});

isolateTests();

describe("review queue", { timeout: 30_000 }, () => {
  it("lists a kind's requests, opens one with its KYC photos and rejects it with a required reason", async () => {
    signIn("reviewer");
    const item = kycItem();
    let decided = false;
    const calls = mockAdminApi({
      "auth/me": () => ok(meOf("reviewer")),
      "reviews/summary": () => ok({ kinds: [{ kind: "kyc", pending: 1 }] }),
      "reviews/list": () => ok({ items: decided ? [] : [item], nextCursor: null }),
      "kyc/photo": (body) => new Bytes("image/jpeg", `jpeg-${String(body.side)}`),
      "reviews/decide": (body) => {
        decided = true;
        return ok({ ...item, state: "rejected", reason: body.reason, decidedAt: "2025-03-01T10:00:00.000Z" });
      },
    });
    renderAdmin("/reviews");

    const row = (await screen.findByText("asha_k")).closest("tr");
    expect(row).toBeTruthy();
    expect(within(row as HTMLElement).getByText("Asha Kumar · 123456*****7")).toBeTruthy();
    expect(within(row as HTMLElement).getByText("Pending")).toBeTruthy();
    expect(calls.find((c) => c.path === "reviews/list")?.body).toEqual({ kind: "kyc", state: "pending" });

    fireEvent.click(screen.getByRole("button", { name: "Open the request of asha_k" }));
    const drawer = await screen.findByRole("dialog");
    expect(within(drawer).getByText("Asha Kumar")).toBeTruthy();
    expect(within(drawer).getByText("123456*****7")).toBeTruthy();
    const front = await within(drawer).findByAltText("Front of the ID document");
    expect(front.getAttribute("src")).toMatch(/^data:image\/jpeg;base64,/);
    expect(await within(drawer).findByAltText("Back of the ID document")).toBeTruthy();
    expect(calls.filter((c) => c.path === "kyc/photo").map((c) => c.body)).toEqual(
      expect.arrayContaining([
        { submissionId: SUBMISSION, side: "front" },
        { submissionId: SUBMISSION, side: "back" },
      ]),
    );

    fireEvent.click(within(drawer).getByRole("button", { name: /Reject/ }));
    const modal = (await screen.findByText("Reject the request of asha_k")).closest(
      ".ant-modal",
    ) as HTMLElement;
    fireEvent.click(within(modal).getByRole("button", { name: "Reject" }));
    expect(await within(modal).findByText("Please give a reason")).toBeTruthy();
    expect(calls.some((c) => c.path === "reviews/decide")).toBe(false);

    fireEvent.change(within(modal).getByLabelText("Reason"), { target: { value: "The photo is blurred" } });
    fireEvent.click(within(modal).getByRole("button", { name: "Reject" }));
    await waitFor(() => expect(calls.some((c) => c.path === "reviews/decide")).toBe(true));
    expect(calls.find((c) => c.path === "reviews/decide")?.body).toEqual({
      kind: "kyc",
      id: item.id,
      decision: "reject",
      reason: "The photo is blurred",
    });
    // The queue is asked again: the decided request has left the pending list.
    expect(await screen.findByText("No requests in “Pending”")).toBeTruthy();
  });

  it("shows four-eyes progress and keeps the first approver from approving twice", async () => {
    signIn("reviewer");
    const me = meOf("reviewer");
    mockAdminApi({
      "auth/me": () => ok(me),
      "reviews/summary": () => ok({ kinds: [{ kind: "kyc", pending: 1 }] }),
      "reviews/list": () =>
        ok({
          items: [
            kycItem({
              approvalsNeeded: 2,
              approvals: [{ adminUserId: me.id, at: "2025-03-01T09:40:00.000Z" }],
            }),
          ],
          nextCursor: null,
        }),
      "kyc/photo": () => new Bytes("image/jpeg", "x"),
    });
    renderAdmin("/reviews");
    const row = (await screen.findByText("asha_k")).closest("tr") as HTMLElement;
    expect(within(row).getByText("1 of 2")).toBeTruthy();
    fireEvent.click(within(row).getByRole("button", { name: "Open the request of asha_k" }));
    const drawer = await screen.findByRole("dialog");
    expect(within(drawer).getByText("1 of 2")).toBeTruthy();
    expect(within(drawer).getByText("You")).toBeTruthy();
    expect((within(drawer).getByRole("button", { name: /Approve/ }) as HTMLButtonElement).disabled).toBe(
      true,
    );
  });

  it("pages with load more, following nextCursor", async () => {
    const calls = asStaff("reviewer", "/reviews", {
      "reviews/summary": () => ok({ kinds: [{ kind: "kyc", pending: 2 }] }),
      "reviews/list": (body) =>
        body.cursor === "c1"
          ? ok({
              items: [kycItem({ id: "44444444-4444-4444-8444-444444444444", account: "second" })],
              nextCursor: null,
            })
          : ok({ items: [kycItem()], nextCursor: "c1" }),
    });
    fireEvent.click(await screen.findByRole("button", { name: "Load more" }));
    expect(await screen.findByText("second")).toBeTruthy();
    expect(screen.getByText("asha_k")).toBeTruthy();
    expect(calls.filter((c) => c.path === "reviews/list").map((c) => c.body.cursor)).toEqual([
      undefined,
      "c1",
    ]);
    expect(screen.queryByRole("button", { name: "Load more" })).toBeNull();
  });
});
