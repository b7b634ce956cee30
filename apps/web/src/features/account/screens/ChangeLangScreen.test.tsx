import { describe, expect, it, vi } from "vitest";
import { screen, waitFor } from "@testing-library/react";

vi.mock("../../../lib/toast", () => ({ showError: vi.fn(), showSuccess: vi.fn(), showInfo: vi.fn() }));
vi.mock("../../../lib/api", async (importOriginal) => ({
  ...(await importOriginal<object>()),
  apiPost: vi.fn(),
}));

import "../../../lib/i18n";
import { calls, renderAt, serve, signedInTests } from "../../../test/api";
import ChangeLangScreen from "./ChangeLangScreen";

signedInTests();

const radios = async () => {
  const list = await screen.findAllByRole("radio");
  return list.map((radio) => ({
    name: radio.closest("label")?.textContent,
    checked: (radio as HTMLInputElement).checked,
  }));
};

describe("/information/changeLang", () => {
  it("offers only the languages config lists, in its order", async () => {
    serve({}, [{ name: "languages", value: "yd,en" }]);
    renderAt(<ChangeLangScreen />, "/information/changeLang");
    // The defaults are all five: only once config is in are there two, in config's order.
    await waitFor(
      async () =>
        expect(await radios()).toEqual([
          { name: "हिन्दी", checked: false },
          { name: "English", checked: true },
        ]),
      { timeout: 5000 },
    );
  });

  it("shows the first offered language as chosen when the user's own is not offered", async () => {
    localStorage.setItem("lang", "ko");
    serve({}, [{ name: "languages", value: "cn,zh" }]);
    renderAt(<ChangeLangScreen />, "/information/changeLang");
    await waitFor(
      async () =>
        expect(await radios()).toEqual([
          { name: "简体中文", checked: true },
          { name: "繁體中文", checked: false },
        ]),
      { timeout: 5000 },
    );
  });

  it("offers all five languages when config lists none", async () => {
    serve({});
    renderAt(<ChangeLangScreen />, "/information/changeLang");
    await waitFor(() => expect(calls("common/config")).toHaveLength(1));
    expect((await radios()).map((r) => r.name)).toEqual([
      "English",
      "繁體中文",
      "简体中文",
      "한국어",
      "हिन्दी",
    ]);
  });
});
