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
  trustProxy: TrustProxy;
  sessionIdleMs: number | undefined;
  sessionAbsoluteMs: number | undefined;
  /** WS_MAX_SOCKETS_PER_USER, WS_MAX_PENDING_PER_ADDRESS: quote-socket caps (a benchmark raises them). */
  wsMaxSocketsPerUser: number | undefined;
  wsMaxPendingPerAddress: number | undefined;
  /**
   * ADMIN_REQUIRE_2FA=true: an administrator without two-step log-in may log in, but every back-office
   * call except auth/me, auth/enrollTotp, auth/confirmTotp and auth/logout answers
   * TOTP_ENROLMENT_REQUIRED until it is on.
   */
  adminRequire2fa: boolean;
}

function positiveNumber(name: string, value: string | undefined): number | undefined {
  if (value === undefined || value === "") return undefined;
  const n = Number(value);
  if (!Number.isFinite(n) || n <= 0) throw new Error(`${name} must be a positive number, got "${value}"`);
  return n;
}

/**
 * TRUST_PROXY: how many proxies stand in front ("true" is one, the load balancer), or their
 * addresses/CIDRs, comma separated. Never "trust everything": the client writes the left end of
 * X-Forwarded-For, and the per-address log-in limit would count whatever it wrote.
 */
export function trustProxyOf(value: string | undefined): TrustProxy {
  if (!value || value === "false") return false;
  const hops = value === "true" ? 1 : /^\d+$/.test(value) ? Number(value) : undefined;
  // Hop 0 is the peer of the socket; trusting the first `hops` of them takes the address they saw.
  return hops === undefined ? value : (_address: string, hop: number) => hop < hops;
}

export type TrustProxy = false | string | ((address: string, hop: number) => boolean);

function booleanFlag(name: string, value: string | undefined): boolean {
  if (value === undefined || value === "" || value === "false") return false;
  if (value === "true") return true;
  throw new Error(`${name} must be true or false, got "${value}"`);
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
    wsMaxSocketsPerUser: positiveNumber("WS_MAX_SOCKETS_PER_USER", env.WS_MAX_SOCKETS_PER_USER),
    wsMaxPendingPerAddress: positiveNumber("WS_MAX_PENDING_PER_ADDRESS", env.WS_MAX_PENDING_PER_ADDRESS),
    adminRequire2fa: booleanFlag("ADMIN_REQUIRE_2FA", env.ADMIN_REQUIRE_2FA),
  };
}
