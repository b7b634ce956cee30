import "../cards.css";
import { useMemo } from "react";
import Button from "antd-mobile/es/components/button";
import { useTranslation } from "react-i18next";
import type { BankCard } from "@brokerage/api";
import { BANK_CARDS_MAX } from "@brokerage/api/constants";
import { Screen } from "../../../components/Screen";
import { QueryView, isEmptyList } from "../../../components/QueryView";
import { IconButton } from "../../../components/IconButton";
import { EmptyState } from "../../../components/EmptyState";
import { useGo } from "../../../app/useGo";
import { showSuccess } from "../../../lib/toast";
import { Refreshable } from "../../../components/Refreshable";
import { useBankCards, useRemoveBankCard } from "../api/cards";
import { displayMasked, lastFour } from "../components/cardNumber";
import { confirmRemoval } from "../components/confirm";
import { countryNamer } from "../components/countries";

const ADD_PATH = "/information/addBankCard";

/** /information/bankList: the bound cards, masked (spec §3); add, remove with confirmation, pull to refresh. */
export default function BankListScreen() {
  const { t } = useTranslation();
  const go = useGo();
  const cards = useBankCards();
  const full = (cards.data?.length ?? 0) >= BANK_CARDS_MAX;
  return (
    <Screen
      title={t("title.information.bankList")}
      right={
        cards.data &&
        cards.data.length > 0 &&
        !full && (
          <button type="button" className="text-button" onClick={() => go(ADD_PATH)}>
            {t("cards.addShort")}
          </button>
        )
      }
    >
      <Refreshable onRefresh={() => cards.refetch()}>
        <QueryView
          query={cards}
          isEmpty={isEmptyList}
          empty={
            <div className="card cards-empty">
              <EmptyState text={t("cards.empty")} />
              <p className="cards-empty__hint">{t("cards.emptyHint")}</p>
              <Button block color="primary" size="large" onClick={() => go(ADD_PATH)}>
                {t("cards.add")}
              </Button>
            </div>
          }
        >
          {(items) => (
            <>
              <ul className="bank-cards" aria-label={t("title.information.bankList")}>
                {items.map((card) => (
                  <BankCardTile key={card.id} card={card} />
                ))}
              </ul>
              <p className="footnote">
                {full ? t("cards.limitReached") : t("cards.limitNote", { limit: BANK_CARDS_MAX })}
              </p>
            </>
          )}
        </QueryView>
      </Refreshable>
    </Screen>
  );
}

function BankCardTile({ card }: { card: BankCard }) {
  const { t, i18n } = useTranslation();
  const countryName = useMemo(() => countryNamer(i18n.language), [i18n.language]);
  const remove = useRemoveBankCard();
  const last4 = lastFour(card.cardNumber);
  const ask = async () => {
    if (!(await confirmRemoval(t("cards.removeConfirm", { bank: card.bankName, last4 })))) return;
    remove.mutate(card.id, { onSuccess: () => showSuccess(t("cards.removed")) });
  };
  return (
    <li className="bank-card">
      <div className="bank-card__head">
        <h2 className="bank-card__bank">{card.bankName}</h2>
        <IconButton
          icon="trash"
          light
          className="bank-card__remove"
          label={t("cards.remove", { last4 })}
          onClick={() => void ask()}
        />
      </div>
      <p className="bank-card__number" aria-label={t("cards.numberEnding", { last4 })}>
        {displayMasked(card.cardNumber)}
      </p>
      <dl className="bank-card__details">
        <div>
          <dt>{t("cards.holder")}</dt>
          <dd>{card.holderName}</dd>
        </div>
        <div>
          <dt>{t(card.ifsc === null ? "cards.swift" : "cards.ifsc")}</dt>
          <dd>{card.ifsc ?? card.swift}</dd>
        </div>
        <div className="bank-card__branch">
          <dt>{t("cards.country")}</dt>
          <dd>{countryName(card.country)}</dd>
        </div>
        <div className="bank-card__branch">
          <dt>{t("cards.branch")}</dt>
          <dd>{card.branchName}</dd>
        </div>
      </dl>
    </li>
  );
}
