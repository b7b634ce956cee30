import "../auth.css";
import { useState, type FormEvent } from "react";
import { Link, useNavigate } from "react-router";
import Button from "antd-mobile/es/components/button";
import Checkbox from "antd-mobile/es/components/checkbox";
import { useTranslation } from "react-i18next";
import { Field } from "../../../components/Field";
import { useContractForm } from "../../../lib/useContractForm";
import { AuthLayout } from "../components/AuthLayout";
import { useRegister } from "../api/session";
import { LEGAL_SCREEN } from "../../about";
import { FormError } from "../../../components/FormError";

/** /login/register: validated on the client with the same contract schema the server uses. */
export default function RegisterScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const register = useRegister();
  const form = useContractForm((contract) => contract.registerRequest, {
    account: "",
    password: "",
    confirmPassword: "",
    inviteCode: "",
  });
  const [agree, setAgree] = useState(false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void form.check({ agree }).then((values) => {
      if (values)
        register.mutate(values, { onSuccess: () => navigate("/login/loginAfter", { replace: true }) });
    });
  };

  return (
    <AuthLayout
      heading={t("auth.registerHeading")}
      subtitle={t("auth.registerSubtitle")}
      footer={
        <>
          {t("auth.haveAccount")} <Link to="/login/login">{t("auth.loginLink")}</Link>
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
          placeholder={t("auth.newPasswordPlaceholder")}
          autoComplete="new-password"
          {...form.field("password")}
        />
        <Field
          secret
          label={t("auth.confirmPassword")}
          placeholder={t("auth.confirmPlaceholder")}
          autoComplete="new-password"
          {...form.field("confirmPassword")}
        />
        <Field
          label={t("auth.inviteCode")}
          placeholder={t("auth.invitePlaceholder")}
          {...form.field("inviteCode")}
        />
        <div className={`agree${form.errors.agree ? " agree--error" : ""}`}>
          <Checkbox checked={agree} onChange={setAgree} style={{ "--icon-size": "0.18rem" }}>
            <span className="agree__text">{t("auth.agree")}</span>
          </Checkbox>
          <p className="agree__links">
            <Link to={LEGAL_SCREEN} state={{ doc: "agreement" }}>
              {t("auth.userAgreement")}
            </Link>
            <Link to={LEGAL_SCREEN} state={{ doc: "privacy" }}>
              {t("auth.privacyPolicy")}
            </Link>
          </p>
          <FormError className="field__error" text={form.errors.agree} />
        </div>
        <Button block type="submit" color="primary" size="large" loading={register.isPending}>
          {t("auth.register")}
        </Button>
      </form>
    </AuthLayout>
  );
}
