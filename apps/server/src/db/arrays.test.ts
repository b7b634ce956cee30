import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { arrayLiteral, jsonArrayLiteral } from "./arrays.js";

describe("arrayLiteral", () => {
  it("quotes every element, escapes backslashes and double quotes, and writes NULL for null", () => {
    expect(arrayLiteral(["a", 'say "hi"', "C:\\dir\\", null, 3, ""])).toBe(
      '{"a","say \\"hi\\"","C:\\\\dir\\\\",NULL,"3",""}',
    );
  });

  it("writes an empty array as {}", () => {
    expect(arrayLiteral([])).toBe("{}");
  });

  it("escapes a backslash before a quote, and a quote after a backslash, each on its own", () => {
    expect(arrayLiteral(['\\"', '"\\', "\\\\", '""'])).toBe('{"\\\\\\"","\\"\\\\","\\\\\\\\","\\"\\""}');
  });

  it("writes a JSON text so that PostgreSQL reads the same text back", () => {
    const json = JSON.stringify({ name: 'a "b"', path: "C:\\x", line: "1\n2", none: null, n: -1.5 });
    expect(arrayLiteral([json])).toBe(`{"${json.replace(/[\\"]/g, (c) => `\\${c}`)}"}`);
    expect(unquote(arrayLiteral([json]))).toBe(json);
  });

  it("writes numbers as JavaScript prints them", () => {
    expect(arrayLiteral([0, -7, 1.25, 1e21])).toBe('{"0","-7","1.25","1e+21"}');
  });
});

/** The one element of a one-element array literal, as PostgreSQL reads a quoted element. */
function unquote(literal: string): string {
  const quoted = literal.slice(2, -2);
  return quoted.replace(/\\(.)/gs, "$1");
}

describe("jsonArrayLiteral", () => {
  const asText = (values: readonly object[]) => arrayLiteral(values.map((v) => JSON.stringify(v)));

  it("writes each value's JSON text as arrayLiteral writes it", () => {
    const values = [
      { id: "a", note: 'say "hi"', path: "C:\\dir\\", none: null, n: -1.5, yes: true, list: [1, "x"] },
      { controls: "tab\there, line\nbreak, nul\u0000, unit\u001f, delete\u007f" },
      { unicode: "é 日本 😀 \u2028 \u2029", lone: "\ud800 and \udfff" },
      {},
      [],
    ];
    expect(jsonArrayLiteral(values)).toBe(asText(values));
    expect(jsonArrayLiteral([])).toBe("{}");
  });

  it("agrees with arrayLiteral for any JSON value with any characters", () => {
    const anyChar = fc.integer({ min: 0, max: 0xffff }).map((code) => String.fromCharCode(code));
    const text = fc.string({ unit: fc.oneof(anyChar, fc.constantFrom('"', "\\", "\n", "\u0000")) });
    const value = fc.dictionary(
      text,
      fc.oneof(text, fc.double(), fc.boolean(), fc.constant(null), fc.array(text)),
    );
    fc.assert(
      fc.property(fc.array(value, { maxLength: 4 }), (values) => {
        expect(jsonArrayLiteral(values)).toBe(asText(values));
      }),
      { numRuns: 2000 },
    );
  });
});
