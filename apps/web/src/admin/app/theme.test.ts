import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import { ANTD_CSS_VAR_KEY } from "./theme";

describe("antd zero-runtime theme", () => {
  it("uses the class antd's prebuilt sheet scopes its design tokens to", () => {
    // Without it every component would render unstyled: this catches an antd upgrade that renames it.
    const sheet = readFileSync(createRequire(import.meta.url).resolve("antd/dist/antd.css"), "utf8");
    expect(sheet).toMatch(new RegExp(`\\.${ANTD_CSS_VAR_KEY}\\{[^}]*--ant-color-primary:`));
    expect(sheet).toContain(`.${ANTD_CSS_VAR_KEY}.ant-btn`);
  });
});
