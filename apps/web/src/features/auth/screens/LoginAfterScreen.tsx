import "../auth.css";
import Button from "antd-mobile/es/components/button";
import { useTranslation } from "react-i18next";
import { IconButton } from "../../../components/IconButton";
import { LoadingState } from "../../../components/LoadingState";
import { ErrorState } from "../../../components/ErrorState";
import { showSuccess } from "../../../lib/toast";
import { useGo } from "../../../app/useGo";
import { useUserInfo } from "../../account";
import { NoticePage } from "../components/NoticePage";

/** /login/loginAfter: the welcome after registration, with the user's own invitation code. */
export default function LoginAfterScreen() {
  const { t } = useTranslation();
  const go = useGo();
  const user = useUserInfo();
  const code = user.data?.inviteCode;
  const copy = () => {
    if (code) void navigator.clipboard?.writeText(code).then(() => showSuccess(t("common.copied")));
  };
  return (
    <NoticePage icon="shield" tone="success" heading={t("loginAfter.heading")} body={t("loginAfter.body")}>
      <section className="invite-code card" aria-label={t("loginAfter.codeLabel")}>
        <h2 className="invite-code__label">{t("loginAfter.codeLabel")}</h2>
        {user.isPending && <LoadingState />}
        {user.isError && <ErrorState onRetry={() => void user.refetch()} />}
        {code && (
          <div className="invite-code__row">
            <span className="invite-code__value">{code}</span>
            <IconButton icon="copy" label={t("loginAfter.copyCode")} onClick={copy} />
          </div>
        )}
      </section>
      <Button block color="primary" size="large" onClick={() => go("/home/index")}>
        {t("loginAfter.continue")}
      </Button>
    </NoticePage>
  );
}
