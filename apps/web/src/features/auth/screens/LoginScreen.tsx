import "../auth.css";
import type { FormEvent } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import Button from "antd-mobile/es/components/button";
import { useTranslation } from "react-i18next";
import { Field } from "../../../components/Field";
import { useContractForm } from "../../../lib/useContractForm";
import { getAccount } from "../../../lib/storage";
import { AuthLayout } from "../components/AuthLayout";
import { useLogin } from "../api/session";
import { DEFAULT_AFTER_LOGIN, RETURN_PARAM, returnTargetOf } from "../../../app/access";

/** /login/login: back to the screen the session guard turned the visitor away from, or home. */
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

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void form.check().then((values) => {
      if (!values) return;
      login.mutate(values, {
        onSuccess: ({ failedLogins }) => {
          void navigate(target, { replace: true });
          // The notice is a dialog (and its animations): loaded only for the rare log-in that needs it.
          if (failedLogins)
            void import("../components/FailedLoginsNotice").then((notice) =>
              notice.showFailedLoginsNotice(failedLogins),
            );
        },
      });
    });
  };

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
