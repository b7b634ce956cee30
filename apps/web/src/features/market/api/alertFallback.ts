import { ALERT_MESSAGE_KIND } from "@brokerage/api/constants";
import type { Message } from "@brokerage/api";

const PRICE_ALERT_KINDS: ReadonlySet<string> = new Set(Object.values(ALERT_MESSAGE_KIND));

export interface AlertFallbackOptions {
  /** The inbox's newest page (`message/list`), or null when it could not be read this time. */
  fetchInbox: () => Promise<readonly Message[] | null>;
  /** Tells one fired alert (the toast), with its inbox message. */
  tell: (message: Message) => void;
  pollMs: number;
}

/**
 * A fired price alert is told by the socket while it is connected (`priceAlert`). While the socket is down
 * and quotes are polled, this polls the inbox's newest page instead and tells each unread price-alert message
 * that arrived after polling began, once: the app open means the toast, whichever way prices come.
 */
export class AlertFallback {
  private timer: ReturnType<typeof setInterval> | null = null;
  /** The messages there when polling began (not told: the socket told them, or they came while closed). */
  private known: Set<string> | null = null;
  private generation = 0;

  constructor(private readonly options: AlertFallbackOptions) {}

  /** Starts (polling: true) or stops polling; starting again takes a new baseline. */
  setPolling(polling: boolean): void {
    if (polling === (this.timer !== null)) return;
    this.generation++;
    if (!polling) {
      clearInterval(this.timer ?? undefined);
      this.timer = null;
      return;
    }
    this.known = null;
    void this.poll(this.generation);
    this.timer = setInterval(() => void this.poll(this.generation), this.options.pollMs);
  }

  private async poll(generation: number): Promise<void> {
    const messages = await this.options.fetchInbox();
    if (!messages || generation !== this.generation) return;
    if (this.known === null) {
      this.known = new Set(messages.map((message) => message.id));
      return;
    }
    for (const message of [...messages].reverse()) {
      if (this.known.has(message.id)) continue;
      this.known.add(message.id);
      if (PRICE_ALERT_KINDS.has(message.kind) && !message.read) this.options.tell(message);
    }
  }
}
