import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readEnv } from "../../env.js";
import { buildTestApp, type TestApp } from "../../../test/helper.js";
import { adminCall, appCode, createStaff, staffLogin } from "./testing.js";

let t: TestApp;
let address = 0;
const nextAddress = () => `10.75.${++address}.1`;

beforeAll(async () => {
  t = await buildTestApp({ adminRequire2fa: true });
});
afterAll(() => t.close());

const enrolmentRequired = { httpStatus: 200, status: 0, code: "TOTP_ENROLMENT_REQUIRED" };

describe("ADMIN_REQUIRE_2FA=true", () => {
  it("reads the variable as true or false, refusing anything else", () => {
    expect(readEnv({}).adminRequire2fa).toBe(false);
    expect(readEnv({ ADMIN_REQUIRE_2FA: "true" }).adminRequire2fa).toBe(true);
    expect(readEnv({ ADMIN_REQUIRE_2FA: "false" }).adminRequire2fa).toBe(false);
    expect(() => readEnv({ ADMIN_REQUIRE_2FA: "yes" })).toThrow("ADMIN_REQUIRE_2FA");
  });

  it("lets an administrator without two-step log-in only reach their own account until enrolled", async () => {
    const staff = await createStaff(t.database.db, "administrator");
    const session = await staffLogin(t.app, staff, nextAddress());
    expect(await adminCall(t.app, "auth/me", {}, session.headers)).toMatchObject({
      status: 1,
      data: { totpEnabled: false, totpRequired: true },
    });
    for (const route of ["users/search", "staff/list", "audit/list", "reviews/summary"])
      expect(await adminCall(t.app, route, {}, session.headers), route).toMatchObject(enrolmentRequired);

    const enrolment = await adminCall(t.app, "auth/enrollTotp", {}, session.headers);
    const { secret } = enrolment.data as { secret: string };
    expect(
      await adminCall(t.app, "auth/confirmTotp", { otp: appCode(secret, t.clock.now()) }, session.headers),
    ).toMatchObject({ status: 1 });
    expect(await adminCall(t.app, "auth/me", {}, session.headers)).toMatchObject({
      data: { totpEnabled: true, totpRequired: false },
    });
    expect(await adminCall(t.app, "staff/list", {}, session.headers)).toMatchObject({ status: 1 });
  });

  it("does not apply to other roles", async () => {
    const session = await staffLogin(t.app, await createStaff(t.database.db, "operator"), nextAddress());
    expect(await adminCall(t.app, "auth/me", {}, session.headers)).toMatchObject({
      data: { totpRequired: false },
    });
    expect(await adminCall(t.app, "users/search", {}, session.headers)).toMatchObject({ status: 1 });
  });

  it("still lets the administrator log out", async () => {
    const session = await staffLogin(t.app, await createStaff(t.database.db, "administrator"), nextAddress());
    expect(await adminCall(t.app, "auth/logout", {}, session.headers)).toMatchObject({ status: 1 });
  });
});
