import "../cards.css";
import { useId, useMemo, useState, type FormEvent } from "react";
import { useNavigate } from "react-router";
import Button from "antd-mobile/es/components/button";
import { useTranslation } from "react-i18next";
import type { KycStatus } from "@brokerage/api";
import {
  IFSC_COUNTRY,
  isAccountNumber,
  isCardNumber,
  isIfsc,
  namesMatch,
  normaliseIfsc,
  swiftProblem,
} from "@brokerage/core";
import { Screen } from "../../../components/Screen";
import { Field } from "../../../components/Field";
import { QueryView } from "../../../components/QueryView";
import { Icon } from "../../../components/icons";
import { useGo } from "../../../app/useGo";
import { useContractForm } from "../../../lib/useContractForm";
import { errorText } from "../../../lib/api";
import { ApiError } from "../../../lib/apiError";
import { showError, showSuccess } from "../../../lib/toast";
import { useUserInfo } from "../../account";
import { useAddBankCard, useBankLookup } from "../api/cards";
import { countryNamer, countryOptions } from "../components/countries";

const KYC_PATH = "/information/authInfo";
const BANK_LIST_PATH = "/information/bankList";

/** History index kept by react-router in history.state; 0 means this page opened the app. */
const canGoBack = () => ((window.history.state as { idx?: number } | null)?.idx ?? 0) > 0;

/**
 * /information/addBankCard: the bank's country, holder name (the verified real name, filled in), card or
 * account number, the bank code of the country (an IFSC in India, which names the bank from the IFSC
 * dataset as soon as it is typed; a SWIFT/BIC elsewhere, with the bank's name typed) and branch (spec §3,
 * §5; DESIGN §4.1 "Payouts"). Cards are bound only in the verified name, so before KYC is verified the
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

/** The form's fields; the bank code's is `ifsc` in India and `swift` elsewhere. */
type CardField = "country" | "holderName" | "cardNumber" | "bankName" | "branchName" | "ifsc" | "swift";
const CARD_FIELDS: readonly string[] = [
  "country",
  "holderName",
  "cardNumber",
  "bankName",
  "branchName",
  "ifsc",
  "swift",
];

function AddBankCardForm({ realName }: { realName: string }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const add = useAddBankCard();
  const countryId = useId();
  const bankId = useId();
  const [country, setCountry] = useState(IFSC_COUNTRY);
  const india = country === IFSC_COUNTRY;
  const countries = useMemo(() => countryOptions(i18n.language), [i18n.language]);
  const countryName = useMemo(() => countryNamer(i18n.language), [i18n.language]);
  // Refusals the server answered (or the SWIFT country check), beside their field until it changes.
  const [refused, setRefused] = useState<Partial<Record<CardField, string>>>({});
  // The contract checks the shape; the rules of the number, the bank code and the name come from the
  // core, as on the server, so a mistake is shown beside its field before anything is sent. Each country
  // sends its own scheme's code and nothing of the other.
  const form = useContractForm(
    ({ addBankCardRequest: schema }) => {
      const shape = schema.shape;
      const holderName = shape.holderName.refine((name) => namesMatch(name, realName), {
        message: "CARD_NOT_OWNED",
      });
      return india
        ? schema.pick({ country: true, branchName: true }).extend({
            holderName,
            cardNumber: shape.cardNumber.refine(isCardNumber, { message: "CARD_NUMBER_INVALID" }),
            ifsc: shape.ifsc.unwrap().refine(isIfsc, { message: "IFSC_INVALID" }),
          })
        : schema.pick({ country: true, branchName: true }).extend({
            holderName,
            cardNumber: shape.cardNumber.refine((v) => isAccountNumber(country, v), {
              message: "ACCOUNT_NUMBER_INVALID",
            }),
            bankName: shape.bankName.unwrap(),
            swift: shape.swift.unwrap().refine((v) => swiftProblem(v, country)?.code !== "SWIFT_INVALID", {
              message: "SWIFT_INVALID",
            }),
          });
    },
    { holderName: realName, cardNumber: "", bankName: "", branchName: "", ifsc: "", swift: "" },
  );
  const ifsc = normaliseIfsc(form.values.ifsc);
  const lookup = useBankLookup({ country: IFSC_COUNTRY, code: ifsc }, india && isIfsc(ifsc));
  const lookupError =
    india && isIfsc(ifsc) && lookup.error instanceof ApiError
      ? errorText(lookup.error.code, lookup.error.params, lookup.error.serverMsg)
      : undefined;
  const resolvedBank = india && isIfsc(ifsc) ? lookup.data?.bankName : undefined;

  const field = (name: Exclude<CardField, "country">) => {
    const props = form.field(name);
    return {
      ...props,
      error: props.error ?? refused[name] ?? (name === "ifsc" ? lookupError : undefined),
      onChange: (value: string) => {
        setRefused((r) => ({ ...r, [name]: undefined }));
        props.onChange(value);
      },
    };
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void form.check({ country }).then((values) => {
      if (!values) return;
      if (!india) {
        const problem = swiftProblem(form.values.swift, country);
        if (problem?.code === "SWIFT_COUNTRY_MISMATCH") {
          setRefused((r) => ({
            ...r,
            swift: errorText(problem.code, { codeCountry: countryName(problem.codeCountry) }),
          }));
          return;
        }
      }
      if (lookupError) return;
      add.mutate(values, {
        onSuccess: () => {
          showSuccess(t("cards.added"));
          // Back to the screen that asked for the card (the list, refreshed by the mutation): replacing
          // this entry with the list instead would leave a second list under it, so "back" from the
          // list would only reach the list again.
          if (canGoBack()) void navigate(-1);
          else void navigate(BANK_LIST_PATH, { replace: true });
        },
        onError: (cause) => {
          const name = cause instanceof ApiError ? cause.params.field : undefined;
          if (!(cause instanceof ApiError)) return showError(t("common.networkError"));
          const params =
            cause.code === "SWIFT_COUNTRY_MISMATCH" && cause.params.codeCountry
              ? { ...cause.params, codeCountry: countryName(cause.params.codeCountry) }
              : cause.params;
          const text = errorText(cause.code, params, cause.serverMsg);
          if (name && CARD_FIELDS.includes(name)) setRefused((r) => ({ ...r, [name]: text }));
          else showError(text);
        },
      });
    });
  };

  return (
    <form className="form card" onSubmit={submit} noValidate aria-label={t("title.information.addBankCard")}>
      <p className="form__lead">{t("cards.formLead")}</p>
      <div className="field">
        <label className="field__label" htmlFor={countryId}>
          {t("cards.country")}
        </label>
        <select
          id={countryId}
          className="card-form__select"
          value={country}
          onChange={(event) => {
            setCountry(event.target.value);
            setRefused({});
          }}
        >
          {countries.map((option) => (
            <option key={option.code} value={option.code}>
              {option.name}
            </option>
          ))}
        </select>
        <p className="form__note card-form__hint">
          {t(india ? "cards.countryHintIfsc" : "cards.countryHintSwift")}
        </p>
      </div>
      <Field
        label={t("cards.holder")}
        placeholder={t("cards.holderPlaceholder")}
        autoComplete="cc-name"
        {...field("holderName")}
      />
      <Field
        label={t(india ? "cards.number" : "cards.accountNumber")}
        placeholder={t(india ? "cards.numberPlaceholder" : "cards.accountNumberPlaceholder")}
        autoComplete="off"
        inputMode={india ? "numeric" : "text"}
        {...field("cardNumber")}
      />
      {india ? (
        <>
          <Field
            label={t("cards.ifsc")}
            placeholder={t("cards.ifscPlaceholder")}
            autoComplete="off"
            {...field("ifsc")}
          />
          <div className="field">
            <span className="field__label" id={bankId}>
              {t("cards.bank")}
            </span>
            <output
              className={`card-form__resolved${resolvedBank ? " card-form__resolved--found" : ""}`}
              aria-labelledby={bankId}
            >
              {resolvedBank ??
                (isIfsc(ifsc) && lookup.isFetching ? t("cards.lookupPending") : t("cards.lookupIdle"))}
            </output>
            {resolvedBank && <p className="form__note card-form__hint">{t("cards.lookupFound")}</p>}
          </div>
        </>
      ) : (
        <>
          <Field
            label={t("cards.swift")}
            placeholder={t("cards.swiftPlaceholder")}
            autoComplete="off"
            {...field("swift")}
          />
          <Field
            label={t("cards.bank")}
            placeholder={t("cards.bankPlaceholderSwift")}
            autoComplete="off"
            {...field("bankName")}
          />
        </>
      )}
      <Field
        label={t("cards.branch")}
        placeholder={t("cards.branchPlaceholder")}
        autoComplete="off"
        {...field("branchName")}
      />
      <ul className="form__rules">
        <li>{t("cards.ruleName")}</li>
        {india ? (
          <li>{t("cards.ruleIfsc")}</li>
        ) : (
          <>
            <li>{t("cards.ruleSwift")}</li>
            <li>{t("cards.ruleIban")}</li>
          </>
        )}
        <li>{t("cards.ruleUnique")}</li>
      </ul>
      <Button block type="submit" color="primary" size="large" loading={add.isPending}>
        {t("cards.submit")}
      </Button>
    </form>
  );
}
