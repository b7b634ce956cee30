import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import {
  api,
  browserAvailable,
  expectAccessible,
  phoneLogin,
  registerUser,
  reopen,
  shoot,
  smallTargets,
  staffSession,
  startHarness,
  verifiedUser,
  waitForHash,
  type CspWatch,
  type Harness,
} from "./harness";

const run = browserAvailable();

/**
 * The proof-of-balances journey at 390 × 844 (docs/honesty.md): two users have money (250 and 40 USD,
 * adjusted in by staff); a minute later staff build the proof of liabilities. A visitor opens the proof
 * page before logging in and sees the published USD total of 290.00; the user logs in, opens it from the
 * account centre, and sees their balance of 250.00 USD verified in the browser against the published root,
 * with the leaf and the path in the details.
 */
describe.skipIf(!run)("proof journey: the proof of your balance, verified in the browser", () => {
  let harness: Harness;
  let page: Page;
  let csp: CspWatch;
  const suffix = Date.now().toString().slice(-6);
  const account = `proof${suffix}`;
  const password = "Proof-pass-2026";
  const realName = "Meera Iyer";

  beforeAll(async () => {
    harness = await startHarness();
    const base = harness.baseUrl;
    const staff = await staffSession(base);
    await verifiedUser(base, staff, { account, password, realName });
    const other = `proofb${suffix}`;
    await registerUser(base, { account: other, password });
    for (const [who, amount] of [
      [account, "250"],
      [other, "40"],
    ] as const) {
      const found = await api(base, "admin/users/search", { q: who }, staff);
      const userId = (found.items as { id: string; account: string }[]).find((u) => u.account === who)?.id;
      if (!userId) throw new Error(`user ${who} not found`);
      await api(
        base,
        "admin/users/adjust",
        {
          userId,
          currency: "USD",
          amount,
          reason: "E2E: funds for the proof",
          idempotencyKey: `adj-e2e-proof-${who}`,
        },
        staff,
      );
    }
    // A proof is of the minute it is built in: what was booked before it.
    await harness.advanceClock(61_000);
    await api(base, "admin/proofs/build", {}, staff);
    ({ page, csp } = await harness.phonePage());
  });

  afterAll(async () => {
    await harness?.close();
  });

  it("a visitor sees the published totals before logging in", async () => {
    await reopen(page, harness.baseUrl, "#/information/proof");
    const published = page.getByRole("region", { name: "Published totals" });
    await published.getByText("290.00", { exact: true }).waitFor();
    await published.getByText("Balances counted: 2").waitFor();
    await page.getByRole("button", { name: "Log in to check my balance" }).waitFor();
    await expectAccessible(page, "proof (visitor)");
    await shoot(page, "proof-01-public");
  });

  it("the user opens it from the account centre and sees their balance verified in the browser", async () => {
    await phoneLogin(page, harness.baseUrl, { account, password, name: realName });
    await reopen(page, harness.baseUrl, "#/information/index");
    await page.getByRole("button", { name: "Proof of balances" }).click();
    await waitForHash(page, "#/information/proof");
    const mine = page.getByRole("region", { name: "Your USD balance" });
    await mine.getByText("250.00 USD").waitFor();
    const verdict = mine.getByRole("status");
    await verdict
      .getByText(/^Verified in your browser: your USD balance on \d{4}-\d{2}-\d{2} is included/)
      .waitFor();
    await mine.getByText("Leaf and path details").click();
    await mine.getByText("Steps from your leaf to the root: 1").waitFor();
    await mine.getByText("Your leaf", { exact: true }).waitFor();
    expect(await smallTargets(mine)).toEqual([]);
    await expectAccessible(page, "proof (signed in)");
    await shoot(page, "proof-02-verified");
    expect(csp.list()).toEqual([]);
  });
});
