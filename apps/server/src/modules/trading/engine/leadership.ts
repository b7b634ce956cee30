import type { FastifyBaseLogger } from "fastify";
import pg from "pg";
import type { Db } from "../../../db/index.js";

/**
 * Who runs the schedulers (DESIGN §2: exactly one process at a time). With PostgreSQL the leader holds a
 * session-level advisory lock on a connection of its own; with PGlite there is one process, which leads.
 */
export interface Leadership {
  /**
   * Whether this process leads now: keeps what it holds (checking its connection still answers) or tries
   * to take the lead. Never rejects; a database that cannot be reached answers false.
   */
  hold(): Promise<boolean>;
  /** False as soon as the lead is known to be lost (its connection failed), without a round trip. */
  readonly held: boolean;
  /** Gives the lead up (shutdown). */
  release(): Promise<void>;
}

/** One process (PGlite): always the leader. */
export const soleLeadership: Leadership = {
  hold: () => Promise.resolve(true),
  held: true,
  release: () => Promise.resolve(),
};

/** Any fixed number, other than the migrations' (db/index.ts): the matching engine's lock. */
export const ENGINE_LOCK = 7_301_009;

/**
 * The advisory lock held by one pooled connection, kept out of the pool while it leads. The lock belongs to
 * the connection's session: if the connection drops, PostgreSQL frees it and another process takes over,
 * and this one must stop, which it learns from the connection's error or from the next check.
 */
export class AdvisoryLeadership implements Leadership {
  private client: pg.PoolClient | undefined;
  private lost = false;

  constructor(
    private readonly pool: pg.Pool,
    private readonly options: { key?: number; log?: FastifyBaseLogger } = {},
  ) {}

  get held(): boolean {
    return this.client !== undefined && !this.lost;
  }

  async hold(): Promise<boolean> {
    if (this.client) {
      if (!this.lost) {
        try {
          await this.client.query("select 1");
          return true;
        } catch (err) {
          this.options.log?.warn({ err }, "matching engine lost its lock connection");
        }
      }
      this.drop();
      return false;
    }
    return this.take();
  }

  async release(): Promise<void> {
    const client = this.client;
    if (!client) return;
    this.client = undefined;
    if (this.lost) return client.release(true);
    try {
      await client.query("select pg_advisory_unlock($1)", [this.key]);
      client.release();
    } catch {
      client.release(true);
    }
  }

  private get key(): number {
    return this.options.key ?? ENGINE_LOCK;
  }

  private async take(): Promise<boolean> {
    let client: pg.PoolClient;
    try {
      client = await this.pool.connect();
    } catch (err) {
      this.options.log?.warn({ err }, "matching engine cannot reach the database");
      return false;
    }
    // A checked-out client that fails has no pool listening: without this, Node would end the process.
    const onError = (err: Error) => {
      this.lost = true;
      this.options.log?.warn({ err }, "matching engine lock connection failed");
    };
    client.on("error", onError);
    try {
      const result = await client.query<{ locked: boolean }>("select pg_try_advisory_lock($1) as locked", [
        this.key,
      ]);
      if (result.rows[0]?.locked === true) {
        this.client = client;
        this.lost = false;
        return true;
      }
      client.off("error", onError);
      client.release();
    } catch (err) {
      this.options.log?.warn({ err }, "matching engine lock attempt failed");
      client.off("error", onError);
      client.release(true);
    }
    return false;
  }

  /** Destroys the connection (its session, so its lock, ends with it). */
  private drop(): void {
    const client = this.client;
    this.client = undefined;
    this.lost = false;
    client?.release(true);
  }
}

/** The leadership `db` calls for: the advisory lock on its pool for PostgreSQL, sole leadership otherwise. */
export function leadershipFor(db: Db, log?: FastifyBaseLogger): Leadership {
  // drizzle keeps the client it was made with as `$client`: the pool for node-postgres, PGlite otherwise.
  const client = (db as { $client?: unknown }).$client;
  return client instanceof pg.Pool ? new AdvisoryLeadership(client, { log }) : soleLeadership;
}
