import type { FastifyBaseLogger } from "fastify";
import { Redis } from "ioredis";
import type { z } from "zod";

/**
 * A named channel and the shape of its messages. Messages are checked on arrival, since through Redis
 * they come from another process, possibly of another version.
 */
export interface Channel<T> {
  name: string;
  schema: z.ZodType<T>;
}

export type Handler<T> = (message: T) => void;

/**
 * Events for every process of the fleet: JSON messages on named channels, delivered to every subscriber
 * of every process, the publisher's own included. Delivery is at most once (pub/sub keeps nothing for a
 * process that is away), so a consumer keeps a slower fallback of its own.
 */
export interface Bus {
  /** Never rejects: a message that cannot be sent is logged and dropped. */
  publish<T>(channel: Channel<T>, message: T): Promise<void>;
  /** Returns the unsubscribe function. */
  subscribe<T>(channel: Channel<T>, handler: Handler<T>): () => void;
  close(): Promise<void>;
}

export interface BusOptions {
  log?: FastifyBaseLogger;
}

type RawHandler = (raw: unknown) => void;

/** Handlers per channel name, each behind its channel's schema. */
class Subscribers {
  private readonly byName = new Map<string, Set<RawHandler>>();

  constructor(private readonly log: FastifyBaseLogger | undefined) {}

  /** Returns the unsubscribe function; `onFirst`/`onLast` when the channel gains or loses its last handler. */
  add<T>(channel: Channel<T>, handler: Handler<T>, onFirst: () => void, onLast: () => void): () => void {
    const raw: RawHandler = (message) => {
      const parsed = channel.schema.safeParse(message);
      if (!parsed.success) {
        this.log?.warn({ channel: channel.name, issues: parsed.error.issues }, "malformed bus message");
        return;
      }
      try {
        handler(parsed.data);
      } catch (err) {
        this.log?.error({ err, channel: channel.name }, "bus handler failed");
      }
    };
    let set = this.byName.get(channel.name);
    if (!set) {
      this.byName.set(channel.name, (set = new Set()));
      onFirst();
    }
    set.add(raw);
    return () => {
      if (!set.delete(raw) || set.size > 0 || this.byName.get(channel.name) !== set) return;
      this.byName.delete(channel.name);
      onLast();
    };
  }

  deliver(name: string, message: unknown): void {
    for (const handler of [...(this.byName.get(name) ?? [])]) handler(message);
  }
}

/** One process: delivers within it, after a JSON round trip so that messages behave as through Redis. */
export class MemoryBus implements Bus {
  private readonly subscribers: Subscribers;

  constructor(options: BusOptions = {}) {
    this.subscribers = new Subscribers(options.log);
  }

  async publish<T>(channel: Channel<T>, message: T): Promise<void> {
    const copy: unknown = JSON.parse(JSON.stringify(message));
    // Later, as through Redis: a publisher never runs its subscribers' code in the middle of its own.
    queueMicrotask(() => this.subscribers.deliver(channel.name, copy));
  }

  subscribe<T>(channel: Channel<T>, handler: Handler<T>): () => void {
    const noop = () => undefined;
    return this.subscribers.add(channel, handler, noop, noop);
  }

  async close(): Promise<void> {}
}

export interface RedisBusOptions extends BusOptions {
  url: string;
  /** Namespace of the channels (tests use their own). */
  prefix?: string;
}

/** Several processes: Redis pub/sub, one connection to publish and one to listen. */
export class RedisBus implements Bus {
  private readonly pub: Redis;
  private readonly sub: Redis;
  private readonly subscribers: Subscribers;
  private readonly prefix: string;

  constructor(private readonly options: RedisBusOptions) {
    this.prefix = options.prefix ?? "brokerage:bus:";
    this.subscribers = new Subscribers(options.log);
    // A publisher waits at most this long for Redis: it may be inside a database transaction.
    this.pub = new Redis(options.url, { maxRetriesPerRequest: 2, commandTimeout: 1000 });
    this.sub = new Redis(options.url);
    for (const client of [this.pub, this.sub]) {
      client.on("error", (err) => options.log?.warn({ err }, "redis connection problem"));
    }
    this.sub.on("message", (channel: string, message: string) => {
      if (!channel.startsWith(this.prefix)) return;
      let parsed: unknown;
      try {
        parsed = JSON.parse(message);
      } catch {
        return this.options.log?.warn({ channel }, "bus message is not JSON");
      }
      this.subscribers.deliver(channel.slice(this.prefix.length), parsed);
    });
  }

  async publish<T>(channel: Channel<T>, message: T): Promise<void> {
    await this.pub
      .publish(this.prefix + channel.name, JSON.stringify(message))
      .catch((err: unknown) => this.options.log?.warn({ err, channel: channel.name }, "bus publish failed"));
  }

  subscribe<T>(channel: Channel<T>, handler: Handler<T>): () => void {
    const name = this.prefix + channel.name;
    const warn = (err: unknown) => this.options.log?.warn({ err, channel: name }, "bus subscription failed");
    return this.subscribers.add(
      channel,
      handler,
      () => void this.sub.subscribe(name).catch(warn),
      () => void this.sub.unsubscribe(name).catch(warn),
    );
  }

  async close(): Promise<void> {
    this.sub.disconnect();
    await this.pub.quit().catch(() => undefined);
  }
}
