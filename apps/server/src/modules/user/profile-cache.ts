import type { PGlite } from "@electric-sql/pglite";

/** Entries kept at most; past it the oldest go first. */
const MAX_ENTRIES = 10_000;

/** How long an entry is trusted at most, should a notification ever be missed (it is not expected to be). */
export const PROFILE_TTL_MS = 30_000;

/**
 * Users' profiles (`user/getUserinfo`, the most frequent read) kept in the process of an embedded database.
 *
 * The embedded database has one process and one session, so every change to a user's row is made here
 * and committed here: the trigger of migration 0013 sends the user's id on channel `users_changed` when
 * such a change commits, and the entry is dropped before the writer's commit returns. A read that raced
 * the change (it read the row before the commit, and the notification came while it waited) does not put
 * the old row back: every drop moves the generation on, and a read only keeps what it read if none came
 * between its start and its end. A PostgreSQL server keeps nothing here: its other processes write too.
 */
export class ProfileCache<Row> {
  private readonly entries = new Map<string, { row: Row; until: number }>();
  private generation = 0;

  get(userId: string, now: number): Row | undefined {
    const entry = this.entries.get(userId);
    if (!entry) return undefined;
    if (entry.until > now) return entry.row;
    this.entries.delete(userId);
    return undefined;
  }

  /** The generation to hand back to `set` with what a read that starts now finds. */
  get version(): number {
    return this.generation;
  }

  /** Keeps `row`, read by a read that started at `version`, unless a change came since. */
  set(userId: string, row: Row, version: number, now: number): void {
    if (version !== this.generation) return;
    if (this.entries.size >= MAX_ENTRIES) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.delete(userId); // re-inserted last: the map's order is the age order
    this.entries.set(userId, { row, until: now + PROFILE_TTL_MS });
  }

  drop(userId: string): void {
    this.generation += 1;
    this.entries.delete(userId);
  }
}

const watched = new WeakMap<PGlite, Promise<ProfileCache<unknown>>>();

/**
 * The profile cache of an embedded database, watching its `users_changed` notifications (set up once per
 * database, on first use). Rows are whatever the caller keeps; one caller shape per database.
 */
export function profileCacheOf<Row>(client: PGlite): Promise<ProfileCache<Row>> {
  let cache = watched.get(client);
  if (!cache) {
    cache = (async () => {
      const created = new ProfileCache<unknown>();
      await client.listen("users_changed", (userId) => created.drop(userId));
      await client.exec("set brokerage.watch_users = on");
      return created;
    })();
    watched.set(client, cache);
  }
  return cache as Promise<ProfileCache<Row>>;
}
