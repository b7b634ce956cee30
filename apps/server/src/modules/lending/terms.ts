import { LENDING_DAY_COUNT } from "@brokerage/api";
import {
  MoneyDecimal,
  calendarOf,
  fixedText,
  money,
  nextOpen,
  nextTradingDay,
  scaleOf,
  toPlainString,
  zonedDayMinute,
  zonedToInstant,
  type DayNum,
  type ExchangeCode,
  type Money,
} from "@brokerage/core";
import type { Db } from "../../db/index.js";
import { getSetting } from "../settings/index.js";

/**
 * The lending rules as exact arithmetic and the exchange's calendar (packages/api lending.ts,
 * docs/lending.md). Every rounding of money paid to the user goes down to the currency's scale.
 */

export interface LendingRates {
  grossRate: string;
  brokerShare: string;
  /** grossRate × (1 − brokerShare): what the user is paid a year on the value. */
  rate: string;
}

export async function ratesOf(db: Db): Promise<LendingRates> {
  const [grossRate, brokerShare] = await Promise.all([
    getSetting(db, "lending.grossRate"),
    getSetting(db, "lending.brokerShare"),
  ]);
  const rate = money(grossRate).times(money(1).minus(brokerShare));
  return {
    grossRate: toPlainString(grossRate),
    brokerShare: toPlainString(brokerShare),
    rate: toPlainString(rate),
  };
}

export const roundDown = (value: Money, currency: string) =>
  fixedText(value.toDecimalPlaces(scaleOf(currency), MoneyDecimal.ROUND_DOWN), scaleOf(currency));

/** One day's exact rebate on `value`: value × rate ÷ 365. */
export const dayAccrual = (value: Money | string, rate: string): Money =>
  money(value).times(rate).dividedBy(LENDING_DAY_COUNT);

/** What a whole term earns at a constant value, rounded down (shown before lending, and on the lending). */
export const expectedRebate = (value: string, rate: string, days: number, currency: string) =>
  roundDown(dayAccrual(value, rate).times(days), currency);

const zoneOf = (exchange: string) => calendarOf(exchange as ExchangeCode).timeZone;

/** The calendar day (the exchange's zone) an instant falls in. */
export const localDay = (exchange: string, at: Date): DayNum =>
  zonedDayMinute(zoneOf(exchange), at.getTime()).day;

/** The end of a calendar day in the exchange's zone: the instant of its mark. */
export const dayEnd = (exchange: string, day: DayNum): Date =>
  new Date(zonedToInstant(zoneOf(exchange), day + 1, 0));

/** The open of the first trading day on or after `day`. */
function openOn(exchange: string, day: DayNum): Date {
  const code = exchange as ExchangeCode;
  const start = zonedToInstant(zoneOf(exchange), day, 0);
  return new Date(nextOpen(code, start));
}

/** A term's end: the open of the first trading day on or after `days` calendar days from the start's day. */
export const termEnd = (exchange: string, startedAt: Date, days: number): Date =>
  openOn(exchange, localDay(exchange, startedAt) + days);

/** A recall's effect: the open of the next trading day after the day it is asked on. */
export const recallEnd = (exchange: string, at: Date): Date =>
  openOn(exchange, nextTradingDay(exchange as ExchangeCode, localDay(exchange, at)));
