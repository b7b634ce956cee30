import "../about.css";
import Button from "antd-mobile/es/components/button";
import { Navigate } from "react-router";
import { useTranslation } from "react-i18next";
import { Screen } from "../../../components/Screen";
import { Icon } from "../../../components/icons";
import { PageLoading } from "../../../components/LoadingState";
import { useConfig } from "../../../lib/config";
import { KEFU, useGo } from "../../../app/useGo";

/**
 * /home/kefuView: the way to customer service, while config has its link (it opens in a new window, so
 * the app stays where it was). Without a link there is no such service: the screen gives way to home.
 */
export default function KefuScreen() {
  const { t } = useTranslation();
  const go = useGo();
  const config = useConfig();
  if (config.isPending) return <PageLoading />;
  const kefu = config.data?.kefu;
  if (!kefu) return <Navigate replace to="/home/index" />;
  return (
    <Screen title={t("title.home.kefuView")}>
      <section className="about-hero">
        <span className="about-kefu__icon">
          <Icon name="kefu" />
        </span>
        <p className="about-hero__intro">{t("about.kefuIntro")}</p>
      </section>
      <div className="about-kefu__action">
        <Button block size="large" color="primary" onClick={() => go(KEFU)}>
          {t("about.kefuOpen")}
        </Button>
      </div>
    </Screen>
  );
}
