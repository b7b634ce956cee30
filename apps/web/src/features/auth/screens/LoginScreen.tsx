import "../auth.css";
import type { FormEvent } from "react";
import { Link, useNavigate } from "react-router";
import { Button } from "antd-mobile";
import { useTranslation } from "react-i18next";
import { loginRequest } from "@brokerage/api";
import { Field } from "../../../components/Field";
import { useContractForm } from "../../../lib/useContractForm";
import { getAccount } from "../../../lib/storage";
import { AuthLayout } from "../components/AuthLayout";
import { useLogin } from "../api/session";

/** /login/login */
export default function LoginScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const login = useLogin();
  const form = useContractForm(loginRequest, { account: getAccount() ?? "", password: "" });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const values = form.check();
    if (values) login.mutate(values, { onSuccess: () => navigate("/home/index", { replace: true }) });
  };

  return (
    <AuthLayout
      heading={t("auth.loginHeading")}
      subtitle={t("auth.loginSubtitle")}
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
