import { money, toBookedString, type Money } from "../../money.js";

/**
 * The account centre's totals (DESIGN §4.1 `account/overview`): every wallet converted into one display
 * currency at the mid rate, plus what open positions contribute, and the profit as DESIGN §5a defines it:
 * equity less net deposits, so every fee, tax, spread and interest paid is in it. Pure: the balances, the
 * net deposits and the rates are given.
 */

/** One currency's ledger balances (the user's accounts of that currency, by purpose). */
export interface WalletBalances {
  currency: string;
  available: Money | string;
  /** Held for pending withdrawals, limit orders and subscriptions. */
  held: Money | string;
  /** Margin of open positions (booked by trading). */
  margin: Money | string;
}

/**
 * What the open positions in one currency add to the overview, given by a position valuation (trading):
 * `marketValue` is what they are worth now (for a leveraged position its margin plus its unrealised P&L);
 * `unrealisedPnl` is the part of it that is not booked. The ledger already counts the margin, so the
 * totals add only the unrealised P&L; the market value is reported beside them.
 */
export interface PositionContribution {
  currency: string;
  marketValue: Money | string;
  unrealisedPnl: Money | string;
}

export interface OverviewInput {
  display: string;
  wallets: readonly WalletBalances[];
  /**
   * Money the user put in less money taken out, per currency (FUND_FLOW_TYPES: deposits, payouts, loans,
   * adjustments): what is not profit. Converted at today's rate, as the wallets are.
   */
  netDeposits: readonly { currency: string; amount: Money | string }[];
  positions: readonly PositionContribution[];
  /** Units of `display` per unit of `currency` at the mid rate, or undefined when there is no fresh rate. */
  midRate: (currency: string) => Money | string | undefined;
}

export interface OverviewTotals {
  /** Available + frozen + unrealised P&L, in the display currency at its scale. */
  total: string;
  available: string;
  /** Held + margin. */
  frozen: string;
  /** Equity (total) less net deposits: every gain and loss, net of every cost paid. */
  profit: string;
  /** Net deposits in the display currency. */
  netDeposits: string;
  /** The open positions' market value. */
  positionsValue: string;
  /**
   * Currencies holding money that could not be converted (no fresh rate): left out of every total rather
   * than converted at a guessed rate. Empty when the totals are complete.
   */
  unconverted: string[];
}

export function overviewTotals(input: OverviewInput): OverviewTotals {
  const sums = {
    available: money(0),
    frozen: money(0),
    unrealised: money(0),
    netDeposits: money(0),
    value: money(0),
  };
  const unconverted = new Set<string>();
  const convert = (currency: string, amount: Money | string): Money => {
    const value = money(amount);
    if (value.isZero()) return value;
    if (currency === input.display) return value;
    const rate = input.midRate(currency);
    if (rate === undefined) {
      unconverted.add(currency);
      return money(0);
    }
    return value.times(rate);
  };
  for (const w of input.wallets) {
    sums.available = sums.available.plus(convert(w.currency, w.available));
    sums.frozen = sums.frozen.plus(convert(w.currency, money(w.held).plus(w.margin)));
  }
  for (const d of input.netDeposits) sums.netDeposits = sums.netDeposits.plus(convert(d.currency, d.amount));
  for (const p of input.positions) {
    sums.unrealised = sums.unrealised.plus(convert(p.currency, p.unrealisedPnl));
    sums.value = sums.value.plus(convert(p.currency, p.marketValue));
  }
  const shown = (amount: Money) => toBookedString(amount, input.display);
  const total = sums.available.plus(sums.frozen).plus(sums.unrealised);
  return {
    total: shown(total),
    available: shown(sums.available),
    frozen: shown(sums.frozen),
    // From the rounded figures, so that the screen's total − net deposits = profit to the cent.
    profit: shown(money(shown(total)).minus(shown(sums.netDeposits))),
    netDeposits: shown(sums.netDeposits),
    positionsValue: shown(sums.value),
    unconverted: [...unconverted].sort(),
  };
}
