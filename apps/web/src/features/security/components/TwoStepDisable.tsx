import { useState, type FormEvent } from "react";
import Button from "antd-mobile/es/components/button";
import { useTranslation } from "react-i18next";
import { Field } from "../../../components/Field";
import { ApiError } from "../../../lib/apiError";
import { errorText } from "../../../lib/api";
import { showError, showSuccess } from "../../../lib/toast";
import {
  RECOVERY_CODE_PLACEHOLDER,
  isAppCode,
  isRecoveryCode,
  tidyAppCode,
  tidyRecoveryCode,
} from "../../auth";
import { useDisableTotp } from "../api/twoStep";

type Errors = { password?: string; otp?: string };

/**
 * Turning two-step log-in off: the login password and a current code, or a recovery code when the phone
 * is lost. A session alone is not enough (whoever took one over could otherwise switch it off).
 */
export function TwoStepDisable({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const disable = useDisableTotp();
  const [password, setPassword] = useState("");
  const [code, setCode] = useState("");
  const [recovery, setRecovery] = useState(false);
  const [errors, setErrors] = useState<Errors>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found: Errors = {};
    if (!password) found.password = t("form.required");
    if (!(recovery ? isRecoveryCode(code) : isAppCode(code)))
      found.otp = t(recovery ? "auth.recoveryFormat" : "auth.codeFormat");
    setErrors(found);
    if (found.password || found.otp) return;
    const otp = recovery ? tidyRecoveryCode(code) : tidyAppCode(code);
    disable.mutate(
      { password, otp },
      {
        onSuccess: () => {
          showSuccess(t("twoStep.disabled"));
          onDone();
        },
        onError: (failure) => {
          if (!(failure instanceof ApiError)) return;
          const text = errorText(failure.code, failure.params, failure.serverMsg);
          if (failure.code === "PASSWORD_WRONG") setErrors({ password: text });
          else if (failure.code === "OTP_INVALID") {
            setErrors({ otp: text });
            setCode("");
          } else showError(text);
        },
      },
    );
  };

  const codeProps = {
    name: "otp",
    value: code,
    onChange: (value: string) => {
      setCode(value);
      setErrors((e) => ({ ...e, otp: undefined }));
    },
    error: errors.otp,
  };

  return (
    <form className="form card" onSubmit={submit} noValidate>
      <p className="form__lead">{t("twoStep.disableLead")}</p>
      <Field
        secret
        name="password"
        label={t("twoStep.password")}
        placeholder={t("auth.passwordPlaceholder")}
        autoComplete="current-password"
        value={password}
        onChange={(value) => {
          setPassword(value);
          setErrors((e) => ({ ...e, password: undefined }));
        }}
        error={errors.password}
      />
      {recovery ? (
        <Field
          key="recovery"
          label={t("auth.recoveryCode")}
          placeholder={RECOVERY_CODE_PLACEHOLDER}
          autoComplete="off"
          {...codeProps}
        />
      ) : (
        <Field
          key="app"
          label={t("auth.code")}
          placeholder={t("auth.codePlaceholder")}
          autoComplete="one-time-code"
          inputMode="numeric"
          {...codeProps}
        />
      )}
      <button
        type="button"
        className="text-button two-step-switch"
        onClick={() => {
          setRecovery((r) => !r);
          setCode("");
          setErrors((e) => ({ ...e, otp: undefined }));
        }}
      >
        {t(recovery ? "auth.useAuthenticator" : "auth.useRecoveryCode")}
      </button>
      <Button block type="submit" color="danger" size="large" loading={disable.isPending}>
        {t("twoStep.disableSubmit")}
      </Button>
    </form>
  );
}
