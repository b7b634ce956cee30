import "../cards.css";
import type { FormEvent } from "react";
import { useNavigate } from "react-router";
import Button from "antd-mobile/es/components/button";
import { useTranslation } from "react-i18next";
import type { KycStatus } from "@brokerage/api";
import { isCardNumber, isIfsc, namesMatch } from "@brokerage/core";
import { Screen } from "../../../components/Screen";
import { Field } from "../../../components/Field";
import { QueryView } from "../../../components/QueryView";
import { Icon } from "../../../components/icons";
import { useGo } from "../../../app/useGo";
import { useContractForm } from "../../../lib/useContractForm";
import { showSuccess } from "../../../lib/toast";
import { useUserInfo } from "../../account";
import { useAddBankCard } from "../api/cards";

const KYC_PATH = "/information/authInfo";
const BANK_LIST_PATH = "/information/bankList";

/** History index kept by react-router in history.state; 0 means this page opened the app. */
const canGoBack = () => ((window.history.state as { idx?: number } | null)?.idx ?? 0) > 0;

/**
 * /information/addBankCard: holder name (the verified real name, filled in), card number, bank, branch and
 * IFSC code (spec §3, §5). Cards are bound only in the verified name, so before KYC is verified the
 * screen explains that and leads to /information/authInfo instead of showing a form that cannot succeed.
 */
export default function AddBankCardScreen() {
  const { t } = useTranslation();
  const user = useUserInfo();
  return (
    <Screen title={t("title.information.addBankCard")}>
      <QueryView query={user}>
        {(info) =>
          info.kycStatus === "verified" && info.realname ? (
            <AddBankCardForm realName={info.realname} />
          ) : (
            <KycNeeded status={info.kycStatus} />
          )
        }
      </QueryView>
    </Screen>
  );
}

/** Before KYC is verified: why a card cannot be bound yet, and the way to verification. */
function KycNeeded({ status }: { status: KycStatus }) {
  const { t } = useTranslation();
  const go = useGo();
  // "verified" without a real name cannot happen after an approval; it reads as not verified.
  const state = status === "verified" ? "not_verified" : status;
  return (
    <section className="card kyc-needed" aria-labelledby="kyc-needed-title">
      <span className="kyc-needed__icon" aria-hidden="true">
        <Icon name="shield" />
      </span>
      <h2 id="kyc-needed-title" className="kyc-needed__title">
        {t("cards.kycTitle")}
      </h2>
      <p className="kyc-needed__text">{t(`cards.kyc.${state}`)}</p>
      <Button block color="primary" size="large" onClick={() => go(KYC_PATH)}>
        {t(state === "under_review" ? "cards.kycActionReview" : "cards.kycAction")}
      </Button>
    </section>
  );
}

function AddBankCardForm({ realName }: { realName: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const add = useAddBankCard();
  // The contract checks the shape; the rules of the number, the IFSC code and the name come from the
  // core, as on the server, so a mistake is shown beside its field before anything is sent.
  const form = useContractForm(
    ({ addBankCardRequest: schema }) =>
      schema.extend({
        holderName: schema.shape.holderName.refine((name) => namesMatch(name, realName), {
          message: "CARD_NOT_OWNED",
        }),
        cardNumber: schema.shape.cardNumber.refine(isCardNumber, { message: "CARD_NUMBER_INVALID" }),
        ifsc: schema.shape.ifsc.refine(isIfsc, { message: "IFSC_INVALID" }),
      }),
    { holderName: realName, cardNumber: "", bankName: "", branchName: "", ifsc: "" },
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void form.check().then((values) => {
      if (!values) return;
      add.mutate(values, {
        onSuccess: () => {
          showSuccess(t("cards.added"));
          // Back to the screen that asked for the card (the list, refreshed by the mutation): replacing
          // this entry with the list instead would leave a second list under it, so "back" from the
          // list would only reach the list again.
          if (canGoBack()) void navigate(-1);
          else void navigate(BANK_LIST_PATH, { replace: true });
        },
      });
    });
  };

  return (
    <form className="form card" onSubmit={submit} noValidate>
      <p className="form__lead">{t("cards.formLead")}</p>
      <Field
        label={t("cards.holder")}
        placeholder={t("cards.holderPlaceholder")}
        autoComplete="cc-name"
        {...form.field("holderName")}
      />
      <Field
        label={t("cards.number")}
        placeholder={t("cards.numberPlaceholder")}
        autoComplete="cc-number"
        inputMode="numeric"
        {...form.field("cardNumber")}
      />
      <Field
        label={t("cards.bank")}
        placeholder={t("cards.bankPlaceholder")}
        autoComplete="off"
        {...form.field("bankName")}
      />
      <Field
        label={t("cards.branch")}
        placeholder={t("cards.branchPlaceholder")}
        autoComplete="off"
        {...form.field("branchName")}
      />
      <Field
        label={t("cards.ifsc")}
        placeholder={t("cards.ifscPlaceholder")}
        autoComplete="off"
        {...form.field("ifsc")}
      />
      <ul className="form__rules">
        <li>{t("cards.ruleName")}</li>
        <li>{t("cards.ruleIfsc")}</li>
        <li>{t("cards.ruleUnique")}</li>
      </ul>
      <Button block type="submit" color="primary" size="large" loading={add.isPending}>
        {t("cards.submit")}
      </Button>
    </form>
  );
}
