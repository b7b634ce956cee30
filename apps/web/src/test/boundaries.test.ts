// @vitest-environment node
import { fileURLToPath } from "node:url";
import { ESLint } from "eslint";
import { beforeAll, describe, expect, it } from "vitest";

/**
 * The feature boundaries of eslint.config.js, run as `npm run lint` runs them: text linted as if it were a
 * file at the given path, importing real modules of the app. The imported paths must exist, or import-x
 * cannot resolve them and says nothing.
 */
const repoRoot = fileURLToPath(new URL("../../../..", import.meta.url));
let eslint: ESLint;
beforeAll(() => {
  eslint = new ESLint({ cwd: repoRoot });
});

async function problems(filePath: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).map((m) => ({ rule: m.ruleId, line: m.line }));
}

const BOUNDARY = "import-x/no-restricted-paths";

describe("web feature boundaries", { timeout: 60_000 }, () => {
  it("rejects a feature importing another feature's inner file", async () => {
    const found = await problems(
      "apps/web/src/features/home/probe.ts",
      [
        'import { TRADE_KEY } from "../trade/api/trade";',
        'import { InventoryRow } from "../trade/components/InventoryRow";',
        "export const used = [TRADE_KEY, InventoryRow];",
      ].join("\n"),
    );
    expect(found).toEqual([
      { rule: BOUNDARY, line: 1 },
      { rule: BOUNDARY, line: 2 },
    ]);
  });

  it("accepts the other feature's index, and the feature's own inner files", async () => {
    const found = await problems(
      "apps/web/src/features/home/probe.ts",
      [
        'import { TRADE_KEY, InventoryRow } from "../trade";',
        'import { HomeTabs } from "./components/HomeTabs";',
        "export const used = [TRADE_KEY, InventoryRow, HomeTabs];",
      ].join("\n"),
    );
    expect(found).toEqual([]);
  });

  it("lets the app shell use features through their index only, screens only from the route tables", async () => {
    const code = [
      'import { TRADE_KEY } from "../features/trade";',
      'import { useInventory } from "../features/trade/api/trade";',
      'export const screen = () => import("../features/trade/screens/TradeScreen");',
      "export const used = [TRADE_KEY, useInventory];",
    ].join("\n");
    expect(await problems("apps/web/src/app/probe.ts", code)).toEqual([
      { rule: BOUNDARY, line: 2 },
      { rule: BOUNDARY, line: 3 },
    ]);
    expect(await problems("apps/web/src/app/screens.ts", code)).toEqual([{ rule: BOUNDARY, line: 2 }]);
  });

  it("keeps the shared layers free of features", async () => {
    const found = await problems(
      "apps/web/src/components/probe.ts",
      'import { TRADE_KEY } from "../features/trade";\nexport const used = TRADE_KEY;',
    );
    expect(found).toEqual([{ rule: BOUNDARY, line: 1 }]);
  });

  it("reports an import cycle", async () => {
    // The trade feature's index re-exports api/trade.ts: that file importing the index closes a cycle.
    const found = await problems(
      "apps/web/src/features/trade/api/trade.ts",
      'import { TRADE_KEY } from "../index";\nexport const key = TRADE_KEY;',
    );
    expect(found).toEqual([{ rule: "import-x/no-cycle", line: 1 }]);
  });
});
