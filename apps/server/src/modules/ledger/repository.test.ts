import { describe, expect, it } from "vitest";
import { arrayLiteral } from "./repository.js";

describe("arrayLiteral", () => {
  it("quotes every element, escapes backslashes and double quotes, and writes NULL for null", () => {
    expect(arrayLiteral(["a", 'say "hi"', "C:\\dir\\", null, 3, ""])).toBe(
      '{"a","say \\"hi\\"","C:\\\\dir\\\\",NULL,"3",""}',
    );
  });

  it("writes an empty array as {}", () => {
    expect(arrayLiteral([])).toBe("{}");
  });
});
