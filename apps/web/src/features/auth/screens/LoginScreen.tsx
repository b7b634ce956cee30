import "../auth.css";
import { lazy, Suspense, useState, type FormEvent } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import Button from "antd-mobile/es/components/button";
import { useTranslation } from "react-i18next";
import type { LoginRequest } from "@brokerage/api";
import { Field } from "../../../components/Field";
import { useContractForm } from "../../../lib/useContractForm";
import { getAccount } from "../../../lib/storage";
import { ApiError } from "../../../lib/apiError";
import { errorText } from "../../../lib/api";
import { showError } from "../../../lib/toast";
import { AuthLayout } from "../components/AuthLayout";
import { useLogin } from "../api/session";
import { DEFAULT_AFTER_LOGIN, RETURN_PARAM, returnTargetOf } from "../../../app/access";

// Only accounts with two-step log-in see it, after their password was checked: not part of the first load.
const LoginCodeStep = lazy(() =>
  import("../components/LoginCodeStep").then((module) => ({ default: module.LoginCodeStep })),
);

/** Answers to a code, shown beside it: a locked code step still leaves the recovery codes to try. */
const CODE_STEP_ERRORS = new Set(["OTP_INVALID", "TOTP_LOCKED", "RECOVERY_CODES_LOCKED"]);

/**
 * /login/login: back to the screen the session guard turned the visitor away from, or home. With
 * two-step log-in on, the server answers the right password with OTP_REQUIRED and the screen asks for
 * the code as a second step, keeping what was typed in the first.
 */
export default function LoginScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const requested = returnTargetOf(params.get(RETURN_PARAM));
  const target = requested ?? DEFAULT_AFTER_LOGIN;
  const login = useLogin();
  const form = useContractForm((contract) => contract.loginRequest, {
    account: getAccount() ?? "",
    password: "",
  });
  /** The checked account and password once the server asked for a code. */
  const [codeFor, setCodeFor] = useState<LoginRequest | null>(null);
  const [codeError, setCodeError] = useState<string | undefined>();

  const send = (values: LoginRequest) => {
    setCodeError(undefined);
    login.mutate(values, {
      onSuccess: ({ failedLogins }) => {
        void navigate(target, { replace: true });
        // The notice is a dialog (and its animations): loaded only for the rare log-in that needs it.
        if (failedLogins)
          void import("../components/FailedLoginsNotice").then((notice) =>
            notice.showFailedLoginsNotice(failedLogins),
          );
      },
      onError: (error) => {
        if (!(error instanceof ApiError)) return; // transport failures are toasted by the query client
        if (error.code === "OTP_REQUIRED") {
          const { otp: _ignored, ...credentials } = values;
          setCodeFor(credentials);
        } else if (error.code && CODE_STEP_ERRORS.has(error.code) && values.otp !== undefined) {
          setCodeError(errorText(error.code, error.params, error.serverMsg));
        } else {
          showError(errorText(error.code, error.params, error.serverMsg));
        }
      },
    });
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void form.check().then((values) => values && send(values));
  };

  if (codeFor)
    return (
      <Suspense fallback={null}>
        <LoginCodeStep
          account={codeFor.account}
          pending={login.isPending}
          error={codeError}
          onClearError={() => setCodeError(undefined)}
          onSubmit={(otp) => send({ ...codeFor, otp })}
          onBack={() => {
            setCodeFor(null);
            setCodeError(undefined);
          }}
        />
      </Suspense>
    );

  return (
    <AuthLayout
      heading={t("auth.loginHeading")}
      subtitle={requested ? t("auth.loginToContinue") : t("auth.loginSubtitle")}
      footer={
        <>
          {t("auth.noAccount")} <Link to="/login/register">{t("auth.registerLink")}</Link>
        </>
      }
    >
      <form className="form card" onSubmit={submit} noValidate>
        <Field
          label={t("auth.account")}
          placeholder={t("auth.accountPlaceholder")}
          autoComplete="username"
          {...form.field("account")}
        />
        <Field
          secret
          label={t("auth.password")}
          placeholder={t("auth.passwordPlaceholder")}
          autoComplete="current-password"
          {...form.field("password")}
        />
        <Button block type="submit" color="primary" size="large" loading={login.isPending}>
          {t("auth.login")}
        </Button>
      </form>
    </AuthLayout>
  );
}
