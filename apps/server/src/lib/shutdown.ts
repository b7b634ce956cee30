/** The signals that stop the server; the exit code of a forced stop is 128 + the signal's number. */
export const STOP_SIGNALS = { SIGINT: 2, SIGTERM: 15 } as const;
export type StopSignal = keyof typeof STOP_SIGNALS;

export interface ShutdownOptions {
  /**
   * A signal this soon after the first is the same request delivered again: a terminal's Ctrl-C reaches
   * every process of its group, and a launcher or npm may pass it on too.
   */
  copiesWithinMs?: number;
  /** Real time, for telling copies from a second press: the injected clock of the app may stand still. */
  now?: () => number;
  exit?: (code: number) => void;
  log?: (event: "stopping" | "forced" | "failed", detail: { signal: StopSignal; err?: unknown }) => void;
}

/**
 * The server's one way out on a signal. The first signal waits for the start-up to settle, then closes
 * what was opened, last opened first (the HTTP server with its sockets and schedulers before the database,
 * which is what leaves the embedded database's folder unlocked), and exits 0, or 1 when a close failed.
 * Copies of that signal are ignored; a signal after them (a second Ctrl-C) exits at once.
 */
export class Shutdown {
  private readonly closers: { name: string; close: () => Promise<void> }[] = [];
  private firstAt: number | undefined;
  private started: Promise<unknown> = Promise.resolve();
  private readonly copiesWithinMs: number;
  private readonly now: () => number;
  private readonly exit: (code: number) => void;
  private readonly log: NonNullable<ShutdownOptions["log"]>;

  constructor(options: ShutdownOptions = {}) {
    this.copiesWithinMs = options.copiesWithinMs ?? 1_000;
    this.now = options.now ?? Date.now;
    this.exit = options.exit ?? ((code) => process.exit(code));
    this.log = options.log ?? (() => {});
  }

  get stopping(): boolean {
    return this.firstAt !== undefined;
  }

  /** Listens for the stop signals on this process; returns the way to stop listening. */
  listen(target: NodeJS.Process = process): () => void {
    const listeners = (Object.keys(STOP_SIGNALS) as StopSignal[]).map((signal) => {
      const listener = () => void this.signal(signal);
      target.on(signal, listener);
      return () => target.off(signal, listener);
    });
    return () => listeners.forEach((off) => off());
  }

  /** The start-up, which a stop waits for rather than closing what it is still opening. */
  startingUp(startup: Promise<unknown>): void {
    this.started = startup.catch(() => {});
  }

  /** Closed on the way out, after whatever is registered later. */
  onStop(name: string, close: () => Promise<void>): void {
    this.closers.push({ name, close });
  }

  async signal(signal: StopSignal): Promise<void> {
    const now = this.now();
    if (this.firstAt !== undefined) {
      if (now - this.firstAt < this.copiesWithinMs) return;
      this.log("forced", { signal });
      return this.exit(128 + STOP_SIGNALS[signal]);
    }
    this.firstAt = now;
    this.log("stopping", { signal });
    await this.started;
    let code = 0;
    for (const { name, close } of [...this.closers].reverse()) {
      try {
        await close();
      } catch (err) {
        // The rest is still closed: a failed HTTP close must not keep the database open.
        this.log("failed", {
          signal,
          err: Object.assign(new Error(`closing ${name} failed`), { cause: err }),
        });
        code = 1;
      }
    }
    this.exit(code);
  }
}
