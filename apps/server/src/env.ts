import { resolve } from "node:path";
import { HOUR } from "./lib/clock.js";
import { DEFAULT_WEB_DIST } from "./paths.js";

/** The process environment the server understands (DESIGN §3), read once at start. */
export interface ServerEnv {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  adminAccount: string | undefined;
  adminPassword: string | undefined;
  bootstrapInviteCode: string | undefined;
  marketSeed: string | undefined;
  /** MARKET_CSV_DIR: replay recorded candles from every *.csv file there instead of simulating. */
  marketCsvDir: string | undefined;
  webDist: string;
  logLevel: string;
  trustProxy: boolean | string;
  sessionIdleMs: number | undefined;
  sessionAbsoluteMs: number | undefined;
}

function positiveNumber(name: string, value: string | undefined): number | undefined {
  if (value === undefined || value === "") return undefined;
  const n = Number(value);
  if (!Number.isFinite(n) || n <= 0) throw new Error(`${name} must be a positive number, got "${value}"`);
  return n;
}

/** TRUST_PROXY: "true", or the proxies' addresses/CIDRs, comma separated. */
function trustProxyOf(value: string | undefined): boolean | string {
  if (!value || value === "false") return false;
  return value === "true" ? true : value;
}

const blankToUndefined = (value: string | undefined) => (value === "" ? undefined : value);

export function readEnv(env: NodeJS.ProcessEnv = process.env): ServerEnv {
  const idleHours = positiveNumber("SESSION_IDLE_HOURS", env.SESSION_IDLE_HOURS);
  const absoluteHours = positiveNumber("SESSION_ABSOLUTE_HOURS", env.SESSION_ABSOLUTE_HOURS);
  return {
    port: positiveNumber("PORT", env.PORT) ?? 8080,
    host: env.HOST || "0.0.0.0",
    dataDir: resolve(env.DATA_DIR || "./data"),
    databaseUrl: blankToUndefined(env.DATABASE_URL),
    redisUrl: blankToUndefined(env.REDIS_URL),
    adminAccount: blankToUndefined(env.ADMIN_ACCOUNT),
    adminPassword: blankToUndefined(env.ADMIN_PASSWORD),
    bootstrapInviteCode: blankToUndefined(env.BOOTSTRAP_INVITE_CODE),
    marketSeed: blankToUndefined(env.MARKET_SEED),
    marketCsvDir: env.MARKET_CSV_DIR ? resolve(env.MARKET_CSV_DIR) : undefined,
    webDist: resolve(env.WEB_DIST || DEFAULT_WEB_DIST),
    logLevel: env.LOG_LEVEL || "info",
    trustProxy: trustProxyOf(env.TRUST_PROXY),
    sessionIdleMs: idleHours === undefined ? undefined : idleHours * HOUR,
    sessionAbsoluteMs: absoluteHours === undefined ? undefined : absoluteHours * HOUR,
  };
}
