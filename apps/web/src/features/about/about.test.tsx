import { afterEach, describe, expect, it, vi } from "vitest";
import { fireEvent, screen, waitFor } from "@testing-library/react";

vi.mock("../../lib/toast", () => ({ showError: vi.fn(), showSuccess: vi.fn(), showInfo: vi.fn() }));
vi.mock("../../lib/api", async (importOriginal) => ({
  ...(await importOriginal<object>()),
  apiPost: vi.fn(),
}));

import "../../lib/i18n";
import { calls, renderAt, renderRoute, serve, signedInTests } from "../../test/api";
import AboutUsScreen from "./screens/AboutUsScreen";
import CompanyScreen from "./screens/CompanyScreen";

const KEFU_LINK = "https://help.example.com";
const withKefu = [{ name: "kefu", value: KEFU_LINK }];

signedInTests();
afterEach(() => vi.restoreAllMocks());

describe("customer service in about us and company", () => {
  it("leads to the in-app conversation from about us while config has no link", async () => {
    serve({});
    renderRoute(<AboutUsScreen />, "/information/aboutUs");
    fireEvent.click(await screen.findByRole("button", { name: "Customer service" }));
    expect((await screen.findByTestId("where")).textContent).toBe("/home/kefuView");
  });

  it("offers customer service in about us with a configured link, and opens it", async () => {
    const open = vi.spyOn(window, "open").mockReturnValue(null);
    serve({}, withKefu);
    renderAt(<AboutUsScreen />, "/information/aboutUs");
    await waitFor(() => expect(calls("common/config")).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 0));
    fireEvent.click(await screen.findByRole("button", { name: "Customer service" }));
    expect(open).toHaveBeenCalledWith(KEFU_LINK, "_blank", "noopener");
  });

  it("tells the way to customer service on the company page", async () => {
    serve({});
    renderAt(<CompanyScreen />, "/information/company");
    expect(await screen.findByText(/Every screen is backed by real records/)).toBeTruthy();
    expect(screen.getByText("For help, contact customer service from the Account centre.")).toBeTruthy();
    await waitFor(() => expect(calls("common/config")).toHaveLength(1));
  });
});
