import { useEffect, useRef, useState, type FormEvent } from "react";
import Button from "antd-mobile/es/components/button";
import { useTranslation } from "react-i18next";
import { Field } from "../../../components/Field";
import {
  RECOVERY_CODE_PLACEHOLDER,
  isAppCode,
  isRecoveryCode,
  tidyAppCode,
  tidyRecoveryCode,
} from "../otpFormat";
import { AuthLayout } from "./AuthLayout";

/**
 * The second step of a log-in with two-step log-in on: the 6-digit code of the authenticator app (the
 * phone's keyboard offers it from an SMS-like autofill where it can), or, without the phone, one of the
 * recovery codes. The first step's account and password stay with the log-in screen.
 */
export function LoginCodeStep({
  account,
  pending,
  error,
  onClearError,
  onSubmit,
  onBack,
}: {
  account: string;
  pending: boolean;
  /** The server's refusal of the last code (wrong, expired or used). */
  error: string | undefined;
  onClearError: () => void;
  onSubmit: (otp: string) => void;
  onBack: () => void;
}) {
  const { t } = useTranslation();
  const formRef = useRef<HTMLFormElement>(null);
  const [recovery, setRecovery] = useState(false);
  const [code, setCode] = useState("");
  const [formatError, setFormatError] = useState<string | undefined>();

  // A wrong code is cleared for the next try; the field takes the focus whenever it is (re)shown.
  useEffect(() => {
    if (error) setCode("");
  }, [error]);
  useEffect(() => {
    formRef.current?.querySelector("input")?.focus();
  }, [recovery]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const valid = recovery ? isRecoveryCode(code) : isAppCode(code);
    if (!valid) {
      setFormatError(t(recovery ? "auth.recoveryFormat" : "auth.codeFormat"));
      return;
    }
    setFormatError(undefined);
    onSubmit(recovery ? tidyRecoveryCode(code) : tidyAppCode(code));
  };

  const type = (value: string) => {
    setCode(value);
    setFormatError(undefined);
    onClearError();
  };

  const switchKind = () => {
    setRecovery((r) => !r);
    setCode("");
    setFormatError(undefined);
    onClearError();
  };

  return (
    <AuthLayout
      heading={t("auth.codeHeading")}
      subtitle={t(recovery ? "auth.recoverySubtitle" : "auth.codeSubtitle")}
      footer={
        <button type="button" className="text-button" onClick={onBack}>
          {t("auth.backToPassword")}
        </button>
      }
    >
      <form ref={formRef} className="form card" onSubmit={submit} noValidate>
        <p className="form__lead">{t("auth.loggingInAs", { account })}</p>
        {recovery ? (
          <Field
            key="recovery"
            name="otp"
            label={t("auth.recoveryCode")}
            placeholder={RECOVERY_CODE_PLACEHOLDER}
            autoComplete="off"
            value={code}
            onChange={type}
            error={formatError ?? error}
          />
        ) : (
          <Field
            key="app"
            name="otp"
            label={t("auth.code")}
            placeholder={t("auth.codePlaceholder")}
            autoComplete="one-time-code"
            inputMode="numeric"
            value={code}
            onChange={type}
            error={formatError ?? error}
          />
        )}
        <Button block type="submit" color="primary" size="large" loading={pending}>
          {t("auth.verify")}
        </Button>
        <button type="button" className="text-button auth-code__switch" onClick={switchKind}>
          {t(recovery ? "auth.useAuthenticator" : "auth.useRecoveryCode")}
        </button>
      </form>
    </AuthLayout>
  );
}
