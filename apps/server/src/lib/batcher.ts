/**
 * Gathers calls that arrive while earlier ones are being written and hands them over together, as a
 * database's group commit gathers commits (and TigerBeetle a batch of transfers): one statement and one
 * commit for the lot instead of one each. Nobody waits for a batch to fill: a call that finds fewer than
 * `inFlight` batches running goes at once (alone, when the system is idle); calls that arrive meanwhile
 * wait for the next batch, at most `maxSize` in each.
 *
 * `run` answers one outcome per call, in the calls' order: a value, or an error for that call alone. A
 * batch that fails as a whole (an error of the statement: a lost connection, a deadlock, a constraint a
 * call broke) is rolled back as a whole, so its calls are run again one by one, each in a batch of its
 * own, and a call alone gets its own error.
 */
export class Batcher<In, Out> {
  private readonly waiting: { call: In; settle: (outcome: Settled<Out>) => void }[] = [];
  private running = 0;

  constructor(
    private readonly run: (calls: readonly In[]) => Promise<readonly Settled<Out>[]>,
    private readonly limits: { maxSize: number; inFlight: number },
  ) {
    if (!(limits.maxSize >= 1 && limits.inFlight >= 1))
      throw new Error("a batcher needs limits of at least 1");
  }

  /** Runs the call in the next batch; answers its value or throws its error. */
  submit(call: In): Promise<Out> {
    return new Promise<Settled<Out>>((settle) => {
      this.waiting.push({ call, settle });
      this.next();
    }).then((outcome) => {
      if ("error" in outcome) throw outcome.error;
      return outcome.value;
    });
  }

  private next(): void {
    while (this.running < this.limits.inFlight && this.waiting.length > 0) {
      const batch = this.waiting.splice(0, this.limits.maxSize);
      this.running += 1;
      void this.send(batch).finally(() => {
        this.running -= 1;
        this.next();
      });
    }
  }

  private async send(batch: { call: In; settle: (outcome: Settled<Out>) => void }[]): Promise<void> {
    let outcomes: readonly Settled<Out>[];
    try {
      outcomes = await this.run(batch.map((b) => b.call));
      if (outcomes.length !== batch.length)
        throw new Error(`a batch of ${batch.length} answered ${outcomes.length} outcomes`);
    } catch (error) {
      if (batch.length === 1) {
        batch[0]?.settle({ error });
        return;
      }
      await Promise.all(batch.map((b) => this.send([b])));
      return;
    }
    batch.forEach((b, i) => b.settle(outcomes[i] as Settled<Out>));
  }
}

/** One call's outcome in a batch: its value, or its own error. */
export type Settled<Out> = { value: Out } | { error: unknown };
