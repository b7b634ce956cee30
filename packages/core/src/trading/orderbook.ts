import type { Money } from "../money.js";
import type { Direction } from "./maths.js";

/**
 * The in-memory book the matcher consults on every tick (issue 9: per-symbol sorted books, not a scan of
 * every order). It holds what a price can trigger: pending limit orders, and the stop-loss and take-profit
 * of open positions. The database stays the truth; the leader rebuilds the book from it at start.
 *
 * Each entry fires on one side of its price:
 *   long limit (a buy) and long stop-loss         fire when the price falls to or below it;
 *   short limit (a sell) and long take-profit     fire when the price rises to or above it;
 *   short stop-loss fires at or above, short take-profit at or below.
 *
 * Per symbol, each side is an array sorted so that the entry to fire first is at the end: a tick pops the
 * crossed entries off the end, O(k) for k crossed, and an entry is inserted or removed by binary search
 * (O(log n) comparisons plus one array move). Prices compare as scaled integers, exactly.
 */

export type TriggerKind = "limit" | "stopLoss" | "takeProfit";
export type Fires = "atOrBelow" | "atOrAbove";

export interface BookEntry {
  /** Unique in the book across kinds (e.g. `sl:<positionId>`, `tp:<positionId>`, `<orderId>`). */
  id: string;
  symbol: string;
  kind: TriggerKind;
  direction: Direction;
  /** The limit or trigger price: a plain decimal string, at most PRICE_DECIMALS decimals. */
  price: string;
}

/** Decimals prices keep in the book's integer keys. */
export const PRICE_DECIMALS = 10;

const PLAIN_DECIMAL = /^\d+(\.\d+)?$/;
/** Up to 15 digits a scaled price is a safe integer, so a plain number compares it exactly and faster. */
const SAFE_DIGITS = 15;

/** A price's digits scaled by 10^PRICE_DECIMALS, as a string of digits. */
function scaledDigits(price: string | Money): string {
  const text = typeof price === "string" ? price : price.toFixed();
  if (!PLAIN_DECIMAL.test(text)) throw new RangeError(`not a plain non-negative decimal price: ${text}`);
  const dot = text.indexOf(".");
  if (dot < 0) return text + "0".repeat(PRICE_DECIMALS);
  let end = text.length;
  while (end > dot + 1 && text.charCodeAt(end - 1) === 48) end--;
  const fraction = text.slice(dot + 1, end);
  if (fraction.length > PRICE_DECIMALS)
    throw new RangeError(`price ${text} has more than ${PRICE_DECIMALS} decimals`);
  return text.slice(0, dot) + fraction.padEnd(PRICE_DECIMALS, "0");
}

/** A non-negative decimal price as an integer in units of 10^−PRICE_DECIMALS, exactly. */
export function scaledPrice(price: string | Money): bigint {
  return BigInt(scaledDigits(price));
}

/**
 * The book's key of a price: a number while that is exact, a bigint beyond. JavaScript compares a number
 * with a bigint by their exact values, so the two kinds sort together correctly.
 */
type Key = number | bigint;
function keyOf(price: string | Money): Key {
  const digits = scaledDigits(price).replace(/^0+(?=\d)/, "");
  return digits.length <= SAFE_DIGITS ? Number(digits) : BigInt(digits);
}

/** Which side of its price an entry fires on. */
export function firesWhen(kind: TriggerKind, direction: Direction): Fires {
  // A long's limit and stop-loss both wait for a lower price; its take-profit for a higher one.
  const waitsForLower = kind !== "takeProfit";
  return (direction === "long") === waitsForLower ? "atOrBelow" : "atOrAbove";
}

interface Node<E> {
  entry: E;
  key: Key;
  /** Arrival order, for time priority among equal prices. */
  seq: number;
}

interface SymbolBook<E> {
  /** Fires when price ≤ key: ascending by key, so the highest key (first to fire) is at the end. */
  atOrBelow: Node<E>[];
  /** Fires when price ≥ key: descending by key, so the lowest key is at the end. */
  atOrAbove: Node<E>[];
}

/** Negative when `a` belongs before `b` in the side's array; ties put the older entry later (it fires first). */
function order(side: Fires, a: Node<unknown>, b: Node<unknown>): number {
  // `<` and `>`, not `!==`: a number and a bigint of one value are never identical.
  if (a.key < b.key) return side === "atOrBelow" ? -1 : 1;
  if (a.key > b.key) return side === "atOrBelow" ? 1 : -1;
  return b.seq - a.seq;
}

/** The first index whose node belongs after `node` (or the node itself, when present). */
function searchIndex<E>(side: Fires, nodes: readonly Node<E>[], node: Node<E>): number {
  let low = 0;
  let high = nodes.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (order(side, nodes[mid] as Node<E>, node) < 0) low = mid + 1;
    else high = mid;
  }
  return low;
}

export class LimitBook<E extends BookEntry = BookEntry> {
  private readonly books = new Map<string, SymbolBook<E>>();
  private readonly byId = new Map<string, { node: Node<E>; side: Fires }>();
  private seq = 0;

  /** Entries held, over all symbols. */
  get size(): number {
    return this.byId.size;
  }

  /** Entries held for one symbol. */
  sizeOf(symbol: string): number {
    const book = this.books.get(symbol);
    return book ? book.atOrBelow.length + book.atOrAbove.length : 0;
  }

  has(id: string): boolean {
    return this.byId.has(id);
  }

  get(id: string): E | undefined {
    return this.byId.get(id)?.node.entry;
  }

  /** Adds an entry behind the ones already at its price; an id already in the book is a mistake. */
  add(entry: E): void {
    if (this.byId.has(entry.id)) throw new Error(`entry ${entry.id} is already in the book`);
    const node: Node<E> = { entry, key: keyOf(entry.price), seq: this.seq++ };
    const side = firesWhen(entry.kind, entry.direction);
    let book = this.books.get(entry.symbol);
    if (!book) {
      book = { atOrBelow: [], atOrAbove: [] };
      this.books.set(entry.symbol, book);
    }
    const nodes = book[side];
    nodes.splice(searchIndex(side, nodes, node), 0, node);
    this.byId.set(entry.id, { node, side });
  }

  /** Takes an entry out (cancelled order, stop-loss changed, position closed); answers it, if it was there. */
  remove(id: string): E | undefined {
    const found = this.byId.get(id);
    if (!found) return undefined;
    const { node, side } = found;
    const book = this.books.get(node.entry.symbol);
    const nodes = book?.[side];
    const index = nodes ? searchIndex(side, nodes, node) : -1;
    if (!book || !nodes || nodes[index] !== node) throw new Error(`book out of order at ${id}`);
    nodes.splice(index, 1);
    this.byId.delete(id);
    if (book.atOrBelow.length === 0 && book.atOrAbove.length === 0) this.books.delete(node.entry.symbol);
    return node.entry;
  }

  /**
   * Removes and answers every entry of `symbol` that `price` reaches: first those firing at or below
   * (highest price first), then those firing at or above (lowest price first); equal prices oldest first.
   */
  crossed(symbol: string, price: string | Money): E[] {
    const book = this.books.get(symbol);
    if (!book) return [];
    const key = keyOf(price);
    const out: E[] = [];
    const take = (nodes: Node<E>[], reached: (k: Key) => boolean) => {
      for (let last = nodes.at(-1); last !== undefined && reached(last.key); last = nodes.at(-1)) {
        nodes.pop();
        this.byId.delete(last.entry.id);
        out.push(last.entry);
      }
    };
    take(book.atOrBelow, (k) => key <= k);
    take(book.atOrAbove, (k) => key >= k);
    if (book.atOrBelow.length === 0 && book.atOrAbove.length === 0) this.books.delete(symbol);
    return out;
  }

  clear(): void {
    this.books.clear();
    this.byId.clear();
  }
}
