import { describe, expect, it } from "vitest";
import { rootFontSize } from "./rootFontSize";

describe("root font size (spec §9)", () => {
  it("is 200/750 of the viewport width", () => {
    expect(rootFontSize(375)).toBe(100);
    expect(rootFontSize(750)).toBe(200);
    expect(rootFontSize(320)).toBeCloseTo(85.333, 3);
  });
  it("treats widths over 750 as 375", () => {
    expect(rootFontSize(751)).toBe(100);
    expect(rootFontSize(1440)).toBe(100);
  });
});
