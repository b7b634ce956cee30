import { fileURLToPath } from "node:url";
import { ESLint } from "eslint";
import { beforeAll, describe, expect, it } from "vitest";

/**
 * The module boundaries of eslint.config.js, run as `npm run lint` runs them: text linted as if it were a
 * file at the given path, importing real modules of the server. The imported paths must exist, or import-x
 * cannot resolve them and says nothing.
 */
const repoRoot = fileURLToPath(new URL("../../..", import.meta.url));
let eslint: ESLint;
beforeAll(() => {
  eslint = new ESLint({ cwd: repoRoot });
});

async function problems(filePath: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).map((m) => ({ rule: m.ruleId, line: m.line }));
}

const BOUNDARY = "import-x/no-restricted-paths";

describe("server module boundaries", { timeout: 60_000 }, () => {
  it("rejects a module importing another module's inner file", async () => {
    const found = await problems(
      "apps/server/src/modules/bank/probe.ts",
      [
        'import { getSetting } from "../settings/service.js";',
        'import { lockOrder } from "../trading/repository.js";',
        "export const used = [getSetting, lockOrder];",
      ].join("\n"),
    );
    expect(found).toEqual([
      { rule: BOUNDARY, line: 1 },
      { rule: BOUNDARY, line: 2 },
    ]);
  });

  it("accepts the other module's index, and the module's own inner files", async () => {
    const found = await problems(
      "apps/server/src/modules/bank/probe.ts",
      [
        'import { getSetting } from "../settings/index.js";',
        'import { pendingToCard } from "./repository.js";',
        "export const used = [getSetting, pendingToCard];",
      ].join("\n"),
    );
    expect(found).toEqual([]);
  });

  it("lets tests, and only tests, use another module's testing.ts", async () => {
    const code = 'import { staffLogin } from "../staff/testing.js";\nexport const used = staffLogin;';
    expect(await problems("apps/server/src/modules/bank/probe.ts", code)).toEqual([
      { rule: BOUNDARY, line: 1 },
    ]);
    expect(await problems("apps/server/src/modules/bank/probe.test.ts", code)).toEqual([]);
    expect(await problems("apps/server/src/modules/bank/testing.ts", code)).toEqual([]);
  });

  it("keeps lib/ and db/ free of modules", async () => {
    const found = await problems(
      "apps/server/src/lib/probe.ts",
      'import { getSetting } from "../modules/settings/index.js";\nexport const used = getSetting;',
    );
    expect(found).toEqual([{ rule: BOUNDARY, line: 1 }]);
  });

  it("reports an import cycle between modules", async () => {
    // Trading's prices read the settings (trading/pricing.ts): the settings reading trading closes a cycle.
    const found = await problems(
      "apps/server/src/modules/settings/service.ts",
      'import { tradingConfig } from "../trading/index.js";\nexport const used = tradingConfig;',
    );
    expect(found).toEqual([{ rule: "import-x/no-cycle", line: 1 }]);
  });
});
