import type { TFunction } from "i18next";
import type { WithdrawRule } from "@brokerage/api";
import { errorText } from "../../lib/api";
import { formatDateTime, formatTimeText } from "../../lib/format";
import { formatMoneySafe } from "../../lib/money";
import { formatDays, formatTimeZone } from "../deposit";

/**
 * The user's standing on one rule of `fund/withdrawRules` in words: what is met, or what is missing and
 * by how much. Where the rule's own refusal says it best (a frozen account, no fund password, a lock
 * until a time), that refusal's translated message is the text.
 */
export function standingText(t: TFunction, rule: WithdrawRule, currency: string, language: string): string {
  const p = rule.params;
  const money = (value: string | undefined) => formatMoneySafe(value ?? "0");
  const state = rule.met ? "met" : "unmet";
  switch (rule.id) {
    case "account":
    case "fundPassword":
      return rule.met ? t(`withdraw.rule.${rule.id}.met`) : errorText(rule.code ?? undefined, p);
    case "kyc":
      return t(`withdraw.rule.kyc.${state}`, { state: t(`withdraw.kycState.${p.state ?? "not_verified"}`) });
    case "bankCard": {
      const cards = Number(p.count ?? 0);
      const wallets = Number(p.wallets ?? 0);
      if (!rule.met) return t("withdraw.rule.bankCard.unmet");
      if (wallets === 0) return t("withdraw.rule.bankCard.met", { count: cards });
      if (cards === 0) return t("withdraw.rule.bankCard.metWallets", { count: wallets });
      return t("withdraw.rule.bankCard.metBoth", {
        cards: t("withdraw.rule.bankCard.met", { count: cards }),
        wallets: t("withdraw.rule.bankCard.metWallets", { count: wallets }),
      });
    }
    case "creditScore":
      return t(`withdraw.rule.creditScore.${state}`, { score: p.score, minScore: p.minScore });
    case "window":
      return t(`withdraw.rule.window.${state}`, {
        days: formatDays(
          (p.days ?? "").split(",").filter(Boolean).map(Number),
          language,
          t("withdraw.everyDay"),
        ),
        start: formatTimeText(p.start ?? ""),
        end: formatTimeText(p.end ?? ""),
        timeZone: formatTimeZone(p.timeZone ?? "", language),
      });
    case "limits":
      return t(`withdraw.rule.limits.${state}`, { min: money(p.min), max: money(p.max), currency });
    case "noPending":
      return rule.met
        ? t("withdraw.rule.noPending.met")
        : t("withdraw.rule.noPending.unmet", {
            amount: money(p.amount),
            currency: p.currency,
            at: p.createdAt ? formatDateTime(new Date(p.createdAt)) : "",
          });
    case "withdrawable":
      return t(`withdraw.rule.withdrawable.${p.min === undefined ? "none" : state}`, {
        available: money(p.available),
        min: money(p.min),
        currency,
      });
  }
}
