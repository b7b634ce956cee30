import { describe, expect, it } from "vitest";
import { logoUrlOf, parseConfig } from "./config";

describe("config", () => {
  it("reads kefu, title, logo and the offered languages", () => {
    const config = parseConfig([
      { name: "kefu", value: "https://help.example.com" },
      { name: "title", value: "Broker" },
      { name: "logo", value: "/api/uploads/logo.png" },
      { name: "languages", value: "en, yd,xx,ko" },
    ]);
    expect(config.kefu).toBe("https://help.example.com");
    expect(config.title).toBe("Broker");
    expect(config.logoUrl).toBe("/api/uploads/logo.png");
    expect(config.languages).toEqual(["en", "yd", "ko"]);
  });
  it("keeps only an https customer-service link: empty, a path or another scheme is no link", () => {
    const kefu = (value: string) => parseConfig([{ name: "kefu", value }]).kefu;
    expect(kefu("")).toBeUndefined();
    expect(kefu("/api/static/support.html")).toBeUndefined();
    expect(kefu("javascript:alert(1)")).toBeUndefined();
    expect(kefu("http://help.example.com")).toBeUndefined();
    expect(kefu(" https://help.example.com/chat ")).toBe("https://help.example.com/chat");
    expect(parseConfig([]).kefu).toBeUndefined();
  });
  it("offers en, zh and ko when config lists none", () => {
    expect(parseConfig([]).languages).toEqual(["en", "zh", "cn", "ko", "yd"]);
  });
  it("prefixes a relative logo with the image base path", () => {
    expect(logoUrlOf("uploads/logo.png")).toBe("/api/uploads/logo.png");
    expect(logoUrlOf("https://cdn.example.com/l.png")).toBe("https://cdn.example.com/l.png");
  });
});
