import type { FormEvent } from "react";
import { useNavigate } from "react-router";
import Button from "antd-mobile/es/components/button";
import { useTranslation } from "react-i18next";
import { Screen } from "../../../components/Screen";
import { Field } from "../../../components/Field";
import { QueryView } from "../../../components/QueryView";
import { useContractForm } from "../../../lib/useContractForm";
import { showSuccess } from "../../../lib/toast";
import { useSaveFundPassword } from "../api/fundPassword";
import { useUserInfo } from "../api/userInfo";

/**
 * /information/fundPass: sets the fund password the first time (entered twice, spec §5), and afterwards
 * changes it with the old one. The rules (length, not the login password, the lock after wrong
 * attempts) are shown before the user types.
 */
export default function FundPassScreen() {
  const { t } = useTranslation();
  const user = useUserInfo();
  return (
    <Screen title={t("title.information.fundPass")}>
      <QueryView query={user}>
        {(info) => <FundPassForm mode={info.fundPasswordSet ? "change" : "set"} />}
      </QueryView>
    </Screen>
  );
}

function FundPassForm({ mode }: { mode: "set" | "change" }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const save = useSaveFundPassword(mode);
  const form = useContractForm(
    (contract) => (mode === "set" ? contract.setFundPasswordRequest : contract.changeFundPasswordRequest),
    { oldFundPassword: "", fundPassword: "", confirmFundPassword: "" },
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void form.check().then((values) => {
      if (!values) return;
      save.mutate(values, {
        onSuccess: () => {
          showSuccess(t(mode === "set" ? "fundPass.setSuccess" : "fundPass.changeSuccess"));
          void navigate(-1);
        },
      });
    });
  };

  return (
    <form className="form card" onSubmit={submit} noValidate>
      <p className="form__lead">{t(mode === "set" ? "fundPass.setLead" : "fundPass.changeLead")}</p>
      {mode === "change" && (
        <Field
          secret
          label={t("fundPass.old")}
          placeholder={t("fundPass.oldPlaceholder")}
          autoComplete="off"
          {...form.field("oldFundPassword")}
        />
      )}
      <Field
        secret
        label={t("fundPass.new")}
        placeholder={t("fundPass.newPlaceholder")}
        autoComplete="off"
        {...form.field("fundPassword")}
      />
      <Field
        secret
        label={t("fundPass.confirm")}
        placeholder={t("fundPass.confirmPlaceholder")}
        autoComplete="off"
        {...form.field("confirmFundPassword")}
      />
      <ul className="form__rules">
        <li>{t("fundPass.ruleLength")}</li>
        <li>{t("fundPass.ruleDiffers")}</li>
        <li>{t("fundPass.ruleLock")}</li>
      </ul>
      <Button block type="submit" color="primary" size="large" loading={save.isPending}>
        {t(mode === "set" ? "fundPass.setSubmit" : "fundPass.changeSubmit")}
      </Button>
    </form>
  );
}
