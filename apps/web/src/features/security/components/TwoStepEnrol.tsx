import { useState, type FormEvent } from "react";
import Button from "antd-mobile/es/components/button";
import { useTranslation } from "react-i18next";
import { Field } from "../../../components/Field";
import { Icon } from "../../../components/icons";
import { ApiError } from "../../../lib/apiError";
import { errorText } from "../../../lib/api";
import { copyText } from "../../../lib/clipboard";
import { showError, showSuccess } from "../../../lib/toast";
import { isAppCode, tidyAppCode } from "../../auth";
import { useConfirmTotp, useEnrollTotp, type TotpEnrolment } from "../api/twoStep";
import { RecoveryCodes } from "./RecoveryCodes";
import { TotpQrCode } from "./TotpQrCode";

/** The key as authenticator apps show it: groups of four, easier to read off and type. */
const groupedKey = (secret: string) => secret.replace(/(.{4})(?=.)/g, "$1 ");

/**
 * Turning two-step log-in on: what is needed, then the QR code (and the key as text) for the
 * authenticator app, a code to prove it works, and the recovery codes, shown this one time.
 */
export function TwoStepEnrol({ account, onDone }: { account: string; onDone: () => void }) {
  const { t } = useTranslation();
  const enrol = useEnrollTotp();
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);

  if (recoveryCodes) return <RecoveryCodes account={account} codes={recoveryCodes} onDone={onDone} />;
  if (enrol.data) return <ScanAndConfirm enrolment={enrol.data} onConfirmed={setRecoveryCodes} />;

  return (
    <section className="card two-step-intro" aria-labelledby="two-step-intro-title">
      <span className="two-step-intro__icon" aria-hidden="true">
        <Icon name="shield" />
      </span>
      <h2 id="two-step-intro-title" className="two-step-intro__title">
        {t("twoStep.introTitle")}
      </h2>
      <p className="two-step-intro__text">{t("twoStep.introText")}</p>
      <ol className="two-step-steps">
        <li>{t("twoStep.step1")}</li>
        <li>{t("twoStep.step2")}</li>
        <li>{t("twoStep.step3")}</li>
      </ol>
      <Button block color="primary" size="large" loading={enrol.isPending} onClick={() => enrol.mutate()}>
        {t("twoStep.start")}
      </Button>
    </section>
  );
}

function ScanAndConfirm({
  enrolment,
  onConfirmed,
}: {
  enrolment: TotpEnrolment;
  onConfirmed: (codes: string[]) => void;
}) {
  const { t } = useTranslation();
  const confirm = useConfirmTotp();
  const [code, setCode] = useState("");
  const [error, setError] = useState<string | undefined>();

  const copyKey = () =>
    void copyText(enrolment.secret).then((copied) => copied && showSuccess(t("twoStep.keyCopied")));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!isAppCode(code)) {
      setError(t("auth.codeFormat"));
      return;
    }
    confirm.mutate(tidyAppCode(code), {
      onSuccess: ({ recoveryCodes }) => {
        showSuccess(t("twoStep.enabled"));
        onConfirmed(recoveryCodes);
      },
      onError: (failure) => {
        if (!(failure instanceof ApiError)) return;
        const text = errorText(failure.code, failure.params, failure.serverMsg);
        if (failure.code === "OTP_INVALID") {
          setError(text);
          setCode("");
        } else showError(text);
      },
    });
  };

  return (
    <>
      <section className="card two-step-scan" aria-labelledby="two-step-scan-title">
        <h2 id="two-step-scan-title" className="card__title">
          {t("twoStep.scanTitle")}
        </h2>
        <p className="two-step-scan__text">{t("twoStep.step2")}</p>
        <TotpQrCode uri={enrolment.uri} />
        <p className="two-step-key__label" id="two-step-key-label">
          {t("twoStep.keyLabel")}
        </p>
        <div className="two-step-key">
          <code className="two-step-key__value" aria-labelledby="two-step-key-label">
            {groupedKey(enrolment.secret)}
          </code>
          <button type="button" className="text-button two-step-key__copy" onClick={copyKey}>
            <Icon name="copy" /> {t("twoStep.copyKey")}
          </button>
        </div>
      </section>
      <form className="form card" onSubmit={submit} noValidate>
        <p className="form__lead">{t("twoStep.step3")}</p>
        <Field
          name="otp"
          label={t("auth.code")}
          placeholder={t("auth.codePlaceholder")}
          autoComplete="one-time-code"
          inputMode="numeric"
          value={code}
          onChange={(value) => {
            setCode(value);
            setError(undefined);
          }}
          error={error}
        />
        <Button block type="submit" color="primary" size="large" loading={confirm.isPending}>
          {t("twoStep.confirm")}
        </Button>
      </form>
    </>
  );
}
