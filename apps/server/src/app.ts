import { randomUUID } from "node:crypto";
import { tmpdir } from "node:os";
import { join } from "node:path";
import zlib from "node:zlib";
import compress from "@fastify/compress";
import websocket from "@fastify/websocket";
import Fastify, { type FastifyInstance, type FastifyServerOptions } from "fastify";
import { validatorCompiler, type ZodTypeProvider } from "fastify-type-provider-zod";
import type { Db } from "./db/index.js";
import type { Bus } from "./lib/bus.js";
import { systemClock, type Clock } from "./lib/clock.js";
import { testClockRoutes, type TestClock } from "./lib/test-clock.js";
import type { Sleep } from "./lib/login-throttle.js";
import { MemoryRateLimiter, RedisRateLimiter, type RateLimiter } from "./lib/rate-limiter.js";
import { RequestLogController } from "./lib/request-logging.js";
import { DEFAULT_WEB_DIST } from "./paths.js";
import { authPlugin } from "./plugins/auth.js";
import { busPlugin } from "./plugins/bus.js";
import { contextPlugin } from "./plugins/context.js";
import { clientErrorHandler, errorsPlugin, frameworkErrors } from "./plugins/errors.js";
import { jsonBodyPlugin } from "./plugins/json-body.js";
import { openapiPlugin } from "./plugins/openapi.js";
import { securityHeadersPlugin } from "./plugins/security-headers.js";
import { responseSerializerCompiler } from "./plugins/serializer.js";
import { webPlugin } from "./plugins/web.js";
import { alertWatcherPlugin } from "./modules/alerts/plugin.js";
import { alertRoutes } from "./modules/alerts/routes.js";
import { commonRoutes } from "./modules/common/routes.js";
import { healthRoutes } from "./modules/health/routes.js";
import { marketPlugin, type MarketOptions } from "./modules/market/plugin.js";
import { marketRoutes } from "./modules/market/routes.js";
import type { StreamLimits } from "./modules/market/stream/connection.js";
import { DEFAULT_STREAM_LIMITS, streamRoutes } from "./modules/market/stream/routes.js";
import { DEFAULT_SESSION_POLICY, type SessionPolicy } from "./modules/session/service.js";
import { fundPasswordRoutes } from "./modules/fund-password/routes.js";
import { messageRoutes } from "./modules/messages/routes.js";
import { staffAuthPlugin } from "./modules/staff/guard.js";
import { staffRoutes } from "./modules/staff/routes.js";
import { auditRoutes } from "./modules/audit-admin/routes.js";
import { bankRoutes } from "./modules/bank/routes.js";
import { blockTradeAdminRoutes } from "./modules/block-trades/admin-routes.js";
import { blockTradeRoutes } from "./modules/block-trades/routes.js";
import { placementAdminRoutes } from "./modules/placements/admin-routes.js";
import { DailyProofs } from "./modules/proof/index.js";
import { proofAdminRoutes } from "./modules/proof/admin-routes.js";
import { proofRoutes } from "./modules/proof/routes.js";
import { placementRoutes } from "./modules/placements/routes.js";
import { kycAdminRoutes } from "./modules/kyc/admin-routes.js";
import { kycRoutes } from "./modules/kyc/routes.js";
import { reviewRegistryPlugin } from "./modules/reviews/plugin.js";
import { reviewRoutes } from "./modules/reviews/routes.js";
import { staffManagementRoutes } from "./modules/staff/manage-routes.js";
import { twoStepRoutes } from "./modules/two-step/routes.js";
import { userRoutes } from "./modules/user/routes.js";
import { usersAdminRoutes } from "./modules/users-admin/routes.js";
import { walletRoutes } from "./modules/wallet/routes.js";
import { DEFAULT_AUTH_LIMITS, type AuthLimits } from "./modules/user/service.js";
import { watchlistRoutes } from "./modules/watchlist/routes.js";
import { DailyMarks } from "./modules/account/index.js";
import { JournalSealer } from "./modules/ledger/index.js";
import { accountRoutes } from "./modules/account/routes.js";
import { fxRatesOf } from "./modules/exchange/index.js";
import { channelAdminRoutes, depositAdminRoutes } from "./modules/deposits/admin-routes.js";
import { depositRoutes } from "./modules/deposits/routes.js";
import { exchangeRoutes } from "./modules/exchange/routes.js";
import { ledgerAdminRoutes } from "./modules/ledger-admin/routes.js";
import { recordRoutes } from "./modules/records/routes.js";
import { contractNoteRoutes, taxReportRoutes } from "./modules/documents/routes.js";
import { configAdminRoutes } from "./modules/settings-admin/admin-routes.js";
import { publishMarginCall, publishTradeChange } from "./modules/trading/engine/changes.js";
import type { TradingEngineOptions } from "./modules/trading/engine/engine.js";
import { tradingEnginePlugin } from "./modules/trading/engine/plugin.js";
import { tradingAdminRoutes } from "./modules/trading/admin-routes.js";
import { tradingRoutes } from "./modules/trading/routes.js";
import { tradingTermsRoutes } from "./modules/trading/terms-routes.js";
import { TradingService } from "./modules/trading/service.js";
import { tradingValuation } from "./modules/trading/valuation.js";
import { withdrawalRoutes } from "./modules/withdrawals/routes.js";
import { checkinRoutes } from "./modules/checkin/routes.js";
import { RiskStatistics, SelfProtectionService } from "./modules/risk/index.js";
import { riskRoutes } from "./modules/risk/routes.js";
import { dayTradingRoutes } from "./modules/day-trading/routes.js";
import { seatRoutes } from "./modules/seat/routes.js";
import { loanRoutes } from "./modules/loans/routes.js";
import { followAdminRoutes } from "./modules/follow/admin-routes.js";
import { FollowMarks } from "./modules/follow/index.js";
import { followRoutes } from "./modules/follow/routes.js";
import { LendingRebates } from "./modules/lending/index.js";
import { lendingRoutes } from "./modules/lending/routes.js";
import { ipoAdminRoutes } from "./modules/ipo/admin-routes.js";
import { ipoBoardsPlugin } from "./modules/ipo/boards.js";
import { applicationsSeal } from "./modules/ipo/draw.js";
import { ipoRoutes } from "./modules/ipo/routes.js";
import { ipoSchedule, lifecycleOf } from "./modules/ipo/schedule.js";
import { newsAdminRoutes } from "./modules/news/admin-routes.js";
import { newsRoutes } from "./modules/news/routes.js";
import { supportAdminRoutes } from "./modules/support/admin-routes.js";
import { complaintEscalation } from "./modules/support/index.js";
import { supportRoutes } from "./modules/support/routes.js";

export interface AppOptions {
  /** An open, migrated database; its lifecycle belongs to the caller. */
  db: Db;
  clock?: Clock;
  logger?: FastifyServerOptions["logger"];
  /** Every limit's counts (tests); default in Redis with `market.redisUrl`, else in-process. The app closes it. */
  rateLimiter?: RateLimiter;
  sessionPolicy?: Partial<SessionPolicy>;
  authLimits?: Partial<AuthLimits>;
  /** How a slowed log-in waits (tests record the waits instead of sleeping). */
  loginSleep?: Sleep;
  /** The built web app; `/` explains how to build it when missing. */
  webDist?: string;
  /** Fastify's trustProxy: set behind a load balancer so rate limits see the client's address. */
  trustProxy?: FastifyServerOptions["trustProxy"];
  /** Market-data provider (default: the simulator with a fixed seed) and tick fan-out. */
  market?: MarketOptions;
  /** Events between processes (tests); default through Redis with `market.redisUrl`, else in-process. */
  bus?: Bus;
  /** Socket limits and timers (tests shorten them). */
  stream?: Partial<StreamLimits>;
  /** Parse every answer with its zod schema before it is written; a drift from the contract is a 500 (tests). */
  checkResponses?: boolean;
  /**
   * Where uploaded images (KYC photos) are kept, outside any public path: `<DATA_DIR>/images` in
   * production; default a fresh temporary folder (tests).
   */
  imageDir?: string;
  /** ADMIN_REQUIRE_2FA: an administrator must turn on two-step log-in before using the back office. */
  adminRequire2fa?: boolean;
  /**
   * The matching engine. Its rounds run on a timer by default on the system clock; with a clock that tests
   * move by hand they run only when the test calls `app.tradingEngine.round()` (or sets `run: true`).
   */
  tradingEngine?: Partial<TradingEngineOptions> & { run?: boolean };
  /**
   * The end-to-end journeys' clock (TEST_CLOCK=1, lib/test-clock.ts): it replaces `clock`, the engine runs
   * on its timer as on the system clock, and POST /api/test/clock/advance moves it.
   */
  testClock?: TestClock;
}

/** Composition: external plugins, then the app's own plugins, then the feature modules. */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const clock = options.testClock ?? options.clock ?? systemClock;
  const app = Fastify({
    logger: options.logger ?? false,
    genReqId: () => randomUUID(),
    requestIdHeader: false,
    trustProxy: options.trustProxy ?? false,
    logController: new RequestLogController(),
    clientErrorHandler,
    frameworkErrors,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(
    responseSerializerCompiler({ checkResponses: options.checkResponses, log: app.log }),
  );
  // Set when the request arrives, so every answer carries it, errors included. Hooks on the path of every
  // request are written with `done` rather than async: a promise per hook per request is measurable.
  app.addHook("onRequest", (request, reply, done) => {
    reply.header("x-request-id", request.id);
    done();
  });

  await app.register(securityHeadersPlugin);
  // Answers of 1 KiB and more are compressed (brotli at a fast level, or gzip); smaller ones are sent as
  // they are, where compressing costs more CPU than the bytes it saves. Bodies are never decompressed.
  // Registered before the static files, whose built copies are already compressed and pass untouched.
  await app.register(compress, {
    threshold: 1024,
    encodings: ["br", "gzip"],
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
    globalDecompression: false,
  });
  await app.register(openapiPlugin);
  // Client messages are small (auth, subscribe lists); anything bigger is refused by the socket itself.
  // No compression: tick batches are small, and deflating every batch for every socket costs CPU.
  await app.register(websocket, { options: { maxPayload: 64 * 1024, perMessageDeflate: false } });

  const redisUrl = options.market?.redisUrl;
  const rateLimiter =
    options.rateLimiter ??
    (redisUrl ? new RedisRateLimiter({ url: redisUrl, clock, log: app.log }) : new MemoryRateLimiter(clock));
  app.addHook("onClose", () => rateLimiter.close());
  await app.register(contextPlugin, { db: options.db, clock, rateLimiter });
  await app.register(errorsPlugin);
  await app.register(jsonBodyPlugin);
  await app.register(busPlugin, { bus: options.bus, redisUrl: options.market?.redisUrl });
  await app.register(authPlugin, { policy: { ...DEFAULT_SESSION_POLICY, ...options.sessionPolicy } });
  // Staff sessions, one service for every back-office module (they guard routes with app.requireStaff).
  await app.register(staffAuthPlugin, { requireAdminTotp: options.adminRequire2fa ?? false });
  await app.register(reviewRegistryPlugin);
  await app.register(marketPlugin, options.market ?? {});
  await app.register(ipoBoardsPlugin);

  await app.register(healthRoutes, { prefix: "/api" });
  await app.register(commonRoutes, { prefix: "/api/vue/common" });
  await app.register(userRoutes, {
    prefix: "/api/vue/user",
    limits: { ...DEFAULT_AUTH_LIMITS, ...options.authLimits },
    sleep: options.loginSleep,
  });
  await app.register(fundPasswordRoutes, { prefix: "/api/vue/user" });
  await app.register(twoStepRoutes, { prefix: "/api/vue/user" });
  await app.register(messageRoutes, { prefix: "/api/vue/message" });
  const imageDir = options.imageDir ?? join(tmpdir(), `brokerage-images-${randomUUID()}`);
  await app.register(kycRoutes, { prefix: "/api/vue/kyc", imageDir });
  await app.register(bankRoutes, { prefix: "/api/vue/bank" });
  await app.register(walletRoutes, { prefix: "/api/vue/wallet" });
  // Money (DESIGN §5 Ledger): every balance change is booked through modules/ledger.
  const valuation = tradingValuation(app.market);
  await app.register(accountRoutes, { prefix: "/api/vue/account", valuation });
  await app.register(depositRoutes, { prefix: "/api/vue/fund", imageDir });
  await app.register(withdrawalRoutes, { prefix: "/api/vue/fund" });
  await app.register(exchangeRoutes, { prefix: "/api/vue/fund" });
  await app.register(recordRoutes, { prefix: "/api/vue/fund" });
  await app.register(proofRoutes, { prefix: "/api/vue/proof" });
  // One trading service per process, shared by the routes and the matching engine; each change it commits
  // reaches the engine of whichever process leads through the bus.
  const trading = new TradingService({
    db: options.db,
    clock,
    market: app.market,
    notify: publishTradeChange(app.bus),
    notifyMarginCall: publishMarginCall(app.bus),
    // The kill switch, the risk acknowledgement, the loss limits and the fat-finger guards (modules/risk).
    guards: new SelfProtectionService({ db: options.db, clock, market: app.market }),
  });
  // The scheduler's leader also keeps the portfolio's daily marks (modules/account marks.ts).
  const dailyMarks = new DailyMarks({
    db: options.db,
    clock,
    rates: fxRatesOf(app.market),
    valuation,
    log: app.log,
  });
  await app.register(tradingEnginePlugin, {
    service: trading,
    run: clock === systemClock || options.testClock !== undefined,
    intervalMs: options.market?.tickIntervalMs,
    ...options.tradingEngine,
  });
  app.tradingEngine.addTask({ round: (at) => dailyMarks.run(at), standDown: () => undefined });
  // And seals the journal's hash chain just after each commit (modules/ledger chain.ts).
  const sealer = new JournalSealer({ db: options.db, log: app.log });
  app.tradingEngine.addTask({
    round: async (at) => void (await sealer.round(at)),
    standDown: () => sealer.standDown(),
  });
  // And builds each day's proof of liabilities once the day has ended (modules/proof).
  app.tradingEngine.addTask(new DailyProofs({ db: options.db, clock, log: app.log }));
  // And publishes the applications' root of each offering as its subscription closes (modules/ipo draw.ts).
  app.tradingEngine.addTask(applicationsSeal(options.db));
  // And draws each offering once its date and beacon round have passed, and lists it at its date.
  app.tradingEngine.addTask(ipoSchedule(lifecycleOf(app), app));
  // And pays the lending rebates of the days that ended, and ends the lendings whose shares are back.
  app.tradingEngine.addTask(new LendingRebates({ db: options.db, clock, market: app.market, log: app.log }));
  // And marks the copy products' NAVs, paying their holdings out at them (modules/follow marks.ts).
  const followMarks = new FollowMarks({ db: options.db, clock, market: app.market, trading, log: app.log });
  app.tradingEngine.addTask(followMarks);
  // And escalates complaints whose final answer is nearly due (modules/support escalation.ts).
  app.tradingEngine.addTask(complaintEscalation({ db: options.db, log: app.log }));
  // And keeps each product's loss statistics of the quarter and the day (modules/risk statistics.ts).
  app.tradingEngine.addTask(new RiskStatistics({ db: options.db, clock, market: app.market }).task());
  // Price alerts are evaluated in the engine's rounds, by the leader only.
  await app.register(alertWatcherPlugin);
  await app.register(tradingRoutes, { prefix: "/api/vue/trade", service: trading });
  await app.register(blockTradeRoutes, { prefix: "/api/vue/blockTrade" });
  await app.register(placementRoutes, { prefix: "/api/vue/placement" });
  await app.register(tradingTermsRoutes, { prefix: "/api/vue/trade" });
  await app.register(contractNoteRoutes, { prefix: "/api/vue/trade" });
  await app.register(taxReportRoutes, { prefix: "/api/vue/fund" });
  await app.register(dayTradingRoutes, { prefix: "/api/vue/dayTrading" });
  await app.register(loanRoutes, { prefix: "/api/vue/loan" });
  await app.register(checkinRoutes, { prefix: "/api/vue/checkin" });
  await app.register(riskRoutes, { prefix: "/api/vue" });
  await app.register(seatRoutes, { prefix: "/api/vue/seat" });
  await app.register(lendingRoutes, { prefix: "/api/vue/lending" });
  await app.register(followRoutes, { prefix: "/api/vue/follow" });
  await app.register(ipoRoutes, { prefix: "/api/vue/ipo" });
  await app.register(marketRoutes, { prefix: "/api/vue" });
  await app.register(watchlistRoutes, { prefix: "/api/vue/watchlist" });
  await app.register(alertRoutes, { prefix: "/api/vue/alert" });
  await app.register(newsRoutes, { prefix: "/api/vue/news" });
  await app.register(supportRoutes, { prefix: "/api/vue/support", imageDir });
  await app.register(streamRoutes, {
    prefix: "/api",
    limits: { ...DEFAULT_STREAM_LIMITS, ...options.stream },
  });
  await app.register(staffRoutes, {
    prefix: "/api/admin",
    limits: { ...DEFAULT_AUTH_LIMITS, ...options.authLimits },
    sleep: options.loginSleep,
  });
  await app.register(reviewRoutes, { prefix: "/api/admin/reviews" });
  await app.register(kycAdminRoutes, { prefix: "/api/admin/kyc", imageDir });
  await app.register(usersAdminRoutes, { prefix: "/api/admin/users" });
  await app.register(staffManagementRoutes, { prefix: "/api/admin/staff" });
  await app.register(auditRoutes, { prefix: "/api/admin/audit" });
  await app.register(channelAdminRoutes, { prefix: "/api/admin/channels", imageDir });
  await app.register(depositAdminRoutes, { prefix: "/api/admin/deposits", imageDir });
  await app.register(ledgerAdminRoutes, { prefix: "/api/admin/users" });
  await app.register(tradingAdminRoutes, { prefix: "/api/admin/users", service: trading });
  await app.register(configAdminRoutes, { prefix: "/api/admin/config" });
  await app.register(blockTradeAdminRoutes, { prefix: "/api/admin/blockTrades" });
  await app.register(placementAdminRoutes, { prefix: "/api/admin/placements" });
  await app.register(followAdminRoutes, { prefix: "/api/admin/follow", trading, marks: followMarks });
  await app.register(proofAdminRoutes, { prefix: "/api/admin/proofs" });
  await app.register(ipoAdminRoutes, { prefix: "/api/admin/ipos" });
  await app.register(newsAdminRoutes, { prefix: "/api/admin/news" });
  await app.register(supportAdminRoutes, { prefix: "/api/admin/support", imageDir });
  if (options.testClock)
    await app.register(testClockRoutes, { prefix: "/api/test/clock", clock: options.testClock });
  await app.register(webPlugin, { webDist: options.webDist ?? DEFAULT_WEB_DIST });

  return app;
}
