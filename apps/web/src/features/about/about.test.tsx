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
import KefuScreen from "./screens/KefuScreen";

const KEFU_LINK = "https://help.example.com";
const withKefu = [{ name: "kefu", value: KEFU_LINK }];

signedInTests();
afterEach(() => vi.restoreAllMocks());

describe("customer service in about us, company and /home/kefuView", () => {
  it("leaves customer service out of about us while config has no link", async () => {
    serve({});
    renderAt(<AboutUsScreen />, "/information/aboutUs");
    expect(await screen.findByRole("button", { name: "Privacy policy" })).toBeTruthy();
    await waitFor(() => expect(calls("common/config")).toHaveLength(1));
    expect(screen.queryByRole("button", { name: "Customer service" })).toBeNull();
  });

  it("offers customer service in about us with a configured link, and opens it", async () => {
    const open = vi.spyOn(window, "open").mockReturnValue(null);
    serve({}, withKefu);
    renderAt(<AboutUsScreen />, "/information/aboutUs");
    fireEvent.click(await screen.findByRole("button", { name: "Customer service" }));
    expect(open).toHaveBeenCalledWith(KEFU_LINK, "_blank", "noopener");
  });

  it("tells the way to customer service on the company page only while it has a link", async () => {
    const help = "For help, contact customer service from the Account centre.";
    serve({});
    const first = renderAt(<CompanyScreen />, "/information/company");
    expect(await screen.findByText(/Every screen is backed by real records/)).toBeTruthy();
    expect(screen.queryByText(help)).toBeNull();
    first.unmount();
    serve({}, withKefu);
    renderAt(<CompanyScreen />, "/information/company");
    expect(await screen.findByText(help)).toBeTruthy();
  });

  it("gives way to home at /home/kefuView while config has no link", async () => {
    serve({});
    renderRoute(<KefuScreen />, "/home/kefuView");
    expect((await screen.findByTestId("where")).textContent).toBe("/home/index");
  });

  it("opens the configured link from /home/kefuView", async () => {
    const open = vi.spyOn(window, "open").mockReturnValue(null);
    serve({}, withKefu);
    renderRoute(<KefuScreen />, "/home/kefuView");
    fireEvent.click(await screen.findByRole("button", { name: "Open customer service" }));
    expect(open).toHaveBeenCalledWith(KEFU_LINK, "_blank", "noopener");
  });
});
