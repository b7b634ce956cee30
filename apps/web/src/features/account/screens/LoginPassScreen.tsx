import type { FormEvent } from "react";
import { useNavigate } from "react-router";
import Button from "antd-mobile/es/components/button";
import { useTranslation } from "react-i18next";
import { Screen } from "../../../components/Screen";
import { Field } from "../../../components/Field";
import { useContractForm } from "../../../lib/useContractForm";
import { clearSession } from "../../../lib/storage";
import { showSuccess } from "../../../lib/toast";
import { useChangeLoginPassword } from "../api/password";

/** /information/loginPass: the server ends every session on success, so the user logs in again. */
export default function LoginPassScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const change = useChangeLoginPassword();
  const form = useContractForm((contract) => contract.changeLoginPasswordRequest, {
    oldPassword: "",
    newPassword: "",
    confirmPassword: "",
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void form.check().then((values) => {
      if (!values) return;
      change.mutate(values, {
        onSuccess: () => {
          clearSession();
          showSuccess(t("loginPass.success"));
          void navigate("/login/login", { replace: true });
        },
      });
    });
  };

  return (
    <Screen title={t("title.information.loginPass")}>
      <form className="form card" onSubmit={submit} noValidate>
        <Field
          secret
          label={t("loginPass.old")}
          placeholder={t("loginPass.oldPlaceholder")}
          autoComplete="current-password"
          {...form.field("oldPassword")}
        />
        <Field
          secret
          label={t("loginPass.new")}
          placeholder={t("auth.newPasswordPlaceholder")}
          autoComplete="new-password"
          {...form.field("newPassword")}
        />
        <Field
          secret
          label={t("loginPass.confirm")}
          placeholder={t("auth.confirmPlaceholder")}
          autoComplete="new-password"
          {...form.field("confirmPassword")}
        />
        <p className="form__note">{t("loginPass.note")}</p>
        <Button block type="submit" color="primary" size="large" loading={change.isPending}>
          {t("loginPass.submit")}
        </Button>
      </form>
    </Screen>
  );
}
