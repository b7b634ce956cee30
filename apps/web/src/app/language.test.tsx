import { afterEach, describe, expect, it, vi } from "vitest";
import { waitFor } from "@testing-library/react";

vi.mock("../lib/api", async (importOriginal) => ({
  ...(await importOriginal<object>()),
  apiPost: vi.fn(),
}));

import { i18n } from "../lib/i18n";
import { renderAt, serve, signedInTests } from "../test/api";
import { offeredLanguage, useOfferedLanguage } from "./language";

function Probe() {
  useOfferedLanguage();
  return null;
}

signedInTests();
afterEach(() => i18n.changeLanguage("en"));

describe("the offered language", () => {
  it("keeps the user's own while offered, else the first offered", () => {
    expect(offeredLanguage("ko", ["en", "ko"])).toBe("ko");
    expect(offeredLanguage("ko", ["cn", "en"])).toBe("cn");
    expect(offeredLanguage("en", [])).toBe("en");
  });

  it("switches a language config no longer offers to the first offered one, and remembers it", async () => {
    localStorage.setItem("lang", "ko");
    serve({}, [{ name: "languages", value: "yd,en" }]);
    renderAt(<Probe />);
    await waitFor(() => expect(i18n.language).toBe("hi"));
    expect(localStorage.getItem("lang")).toBe("yd");
  });

  it("leaves an offered language as it is", async () => {
    localStorage.setItem("lang", "en");
    serve({}, [{ name: "languages", value: "ko,en" }]);
    renderAt(<Probe />);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(localStorage.getItem("lang")).toBe("en");
    expect(i18n.language).toBe("en");
  });
});
