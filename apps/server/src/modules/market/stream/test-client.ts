import { wsServerMessage, type WsTick } from "@brokerage/api";
import { WebSocket } from "ws";

export type Message = { type: string; code?: string; ticks?: WsTick[]; [key: string]: unknown };

/** A socket client that checks every message against the contract, keeps it, and waits for expected ones. */
export class Client {
  readonly inbox: Message[] = [];
  /** Every tick received, taken out of its `ticks` messages, in order. */
  readonly ticks: WsTick[] = [];
  readonly closed: Promise<number>;
  private wake = () => {};

  constructor(readonly ws: WebSocket) {
    ws.on("message", (data) => {
      const message = wsServerMessage.parse(JSON.parse(data.toString()));
      this.inbox.push(message);
      if (message.type === "ticks") this.ticks.push(...message.ticks);
      this.wake();
    });
    this.closed = new Promise((resolve) => ws.on("close", (code) => resolve(code)));
  }

  send(message: unknown) {
    this.ws.send(JSON.stringify(message));
  }

  /** The close code, once the socket closes; fails after `waitMs`. */
  closedWithin(waitMs = 5000): Promise<number> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`still open after ${waitMs} ms`)), waitMs);
      void this.closed.then((code) => {
        clearTimeout(timer);
        resolve(code);
      });
    });
  }

  /** The first message from `from` on that matches; fails after `waitMs`. */
  next(match: (m: Message) => boolean, from = 0, waitMs = 5000): Promise<Message> {
    return this.waitFor(this.inbox, match, from, waitMs);
  }

  /** The first tick of the symbol from `from` on (an index into `ticks`). */
  nextTick(symbol: string, from = 0, waitMs = 5000): Promise<WsTick> {
    return this.waitFor(this.ticks, (tick) => tick.symbol === symbol, from, waitMs);
  }

  private async waitFor<T>(list: T[], match: (item: T) => boolean, from: number, waitMs: number): Promise<T> {
    const deadline = Date.now() + waitMs;
    for (;;) {
      const found = list.slice(from).find(match);
      if (found) return found;
      if (Date.now() > deadline) throw new Error(`nothing matching in ${JSON.stringify(list.slice(-20))}`);
      await new Promise<void>((resolve) => {
        this.wake = resolve;
        setTimeout(resolve, 50);
      });
    }
  }
}

/** A client on the socket of an app listening at `address` (http://host:port), once it is open. */
export async function openClient(address: string, headers: Record<string, string> = {}): Promise<Client> {
  const ws = new WebSocket(`${address.replace("http", "ws")}/api/ws`, { headers });
  const client = new Client(ws);
  await new Promise((resolve, reject) => ws.once("open", resolve).once("error", reject));
  return client;
}

/** A client authenticated with the session, once the server said `ready`. */
export async function openAuthed(
  address: string,
  session: { token: string; account: string },
  headers: Record<string, string> = {},
): Promise<Client> {
  const client = await openClient(address, headers);
  client.send({ op: "auth", token: session.token, account: session.account });
  await client.next((m) => m.type === "ready");
  return client;
}

/** Whether the client still streams: a ping is answered. */
export async function answersPing(client: Client): Promise<boolean> {
  const from = client.inbox.length;
  client.send({ op: "ping" });
  return (await client.next((m) => m.type === "pong", from)).type === "pong";
}
