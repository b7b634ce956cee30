import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { MarketSimulator, ReplayProvider, type CsvCandleRow, type MarketDataProvider } from "@brokerage/core";
import type { FastifyBaseLogger } from "fastify";
import { parseCandleCsv } from "./candle-csv.js";

/** The simulator's seed when MARKET_SEED is not set: every fresh install shows the same market. */
export const DEFAULT_MARKET_SEED = "brokerage-default-seed";

export interface MarketSource {
  /** MARKET_SEED of the simulator. */
  seed?: string;
  /** MARKET_CSV_DIR: replay the recorded candles of every *.csv file there instead of simulating. */
  csvDir?: string;
}

/** A recording that cannot be served; the server refuses to start rather than show partial data. */
export class CsvLoadError extends Error {
  constructor(readonly problems: { file: string; line: number; message: string }[]) {
    super(
      `MARKET_CSV_DIR has ${problems.length} bad line(s):\n` +
        problems.map((p) => `  ${p.file}:${p.line}: ${p.message}`).join("\n"),
    );
    this.name = "CsvLoadError";
  }
}

/** Every `*.csv` file of a folder, parsed and validated; throws CsvLoadError on any bad line. */
export function loadCsvProvider(dir: string, log?: FastifyBaseLogger): ReplayProvider {
  const files = readdirSync(dir)
    .filter((name) => name.toLowerCase().endsWith(".csv"))
    .sort();
  if (files.length === 0) throw new CsvLoadError([{ file: dir, line: 0, message: "no *.csv files" }]);
  const rows: CsvCandleRow[] = [];
  const problems: CsvLoadError["problems"] = [];
  const seen = new Map<string, string>();
  for (const file of files) {
    const { rows: fileRows, errors } = parseCandleCsv(readFileSync(join(dir, file), "utf8"));
    for (const error of errors) {
      log?.error({ file, line: error.line }, `bad candle line: ${error.message}`);
      problems.push({ file, ...error });
    }
    for (const row of fileRows) {
      // The same candle in two files is as wrong as twice in one file.
      const key = `${row.symbol}|${row.time}`;
      const other = seen.get(key);
      if (other !== undefined && other !== file) {
        problems.push({ file, line: 0, message: `${row.symbol} at ${row.time} is also in ${other}` });
        continue;
      }
      seen.set(key, file);
      rows.push(row);
    }
  }
  if (problems.length > 0) throw new CsvLoadError(problems);
  const provider = new ReplayProvider(rows);
  log?.info({ files: files.length, symbols: provider.instruments().length }, "replaying recorded candles");
  return provider;
}

/** The one provider of the process: CSV replay when a folder is given, else the simulator. */
export function createMarketProvider(source: MarketSource, log?: FastifyBaseLogger): MarketDataProvider {
  if (source.csvDir) return loadCsvProvider(source.csvDir, log);
  return new MarketSimulator({ seed: source.seed ?? DEFAULT_MARKET_SEED });
}
