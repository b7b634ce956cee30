import { randomUUID } from "node:crypto";
import type { FastifyBaseLogger } from "fastify";
import { Redis } from "ioredis";
import {
  Listeners,
  TickMaker,
  type TickListener,
  type TickChange,
  type TickHub,
  type TickHubOptions,
} from "./hub.js";

export interface RedisTickHubOptions extends TickHubOptions {
  url: string;
  /** Namespace of the keys and channels (tests use their own). */
  prefix?: string;
  log?: FastifyBaseLogger;
}

// Keeps the lease when we hold it, takes it when it is free; 1 when this process leads.
const HOLD_LEADERSHIP = `
if redis.call('get', KEYS[1]) == ARGV[1] then
  redis.call('pexpire', KEYS[1], ARGV[2])
  return 1
end
if redis.call('set', KEYS[1], ARGV[1], 'NX', 'PX', ARGV[2]) then return 1 end
return 0`;
const RELEASE_LEADERSHIP = `
if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) end
return 0`;

/** A round of ticks as one pub/sub message: a `symbol<TAB>json` line per tick (JSON has no raw newline). */
export function encodeRound(changes: readonly TickChange[]): Buffer {
  return Buffer.from(changes.map((c) => `${c.symbol}\t${c.json.toString()}`).join("\n"));
}

export function decodeRound(message: Buffer): TickChange[] {
  return message
    .toString()
    .split("\n")
    .flatMap((line) => {
      const tab = line.indexOf("\t");
      return tab > 0 ? [{ symbol: line.slice(0, tab), json: Buffer.from(line.slice(tab + 1)) }] : [];
    });
}

/**
 * Fan-out through Redis for several server processes. Every process declares the symbols its clients
 * watch (a sorted set of leases); one elected process (a lease key) quotes the union each interval and
 * publishes the round's changes as one message; every process relays them to its own subscribers.
 * So each tick is computed and serialised once for the whole fleet.
 */
export class RedisTickHub implements TickHub {
  private readonly pub: Redis;
  private readonly sub: Redis;
  private readonly listeners = new Listeners();
  private readonly maker: TickMaker;
  private readonly id = randomUUID();
  private readonly prefix: string;
  private readonly leaseMs: number;
  private readonly timer: NodeJS.Timeout;
  private running = false;
  private leading = false;

  constructor(private readonly options: RedisTickHubOptions) {
    this.prefix = options.prefix ?? "brokerage:";
    this.leaseMs = Math.max(3 * options.intervalMs, 3000);
    this.maker = new TickMaker(options);
    this.pub = new Redis(options.url, { maxRetriesPerRequest: 2 });
    this.sub = new Redis(options.url);
    for (const client of [this.pub, this.sub]) {
      client.on("error", (err) => options.log?.warn({ err }, "redis connection problem"));
    }
    this.sub.on("messageBuffer", (_channel: Buffer, message: Buffer) => {
      this.listeners.deliver(decodeRound(message));
    });
    this.sub.subscribe(this.channel).catch((err) => this.warn(err));
    this.timer = setInterval(() => void this.tick(), options.intervalMs);
    this.timer.unref();
  }

  private get channel(): string {
    return `${this.prefix}ticks`;
  }

  private get interestKey(): string {
    return `${this.prefix}tick-interest`;
  }

  private get leaderKey(): string {
    return `${this.prefix}tick-leader`;
  }

  /** Whether this process currently computes the ticks of the fleet. */
  get isLeader(): boolean {
    return this.leading;
  }

  subscribe(symbol: string, listener: TickListener): void {
    this.listeners.add(symbol, listener);
  }

  unsubscribe(symbol: string, listener: TickListener): void {
    this.listeners.remove(symbol, listener);
  }

  async tick(): Promise<void> {
    if (this.running) return;
    this.running = true;
    try {
      const now = Date.now();
      const local = this.listeners.symbols();
      if (local.length > 0) {
        await this.pub.zadd(this.interestKey, ...local.flatMap((s) => [String(now + this.leaseMs), s]));
      }
      this.leading = (await this.pub.eval(HOLD_LEADERSHIP, 1, this.leaderKey, this.id, this.leaseMs)) === 1;
      if (!this.leading) {
        // Forget what was sent while leading: the next leader may have moved prices on since, and a
        // return to leadership must not take an old price as already sent.
        this.maker.retain([]);
        return;
      }
      await this.pub.zremrangebyscore(this.interestKey, "-inf", String(now));
      const wanted = await this.pub.zrange(this.interestKey, "0", "-1");
      this.maker.retain(wanted);
      const changes = this.maker.changes(wanted);
      if (changes.length > 0) await this.pub.publish(this.channel, encodeRound(changes));
    } catch (err) {
      this.warn(err);
    } finally {
      this.running = false;
    }
  }

  async close(): Promise<void> {
    clearInterval(this.timer);
    await this.pub.eval(RELEASE_LEADERSHIP, 1, this.leaderKey, this.id).catch(() => undefined);
    this.sub.disconnect();
    await this.pub.quit().catch(() => undefined);
  }

  private warn(err: unknown): void {
    this.options.log?.warn({ err }, "tick fan-out through redis failed");
  }
}
