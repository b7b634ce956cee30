import "../support.css";
import Button from "antd-mobile/es/components/button";
import { useNavigate } from "react-router";
import { useTranslation } from "react-i18next";
import { Screen } from "../../../components/Screen";
import { Icon } from "../../../components/icons";
import { PageLoading } from "../../../components/LoadingState";
import { useConfig } from "../../../lib/config";
import { hasSession } from "../../../lib/storage";
import { loginPathFor } from "../../../app/access";
import { KEFU, useGo } from "../../../app/useGo";
import { SupportChat } from "../components/SupportChat";

const PATH = "/home/kefuView";

/**
 * /home/kefuView: customer service. With a link in config (`app.kefu`) it opens that link in a new
 * window, so the app stays where it was; without one, the in-app conversation with support staff, which
 * belongs to an account (a visitor is asked to log in: the screen itself is open to everyone, since a
 * frozen account is told to contact customer service).
 */
export default function KefuScreen() {
  const { t } = useTranslation();
  const go = useGo();
  const navigate = useNavigate();
  const config = useConfig();
  if (config.isPending) return <PageLoading />;
  const kefu = config.data?.kefu;
  if (kefu)
    return (
      <Screen title={t("title.home.kefuView")}>
        <section className="support-hero">
          <span className="support-hero__icon">
            <Icon name="kefu" />
          </span>
          <p className="support-hero__intro">{t("about.kefuIntro")}</p>
        </section>
        <div className="support-hero__action">
          <Button block size="large" color="primary" onClick={() => go(KEFU)}>
            {t("about.kefuOpen")}
          </Button>
        </div>
      </Screen>
    );
  return (
    <Screen title={t("title.home.kefuView")} className="support-screen">
      {hasSession() ? (
        <SupportChat />
      ) : (
        <section className="support-hero">
          <span className="support-hero__icon">
            <Icon name="kefu" />
          </span>
          <p className="support-hero__intro">{t("support.signInIntro")}</p>
          <Button block size="large" color="primary" onClick={() => navigate(loginPathFor(PATH))}>
            {t("support.signIn")}
          </Button>
        </section>
      )}
    </Screen>
  );
}
