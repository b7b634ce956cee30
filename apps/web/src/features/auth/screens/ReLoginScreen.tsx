import "../auth.css";
import Button from "antd-mobile/es/components/button";
import { useTranslation } from "react-i18next";
import { useGo } from "../../../app/useGo";
import { NoticePage } from "../components/NoticePage";

/** /login/reLogin: the session ended; one way forward. */
export default function ReLoginScreen() {
  const { t } = useTranslation();
  const go = useGo();
  return (
    <NoticePage icon="lock" heading={t("reLogin.heading")} body={t("reLogin.body")}>
      <Button block color="primary" size="large" onClick={() => go("/login/login")}>
        {t("reLogin.button")}
      </Button>
    </NoticePage>
  );
}
