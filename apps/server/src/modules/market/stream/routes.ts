import { WS_AUTH_TIMEOUT_MS, WS_CLOSE, WS_MAX_SYMBOLS } from "@brokerage/api";
import type { FastifyBaseLogger, FastifyPluginAsync } from "fastify";
import type { WebSocket } from "ws";
import { addressBucket } from "../../../lib/rate-limiter.js";
import { ALERTS_FIRED } from "../../alerts/index.js";
import { MARGIN_CALLS } from "../../trading/index.js";
import { StreamConnection, type StreamLimits } from "./connection.js";
import { SocketRegistry } from "./registry.js";

export const DEFAULT_STREAM_LIMITS: StreamLimits = {
  authTimeoutMs: WS_AUTH_TIMEOUT_MS,
  heartbeatMs: 15_000,
  sessionCheckMs: 60_000,
  maxBufferedBytes: 1024 * 1024,
  maxSymbols: WS_MAX_SYMBOLS,
  maxSocketsPerUser: 10,
  maxPendingPerAddress: 20,
};

/**
 * GET /api/ws: the quote stream (protocol in packages/api market.ts). One heartbeat timer serves every
 * connection of the process; ended sessions (on any process) close their sockets at once; margin calls
 * and fired price alerts reach their owner's sockets.
 */
export const streamRoutes: FastifyPluginAsync<{ limits: StreamLimits }> = async (app, { limits }) => {
  const registry = new SocketRegistry<StreamConnection>(limits);
  const heartbeat = setInterval(() => {
    const now = app.clock.now();
    for (const connection of registry.all()) connection.heartbeat(now);
  }, limits.heartbeatMs);
  heartbeat.unref();
  const stopListening = app.sessions.onEnded((event) => {
    for (const connection of registry.mayHoldSessionOf(event.userId)) connection.sessionsEnded(event);
  });
  // A margin call (trading's engine, on whichever process leads) to its owner's sockets on this process.
  const stopMarginCalls = app.bus.subscribe(MARGIN_CALLS, ({ userId, orderId, symbol, level, closeOut }) => {
    for (const connection of registry.socketsOf(userId))
      connection.send({ type: "marginCall", orderId, symbol, level, closeOut });
  });
  // A fired price alert (the leader's evaluator) to its owner's sockets on this process.
  const stopAlerts = app.bus.subscribe(ALERTS_FIRED, ({ userId, alertId, kind, params }) => {
    for (const connection of registry.socketsOf(userId))
      connection.send({ type: "priceAlert", alertId, kind, params });
  });
  app.addHook("onClose", async () => {
    clearInterval(heartbeat);
    stopListening();
    stopMarginCalls();
    stopAlerts();
  });

  app.get("/ws", { websocket: true, schema: { hide: true } }, (socket, request) => {
    logClientFaultsQuietly(socket, request.log);
    const connection = new StreamConnection(socket, {
      sessions: app.sessions,
      market: app.marketData,
      hub: app.ticks,
      clock: app.clock,
      limits,
      log: app.log,
      registry,
    });
    // No address when the peer is already gone (or the socket is injected, in tests): all such count as one.
    const address = addressBucket((request.ip as string | undefined) ?? "unknown");
    if (!registry.addPending(connection, address)) {
      connection.close(WS_CLOSE.tooManyPending, "too many pending sockets");
    }
  });
};

/**
 * The errors a socket emits are frames the client got wrong (invalid UTF-8, over maxPayload, a bad
 * opcode), and ws has already closed it with the code that says so. @fastify/websocket's own listener
 * would log each one as a server error with its stack and cut the socket before that close is sent.
 */
function logClientFaultsQuietly(socket: WebSocket, log: FastifyBaseLogger): void {
  socket.removeAllListeners("error");
  socket.on("error", (err: Error & { code?: string }) => {
    if (err.code?.startsWith("WS_ERR_"))
      log.debug({ code: err.code, reason: err.message }, "malformed frame");
    else log.error({ err }, "socket failed");
  });
}
