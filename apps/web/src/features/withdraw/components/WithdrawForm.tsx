import { useState, type FormEvent } from "react";
import Button from "antd-mobile/es/components/button";
import { useTranslation } from "react-i18next";
import type {
  BankCard,
  Currency,
  ErrorCode,
  WalletAddress,
  Withdrawal,
  WithdrawRulesResponse,
} from "@brokerage/api";
import { money } from "@brokerage/core";
import { ChipTabs } from "../../../components/ChipTabs";
import { Field } from "../../../components/Field";
import { errorText } from "../../../lib/api";
import { ApiError, loadMoneyFormat } from "../../../lib/apiError";
import { loadContract, type Contract } from "../../../lib/contract";
import { newIdempotencyKey } from "../../../lib/idempotency";
import { validate } from "../../../lib/validation";
import { AmountField } from "../../../components/AmountField";
import { amountError } from "../amount";
import { useWithdraw } from "../api/withdraw";
import { formatMoneySafe } from "../../../lib/money";
import { networkName } from "../../cards";
import { PayoutPicker, type Payee } from "./PayoutPicker";
import { ConfirmWithdrawal, type Draft } from "./ConfirmWithdrawal";
import { FormError } from "../../../components/FormError";

type Errors = Partial<Record<"form" | "amount" | "card" | "password", string>>;

/** Where a refusal of `fund/withdraw` is shown: beside the field it is about, else above the button. */
const FIELD_OF: Partial<Record<ErrorCode, keyof Errors>> = {
  AMOUNT_BELOW_MIN: "amount",
  AMOUNT_ABOVE_MAX: "amount",
  INSUFFICIENT_WITHDRAWABLE: "amount",
  AMOUNT_BELOW_FEE: "amount",
  CARD_NOT_FOUND: "card",
  CARD_NOT_OWNED: "card",
  WALLET_NOT_FOUND: "card",
  NETWORK_UNSUPPORTED: "card",
  FUND_PASSWORD_WRONG: "password",
  FUND_PASSWORD_LOCKED: "password",
};

/** The form's field of each request field (an INVALID_INPUT names the request's). */
const FIELD_OF_INPUT = {
  amount: "amount",
  bankCardId: "card",
  walletId: "card",
  fundPassword: "password",
} as const;

const fieldOf = (error: ApiError): keyof Errors =>
  FIELD_OF[error.code as ErrorCode] ??
  FIELD_OF_INPUT[error.params.field as keyof typeof FIELD_OF_INPUT] ??
  "form";

/** The request's field for where it pays to. */
const payeeField = (payee: Payee) =>
  payee.kind === "card" ? { bankCardId: payee.id } : { walletId: payee.id };

/** What an address receives of `amount` less `fee`, at the fee's scale; a dash until the amount is one. */
function receiveText(amount: string, fee: string): string {
  if (!/^\d+(\.\d+)?$/.test(amount.trim()) || !money(amount).greaterThan(fee)) return "—";
  const decimals = fee.split(".")[1]?.length ?? 0;
  return formatMoneySafe(money(amount).minus(fee).toFixed(decimals), decimals);
}

/**
 * The withdrawal form, always shown under the rules: currency, amount (the withdrawable balance beside
 * it, with "all"), where to pay it (a card, or a saved address with its network's fee and what arrives),
 * the fund password, which every withdrawal asks for. The rules and the amount are checked here first, in
 * the server's order; then a confirmation sheet; then the request, once, under one idempotency key.
 */
export function WithdrawForm({
  rules,
  cards,
  wallets,
  arrival,
  onCurrency,
  onDone,
}: {
  rules: WithdrawRulesResponse;
  cards: BankCard[] | undefined;
  wallets: WalletAddress[] | undefined;
  arrival: string;
  onCurrency: (currency: Currency) => void;
  onDone: (withdrawal: Withdrawal) => void;
}) {
  const { t } = useTranslation();
  const { currency } = rules;
  const [amount, setAmount] = useState("");
  const [chosen, setChosen] = useState<Payee | null>(null);
  const [password, setPassword] = useState("");
  const [errors, setErrors] = useState<Errors>({});
  const [draft, setDraft] = useState<Draft | null>(null);
  const [sheetError, setSheetError] = useState<string>();
  const withdraw = useWithdraw();
  // A single place to pay to is the obvious choice; with several the user picks.
  const payable: Payee[] = [
    ...(cards ?? []).map((c): Payee => ({ kind: "card", id: c.id })),
    ...(wallets ?? [])
      .filter((w) => rules.networks.some((n) => n.type === w.type))
      .map((w): Payee => ({ kind: "wallet", id: w.id })),
  ];
  const payee = chosen ?? (payable.length === 1 ? (payable[0] ?? null) : null);
  const card = payee?.kind === "card" ? cards?.find((c) => c.id === payee.id) : undefined;
  const wallet = payee?.kind === "wallet" ? wallets?.find((w) => w.id === payee.id) : undefined;
  const fee = wallet && rules.networks.find((n) => n.type === wallet.type)?.fee;
  const destination = card ?? wallet;

  const clear = (key: keyof Errors) => setErrors((e) => ({ ...e, [key]: undefined, form: undefined }));

  /** The first unmet rule (the amount's own checks come after), then every field. */
  const check = (contract: Contract): Errors => {
    const found: Errors = {};
    const blocking = rules.rules.find((r) => !r.met && r.id !== "withdrawable");
    if (blocking?.code)
      found[blocking.id === "bankCard" ? "card" : "form"] = errorText(blocking.code, blocking.params);
    found.amount = amountError(t, contract, amount, rules);
    if (!found.amount && fee !== undefined && !money(amount).greaterThan(fee))
      found.amount = errorText("AMOUNT_BELOW_FEE", { amount: fee });
    if (!destination)
      found.card ??= t(payable.length === 0 ? "withdraw.rule.bankCard.unmet" : "withdraw.choosePayee");
    if (password === "") found.password = t("form.required");
    return found;
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const [contract] = await Promise.all([loadContract(), loadMoneyFormat()]);
    const found = check(contract);
    const idempotencyKey = newIdempotencyKey();
    if (!Object.values(found).some(Boolean) && payee) {
      // Last, the contract's own schema: what passes here is what the server parses.
      const parsed = validate(contract.withdrawRequest, {
        currency,
        amount,
        ...payeeField(payee),
        fundPassword: password,
        idempotencyKey,
      });
      if (!parsed.ok)
        for (const [key, message] of Object.entries(parsed.errors))
          found[FIELD_OF_INPUT[key as keyof typeof FIELD_OF_INPUT] ?? "form"] ??= message;
    }
    setErrors(found);
    if (Object.values(found).some(Boolean) || !payee) return;
    setSheetError(undefined);
    setDraft({
      currency,
      amount,
      card: card ?? null,
      wallet: wallet ?? null,
      fee: fee ?? null,
      payee,
      idempotencyKey,
    });
  };

  const confirm = () => {
    if (!draft) return;
    withdraw.mutate(
      {
        currency: draft.currency as Currency,
        amount: draft.amount,
        ...payeeField(draft.payee),
        fundPassword: password,
        idempotencyKey: draft.idempotencyKey,
      },
      {
        onSuccess: (done) => {
          setDraft(null);
          setPassword("");
          onDone(done);
        },
        onError: (cause) => {
          // No answer: the sheet stays, and confirming again sends the same key (one withdrawal at most).
          if (!(cause instanceof ApiError)) return setSheetError(t("common.networkError"));
          setDraft(null);
          const field = fieldOf(cause);
          if (field === "password") setPassword("");
          setErrors({ [field]: errorText(cause.code, cause.params, cause.serverMsg) });
        },
      },
    );
  };

  const fourEyes =
    draft !== null && rules.fourEyesAbove !== null && money(draft.amount).greaterThan(rules.fourEyesAbove);
  return (
    <form
      className="form card withdraw-form"
      onSubmit={(e) => void submit(e)}
      noValidate
      aria-label={t("withdraw.formTitle")}
    >
      <div className="field">
        <span className="field__label">{t("withdraw.currency")}</span>
        <ChipTabs
          role="radio"
          label={t("withdraw.currency")}
          options={rules.currencies.map((key) => ({ key, label: key }))}
          value={currency}
          onChange={(key) => {
            setAmount("");
            setErrors({});
            onCurrency(key);
          }}
        />
      </div>
      <AmountField
        label={t("withdraw.amountIn", { currency })}
        value={amount}
        currency={currency}
        available={rules.available}
        error={errors.amount}
        onChange={(value) => {
          setAmount(value);
          clear("amount");
        }}
      />
      <PayoutPicker
        cards={cards}
        wallets={wallets}
        networks={rules.networks}
        currency={currency}
        value={payee}
        error={errors.card}
        onChange={(next) => {
          setChosen(next);
          clear("card");
        }}
      />
      {wallet && fee !== undefined && (
        <p className="withdraw-network" aria-live="polite">
          {t("withdraw.networkReceives", {
            fee: formatMoneySafe(fee),
            receive: receiveText(amount, fee),
            currency,
            network: networkName(t, wallet.type),
          })}
        </p>
      )}
      <Field
        label={t("withdraw.fundPassword")}
        name="fundPassword"
        secret
        autoComplete="off"
        placeholder={t("withdraw.fundPasswordPlaceholder")}
        value={password}
        error={errors.password}
        onChange={(value) => {
          setPassword(value);
          clear("password");
        }}
      />
      <FormError className="withdraw-form__error" text={errors.form} />
      <Button block type="submit" color="primary" size="large">
        {t("withdraw.submit")}
      </Button>
      <ConfirmWithdrawal
        draft={draft}
        arrival={arrival}
        fourEyes={fourEyes}
        busy={withdraw.isPending}
        error={sheetError}
        onConfirm={confirm}
        onClose={() => setDraft(null)}
      />
    </form>
  );
}
