import "../deposit.css";
import { useState, type FormEvent } from "react";
import Button from "antd-mobile/es/components/button";
import { useLocation } from "react-router";
import { useTranslation } from "react-i18next";
import type { DepositChannel, DepositRecord } from "@brokerage/api";
import { toBookedString } from "@brokerage/core";
import { Screen } from "../../../components/Screen";
import { EmptyState } from "../../../components/EmptyState";
import { QueryView } from "../../../components/QueryView";
import { useGo } from "../../../app/useGo";
import { errorText } from "../../../lib/api";
import { ApiError } from "../../../lib/apiError";
import { formatMoneySafe } from "../../../lib/money";
import { showError } from "../../../lib/toast";
import { PhotoPicker, UploadProgress, KYC_PHOTO_MAX_MB, photoProblem } from "../../kyc";
import { newIdempotencyKey, useRecharge, useRechargeChannels } from "../api/deposits";
import { ChannelDetails } from "../components/ChannelDetails";
import { DemoTag } from "../components/ChannelChoice";
import { CopyRow } from "../components/CopyRow";
import { confirmDeposit } from "../components/confirm";
import { clearSelection, readSelection, type RechargeSelection } from "../selection";

/**
 * /information/rechargeChannel: the chosen channel's details to pay into (each copyable; a crypto
 * address with its QR code), then the transfer voucher with a preview, a confirmation and the upload's
 * progress; the answer is the pending deposit, credited once a reviewer approves it.
 */
export default function RechargeChannelScreen() {
  const { t } = useTranslation();
  const location = useLocation();
  const [selection] = useState(() => readSelection(location.state));
  const channels = useRechargeChannels();
  const [done, setDone] = useState<DepositRecord | null>(null);
  return (
    <Screen title={t("title.information.rechargeChannel")}>
      <div className="deposit-screen">
        {done ? (
          <Submitted deposit={done} />
        ) : (
          <QueryView query={channels}>
            {(data) => {
              const channel = selection && data.channels.find((c) => c.id === selection.channelId);
              return selection && channel ? (
                <ChannelPayment selection={selection} channel={channel} onDone={setDone} />
              ) : (
                <NothingChosen />
              );
            }}
          </QueryView>
        )}
      </div>
    </Screen>
  );
}

function NothingChosen() {
  const { t } = useTranslation();
  const go = useGo();
  return (
    <div className="card deposit-empty">
      <EmptyState text={t("deposit.nothingChosen")} />
      <Button block color="primary" onClick={() => go("/information/recharge")}>
        {t("deposit.chooseAgain")}
      </Button>
    </div>
  );
}

function ChannelPayment({
  selection,
  channel,
  onDone,
}: {
  selection: RechargeSelection;
  channel: DepositChannel;
  onDone: (deposit: DepositRecord) => void;
}) {
  const { t } = useTranslation();
  const { amount, currency } = selection;
  const [voucher, setVoucher] = useState<File | null>(null);
  const [voucherError, setVoucherError] = useState<string | undefined>();
  // One key per request: a retry after a lost answer cannot deposit twice; another photo is another request.
  const [key, setKey] = useState(newIdempotencyKey);
  const [sent, setSent] = useState(0);
  const recharge = useRecharge(setSent);
  const busy = recharge.isPending;

  const pick = (file: File | null) => {
    const problem = file ? photoProblem(file) : null;
    setVoucherError(problem ? errorText(problem.code, problem.params) : undefined);
    setVoucher(problem ? null : file);
    setKey(newIdempotencyKey());
  };

  const refused = (error: unknown) => {
    if (!(error instanceof ApiError) || error.code === "UNAUTHORIZED") return;
    const text = errorText(error.code, error.params, error.serverMsg);
    if (error.params.field === "voucher" || error.code === "VOUCHER_REQUIRED") setVoucherError(text);
    else showError(text);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (channel.voucherRequired && !voucher) {
      setVoucherError(voucherError ?? errorText("VOUCHER_REQUIRED"));
      return;
    }
    const shown = { amount: formatMoneySafe(amount), currency, channel: channel.name };
    if (!(await confirmDeposit(shown))) return;
    setSent(0);
    recharge.mutate(
      { channelId: channel.id, currency, amount, voucher, idempotencyKey: key },
      {
        onSuccess: (deposit) => {
          clearSelection();
          onDone(deposit);
        },
        onError: refused,
      },
    );
  };

  return (
    <>
      <section className="card deposit-summary" aria-labelledby="deposit-summary-title">
        <h2 id="deposit-summary-title" className="deposit-summary__title">
          {channel.name}
          {channel.demo && <DemoTag />}
        </h2>
        <p className="deposit-summary__label">{t("deposit.transferExactly")}</p>
        <p className="deposit-summary__amount">
          {formatMoneySafe(amount)} <span className="deposit-summary__currency">{currency}</span>
        </p>
        {channel.demo && <p className="deposit-demo-note">{t("deposit.demoNote")}</p>}
      </section>
      <section className="card deposit-pay" aria-labelledby="deposit-pay-title">
        <h2 id="deposit-pay-title" className="card__title">
          {t(`deposit.payTitle.${channel.kind}`)}
        </h2>
        <div className="deposit-pay__body">
          <ChannelDetails channel={channel} />
          <dl className="deposit-details">
            <CopyRow label={t("deposit.amount")} value={toBookedString(amount, currency)} mono />
          </dl>
        </div>
      </section>
      <form
        className="form card"
        onSubmit={(event) => void submit(event)}
        noValidate
        aria-label={t("deposit.voucherTitle")}
      >
        <p className="form__lead">
          {t(channel.voucherRequired ? "deposit.voucherLeadRequired" : "deposit.voucherLeadOptional")}
        </p>
        <div className="deposit-voucher">
          <PhotoPicker
            name="voucher"
            caption={t("deposit.voucher")}
            file={voucher}
            onPick={pick}
            error={voucherError}
            disabled={busy}
          />
        </div>
        <ul className="form__rules">
          <li>{t("deposit.ruleTypes", { maxMb: KYC_PHOTO_MAX_MB })}</li>
          <li>{t("deposit.ruleReview")}</li>
        </ul>
        {busy && <UploadProgress sent={sent} />}
        <Button block type="submit" color="primary" size="large" loading={busy} disabled={busy}>
          {t("deposit.submit")}
        </Button>
      </form>
    </>
  );
}

function Submitted({ deposit }: { deposit: DepositRecord }) {
  const { t } = useTranslation();
  const go = useGo();
  return (
    <section className="card deposit-done" aria-labelledby="deposit-done-title" role="status">
      <span className="deposit-done__icon" aria-hidden="true">
        ✓
      </span>
      <h2 id="deposit-done-title" className="deposit-done__title">
        {t("deposit.doneTitle")}
      </h2>
      <p className="deposit-done__text">
        {t("deposit.doneText", {
          amount: formatMoneySafe(deposit.amount),
          currency: deposit.currency,
          channel: deposit.channelName,
        })}
      </p>
      <Button block color="primary" onClick={() => go("/information/recharge?tab=records")}>
        {t("deposit.viewRecords")}
      </Button>
      <Button block fill="none" onClick={() => go("/information/index")}>
        {t("deposit.backToAccount")}
      </Button>
    </section>
  );
}
