import { WS_AUTH_TIMEOUT_MS, WS_MAX_SYMBOLS } from "@brokerage/api";
import type { FastifyPluginAsync } from "fastify";
import { StreamConnection, type StreamLimits } from "./connection.js";

export const DEFAULT_STREAM_LIMITS: StreamLimits = {
  authTimeoutMs: WS_AUTH_TIMEOUT_MS,
  heartbeatMs: 15_000,
  sessionCheckMs: 60_000,
  maxBufferedBytes: 1024 * 1024,
  maxSymbols: WS_MAX_SYMBOLS,
};

/**
 * GET /api/ws: the quote stream (protocol in packages/api market.ts). One heartbeat timer serves every
 * connection of the process.
 */
export const streamRoutes: FastifyPluginAsync<{ limits: StreamLimits }> = async (app, { limits }) => {
  const connections = new Set<StreamConnection>();
  const heartbeat = setInterval(() => {
    const now = app.clock.now();
    for (const connection of connections) connection.heartbeat(now);
  }, limits.heartbeatMs);
  heartbeat.unref();
  app.addHook("onClose", async () => clearInterval(heartbeat));

  app.get("/ws", { websocket: true, schema: { hide: true } }, (socket) => {
    const connection = new StreamConnection(socket, {
      sessions: app.sessions,
      market: app.marketData,
      hub: app.ticks,
      clock: app.clock,
      limits,
      log: app.log,
    });
    connections.add(connection);
    socket.on("close", () => connections.delete(connection));
  });
};
