// The yardstick of `npm run bench http`: a bare Fastify app with one POST route answering a small
// envelope the way Fastify serialises by default, in its own process like the real server. Prints its port.
import Fastify from "fastify";

const app = Fastify({ logger: false });
const answer = { status: 1, msg: "ok", data: { symbol: "NIFTY50", close: "24451.95", gain: "0.15" } };
app.post("/bare", async () => answer);
await app.listen({ port: 0, host: "127.0.0.1" });
process.stdout.write(`${app.server.address().port}\n`);
process.on("SIGTERM", () => void app.close().then(() => process.exit(0)));
