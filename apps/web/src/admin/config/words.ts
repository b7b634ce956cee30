import {
  LANGUAGES,
  type CheckinRewardsSetting,
  type LanguageCode,
  type SeatTermsSetting,
  type SettingKey,
  type TimeWindow,
} from "@brokerage/api";
import { formatMoney, money, scaleOf } from "@brokerage/core";
import type { TFunction } from "i18next";
import { kindOf, weekdayNames, type LoanTerms } from "./kinds";
import { tradingText } from "./trading";

type Range = { min: string; max: string };

/** An amount with its currency's decimals and code: "USD 1,000.00". */
export const amountText = (value: string, currency: string) =>
  `${currency} ${formatMoney(value, scaleOf(currency))}`;

/** A fraction as a percentage: "0.005" → "0.5%". */
export const percentText = (fraction: string) => `${money(fraction).times(100).toFixed()}%`;

/** The check-in's rewards in words: "USD 0.10 a check-in · 7 check-ins: USD 1.00 · …". */
function checkinText(t: TFunction, value: CheckinRewardsSetting): string {
  const per = money(value.perCheckIn).isZero()
    ? t("config.checkin.nothingPer")
    : t("config.checkin.per", { amount: amountText(value.perCheckIn, value.currency) });
  const rewards = value.rewards.map((r) =>
    t("config.checkin.reward", { count: r.checkIns, amount: amountText(r.amount, value.currency) }),
  );
  return [per, ...rewards].join(" · ");
}

/** What a seat grants, in the staff member's language where the line has it. */
function seatText(t: TFunction, language: string, value: SeatTermsSetting): string {
  if (value.grants.length === 0) return t("config.seat.notOffered");
  const code = (Object.entries(LANGUAGES).find(([, l]) => l.tag === language)?.[0] ?? "en") as LanguageCode;
  const lines = value.grants.map((g) => g[code] || g.en);
  return [...lines, t(value.requireKyc ? "config.seat.kyc" : "config.seat.noKyc")].join(" · ");
}

/** A value in words, on one line, for the page and the editor. */
export function valueText(t: TFunction, language: string, key: SettingKey, value: unknown): string {
  const kind = kindOf(key);
  switch (kind) {
    case "checkinRewards":
      return checkinText(t, value as CheckinRewardsSetting);
    case "seatTerms":
      return seatText(t, language, value as SeatTermsSetting);
    case "window": {
      const w = value as TimeWindow;
      const names = weekdayNames(language);
      const days = w.days.map((d) => names[d]).join(", ");
      return t("config.windowText", { days, from: w.from, to: w.to, timeZone: w.timeZone });
    }
    case "limits":
      return Object.entries(value as Record<string, Range>)
        .map(([c, r]) => `${amountText(r.min, c)} – ${formatMoney(r.max, scaleOf(c))}`)
        .join(" · ");
    case "perCurrency":
      return Object.entries(value as Record<string, string>)
        .map(([c, a]) => amountText(a, c))
        .join(" · ");
    case "fraction":
      return percentText(String(value));
    case "arrival": {
      const a = value as { withinHours: number; latestDays: number };
      return t("config.arrivalText", { hours: a.withinHours, days: a.latestDays });
    }
    case "trading":
      return tradingText(t, key, value);
    case "networkFees":
      return (
        Object.entries(value as Record<string, Record<string, string>>)
          .map(
            ([network, fees]) =>
              `${network}: ${Object.entries(fees)
                .map(([c, a]) => amountText(a, c))
                .join(", ")}`,
          )
          .join(" · ") || t("config.networkFees.none")
      );
    case "loanTerms": {
      const l = value as LoanTerms;
      return t("config.loan.text", {
        perPoint: amountText(l.perScorePoint, l.currency),
        maxQuota: amountText(l.maxQuota, l.currency),
        minAmount: amountText(l.minAmount, l.currency),
        rate: percentText(l.dailyRate),
        days: l.termDays,
      });
    }
    case "languages":
      return (value as LanguageCode[]).map((code) => LANGUAGES[code]?.label ?? code).join(", ");
    case "link":
      return (value as string) || t("config.app.noLink");
    case "logo":
      return value ? t("config.app.ownLogo") : t("config.app.builtInLogo");
    case "text":
      return String(value);
    case "integer":
      if (key === "exchange.quoteSeconds") return t("config.seconds", { count: value as number });
      if (key === "alerts.maxActive") return t("config.alertsCount", { count: value as number });
      if (key === "support.complaintAnswerDays" || key === "support.complaintEscalateDays")
        return t("config.days", { count: value as number });
      if (key === "withdrawal.minCreditScore") return t("config.scorePoints", { count: value as number });
      return String(value);
    default:
      return typeof value === "string" ? value : JSON.stringify(value);
  }
}
