import type { AdminProof } from "@brokerage/api";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { asStaff, fail, isolateTests, meOf, ok } from "../test/harness";

const hash = (digit: string) => digit.repeat(64);

const daily = (id: string, currency: string, root: string, total: string, leaves: number): AdminProof => ({
  id,
  date: "2026-12-03",
  asOf: "2026-12-03T18:30:00.000Z",
  kind: "daily",
  currency,
  root,
  total,
  leaves,
  chainSeq: "4812",
  builtAt: "2026-12-03T18:30:04.000Z",
  builtBy: null,
});

const DAILY = [
  daily("11111111-1111-4111-8111-111111111111", "INR", hash("a"), "1250000.5", 12),
  daily("11111111-1111-4111-8111-111111111112", "USD", hash("b"), "98765.43210001", 7),
];

/** The tree an administrator builds in the test: theirs, newest. */
const BUILT: AdminProof = {
  id: "22222222-2222-4222-8222-222222222222",
  date: "2026-12-04",
  asOf: "2026-12-04T10:15:00.000Z",
  kind: "staff",
  currency: "USD",
  root: hash("c"),
  total: "99000",
  leaves: 8,
  chainSeq: "4900",
  builtAt: "2026-12-04T10:15:02.000Z",
  builtBy: meOf("administrator").id,
};

isolateTests();

const table = () => screen.findByRole("table", {}, { timeout: 20_000 });

describe("proofs of liabilities", { timeout: 30_000 }, () => {
  it("lists the trees with the exact total, the root to copy and who built them, read-only for support", async () => {
    asStaff("support", "/proofs", { "proofs/list": () => ok({ items: DAILY }) });
    // The total as the tree commits to it, not rounded to the currency's two places.
    const usd = (await screen.findByText("98765.43210001", {}, { timeout: 20_000 })).closest(
      "tr",
    ) as HTMLElement;
    expect(within(await table()).getAllByRole("row")).toContain(usd);
    within(usd).getByText("USD");
    within(usd).getByText("2026-12-03");
    within(usd).getByText("Daily");
    within(usd).getByText("Daily schedule");
    within(usd).getByText("Link 4812");
    within(usd).getByText("bbbbbbbbbb…bbbbbb");
    expect(
      within(usd).getByRole("button", { name: /^Copy the USD root as of 2026-12-0[34],? / }),
    ).toBeTruthy();
    // The as-of instant names its zone.
    expect(within(usd).getByText(/^2026-12-0[34],? \d\d:\d\d:00 (UTC|GMT[+-]\d+(:\d\d)?)$/)).toBeTruthy();
    // What it proves and what not, and how it is checked.
    screen.getByText(/not that it holds the money \(reserves\)/);
    screen.getByText("npm run proof:verify 2026-12-03");
    expect(screen.queryByRole("button", { name: "Build now" })).toBeNull();
    expect(screen.getAllByRole("menuitem").map((m) => m.textContent)).toContain("Proofs of liabilities");
  });

  it("builds after the confirmation, says so, and reads the list again", async () => {
    let built = false;
    const calls = asStaff("administrator", "/proofs", {
      "proofs/list": () => ok({ items: built ? [BUILT, ...DAILY] : DAILY }),
      "proofs/build": () => {
        built = true;
        return ok({ built: true, items: [BUILT] });
      },
    });
    await table();
    fireEvent.click(screen.getByRole("button", { name: "Build now" }));
    const dialog = await screen.findByRole("dialog");
    within(dialog).getByText("Build the proof of liabilities now?");
    within(dialog).getByText(/No balance changes\./);
    within(dialog).getByText(/A second build within the same minute builds nothing/);
    expect(calls.some((c) => c.path === "proofs/build")).toBe(false);

    const listsBefore = calls.filter((c) => c.path === "proofs/list").length;
    fireEvent.click(within(dialog).getByRole("button", { name: "Build now" }));
    await waitFor(() => expect(calls.some((c) => c.path === "proofs/build")).toBe(true));
    expect(calls.find((c) => c.path === "proofs/build")?.body).toEqual({});
    expect(
      await screen.findByText(
        /^Built and published: the trees as of .+ \(USD\) are at the top of the list\.$/,
      ),
    ).toBeTruthy();
    await waitFor(() =>
      expect(calls.filter((c) => c.path === "proofs/list").length).toBeGreaterThan(listsBefore),
    );
    const first = (await screen.findByText("99000")).closest("tr") as HTMLElement;
    // Newest first: the build's tree heads the list.
    expect(within(await table()).getAllByRole("row")[1]).toBe(first);
    within(first).getByText("By staff");
    within(first).getByText("You (administrator1)");
    within(first).getByText("Link 4900");
  });

  it("says when this minute's trees were already built", async () => {
    asStaff("administrator", "/proofs", {
      "proofs/list": () => ok({ items: [BUILT, ...DAILY] }),
      "proofs/build": () => ok({ built: false, items: [BUILT] }),
    });
    await table();
    fireEvent.click(screen.getByRole("button", { name: "Build now" }));
    const dialog = await screen.findByRole("dialog");
    fireEvent.click(within(dialog).getByRole("button", { name: "Build now" }));
    expect(await screen.findByText(/^Already built this minute: the trees as of .+ \(USD\)/)).toBeTruthy();
  });

  it("keeps a refused build in the dialog", async () => {
    asStaff("administrator", "/proofs", {
      "proofs/list": () => ok({ items: DAILY }),
      "proofs/build": () => fail("FORBIDDEN"),
    });
    await table();
    fireEvent.click(screen.getByRole("button", { name: "Build now" }));
    const dialog = await screen.findByRole("dialog");
    fireEvent.click(within(dialog).getByRole("button", { name: "Build now" }));
    expect(await within(dialog).findByRole("alert")).toBeTruthy();
    within(dialog).getByText("Your role does not allow this");
  });

  it("says when no proof has been built yet", async () => {
    asStaff("reviewer", "/proofs", { "proofs/list": () => ok({ items: [] }) });
    expect(await screen.findByText(/^No proof has been built yet\./, {}, { timeout: 20_000 })).toBeTruthy();
    screen.getByText("npm run proof:verify YYYY-MM-DD");
  });
});
