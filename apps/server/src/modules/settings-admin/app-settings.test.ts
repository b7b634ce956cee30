import { SETTING_DEFAULTS, type AdminRole } from "@brokerage/api";
import sharp from "sharp";
import { pngHeaderOnly } from "../../lib/image-fixtures.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, call, registerUser, type TestApp } from "../../../test/helper.js";
import {
  adminCall,
  auditCount,
  createStaff,
  expectOneAuditRow,
  staffLogin,
  unauthorized,
  type StaffLogin,
} from "../staff/testing.js";

let t: TestApp;
const staff = new Map<AdminRole, StaffLogin>();

beforeAll(async () => {
  t = await buildTestApp();
  let address = 0;
  for (const role of ["operator", "support", "reviewer"] as const)
    staff.set(role, await staffLogin(t.app, await createStaff(t.database.db, role), `10.76.${++address}.1`));
});
afterAll(() => t.close());

const as = (role: AdminRole) => staff.get(role)?.headers ?? {};
const set = (key: string, value: unknown, role: AdminRole = "operator") =>
  adminCall(t.app, "config/set", { key, value, reason: "Branding" }, as(role));
const appConfig = async () => {
  const answer = await call(t.app, "common/config", { type: "all" });
  return new Map((answer.data as { name: string; value: string }[]).map((e) => [e.name, e.value]));
};

// A 1×1 PNG and a 1×1 lossy WebP (their headers are what the server reads).
const PNG_1X1 =
  "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=";
const WEBP_1X1 = "data:image/webp;base64,UklGRiQAAABXRUJQVlA4IBgAAAAwAQCdASoBAAEAAwA0JaQAA3AA/vuUAAA=";

/** A real image of `width` × `height` in one colour, as a data URL (a JPEG's bytes named PNG). */
async function imageOf(width: number, height: number, type: "png" | "webp" | "jpeg" = "png") {
  const image = sharp({ create: { width, height, channels: 4, background: "#22aa66" } })
    // A caption in its metadata, which the stored logo must not keep.
    .withExif({ IFD0: { ImageDescription: "sender's secret note" } });
  const bytes = await image[type]().toBuffer();
  return `data:image/${type === "jpeg" ? "png" : type};base64,${bytes.toString("base64")}`;
}

const dataUrl = (png: Buffer) => `data:image/png;base64,${png.toString("base64")}`;

/** What a stored logo data URL holds, read by sharp. */
const readStored = (dataUrl: string) =>
  sharp(Buffer.from(dataUrl.slice(dataUrl.indexOf(",") + 1), "base64")).metadata();

/** A PNG whose header says `width` × `height`, padded to `bytes` with zeros (no image data). */
function pngOf(width: number, height: number, bytes = 64): string {
  const data = Buffer.alloc(bytes);
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]).copy(data, 0);
  data.write("IHDR", 12, "ascii");
  data.writeUInt32BE(width, 16);
  data.writeUInt32BE(height, 20);
  return `data:image/png;base64,${data.toString("base64")}`;
}

describe("the app's settings", () => {
  it("start from their defaults: every language, the built-in logo, no service link", async () => {
    const entries = await appConfig();
    expect(entries.get("title")).toBe("Brokerage");
    expect(entries.get("logo")).toBe("static/logo.svg");
    expect(entries.get("kefu")).toBe("");
    expect(entries.get("languages")).toBe("en,zh,cn,ko,yd");
    expect(SETTING_DEFAULTS["app.kefu"]).toBe("");
  });

  it("are set through config/set, audited, and common/config answers them", async () => {
    for (const [key, value] of [
      ["app.title", "Harbour Securities"],
      ["app.kefu", "https://help.example.com/chat?lang=en"],
      ["app.languages", ["en", "yd"]],
    ] as const) {
      const { result, row } = await expectOneAuditRow(t.database.db, () => set(key, value));
      expect(result, key).toMatchObject({ status: 1, data: { key, value, overridden: true } });
      expect(row).toMatchObject({ action: "config.set", target: `config:${key}`, reason: "Branding" });
    }
    const entries = await appConfig();
    expect(entries.get("title")).toBe("Harbour Securities");
    expect(entries.get("kefu")).toBe("https://help.example.com/chat?lang=en");
    expect(entries.get("languages")).toBe("en,yd");
  });

  it("store a logo as a WebP of the server's own encoding, the size kept, the sender's metadata gone", async () => {
    for (const [sent, width, height] of [
      [WEBP_1X1, 1, 1],
      [PNG_1X1, 1, 1],
      [await imageOf(256, 256), 256, 256],
      [await imageOf(200, 120, "webp"), 200, 120],
    ] as const) {
      const { result } = await expectOneAuditRow(t.database.db, () => set("app.logo", sent));
      const stored = (result.data as { value: string }).value;
      expect(stored).toMatch(/^data:image\/webp;base64,/);
      expect(stored).not.toBe(sent);
      expect((await appConfig()).get("logo")).toBe(stored);
      const read = await readStored(stored);
      expect(read).toMatchObject({ format: "webp", width, height });
      expect(read.exif).toBeUndefined();
    }
  });

  it("audits a logo by its hash, never the image", async () => {
    const logo = await imageOf(128, 64);
    const { row } = await expectOneAuditRow(t.database.db, () => set("app.logo", logo));
    const details = JSON.stringify(row?.details);
    expect(details).not.toContain(logo.slice(22, 80));
    expect(row?.details).toMatchObject({ after: { sha256: expect.stringMatching(/^[0-9a-f]{64}$/) } });
    const reset = await expectOneAuditRow(t.database.db, () =>
      adminCall(t.app, "config/reset", { key: "app.logo", reason: "Built-in again" }, as("operator")),
    );
    expect(reset.row?.details).toMatchObject({ before: { sha256: expect.any(String) }, after: "" });
    expect((await appConfig()).get("logo")).toBe("static/logo.svg");
  });

  it("refuses bad values with their own error, changing nothing", async () => {
    const before = await appConfig();
    const audits = await auditCount(t.database.db);
    for (const [key, value, code, field] of [
      ["app.kefu", "http://help.example.com", "SETTING_LINK_NOT_HTTPS", "value"],
      ["app.kefu", "javascript:alert(1)", "SETTING_LINK_NOT_HTTPS", "value"],
      ["app.kefu", "https://", "SETTING_LINK_NOT_HTTPS", "value"],
      ["app.kefu", "https://user@evil.example", "SETTING_LINK_NOT_HTTPS", "value"],
      // Refused from its header alone (no pixels to decode).
      ["app.logo", dataUrl(pngHeaderOnly(257, 10)), "SETTING_LOGO_TOO_LARGE", "value"],
      ["app.logo", pngOf(16, 16, 70_000), "SETTING_LOGO_TOO_LARGE", "value"],
      ["app.logo", "data:image/gif;base64,R0lGODlhAQABAAAAACw=", "SETTING_LOGO_TYPE", "value"],
      [
        "app.logo",
        "data:image/png;base64,AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA",
        "SETTING_LOGO_TYPE",
        "value",
      ],
      ["app.logo", "https://example.com/logo.png", "SETTING_LOGO_TYPE", "value"],
      // A PNG's header with no image after it: its size is right, but it is no image.
      ["app.logo", pngOf(64, 64, 4000), "SETTING_LOGO_TYPE", "value"],
      // A JPEG's bytes named PNG.
      ["app.logo", await imageOf(16, 16, "jpeg"), "SETTING_LOGO_TYPE", "value"],
      ["app.logo", await imageOf(300, 20), "SETTING_LOGO_TOO_LARGE", "value"],
      ["app.languages", [], "SETTING_LANGUAGES_EMPTY", "value"],
      ["app.languages", ["en", "fr"], "SETTING_LANGUAGE_UNKNOWN", "value.1"],
      ["app.languages", ["en", "en"], "SETTING_LANGUAGE_UNKNOWN", "value"],
      ["app.title", "", "SETTING_TITLE_INVALID", "value"],
      ["app.title", "x".repeat(41), "SETTING_TITLE_INVALID", "value"],
      ["app.title", " Padded", "SETTING_TITLE_INVALID", "value"],
    ] as const)
      expect(await set(key, value), `${key} ${JSON.stringify(value).slice(0, 40)}`).toMatchObject({
        httpStatus: 200,
        status: 0,
        code,
        params: { field },
      });
    expect(await auditCount(t.database.db)).toBe(audits);
    expect(await appConfig()).toEqual(before);
  });

  it("may not be changed by a role without config.manage, nor by a user", async () => {
    const before = await appConfig();
    for (const role of ["support", "reviewer"] as const)
      expect(await set("app.kefu", "https://other.example.com", role)).toMatchObject({
        httpStatus: 403,
        code: "FORBIDDEN",
      });
    const user = await registerUser(t.app);
    expect(
      await adminCall(t.app, "config/set", { key: "app.title", value: "Mine", reason: "x" }, user.headers),
    ).toMatchObject(unauthorized);
    expect(await appConfig()).toEqual(before);
  });
});
