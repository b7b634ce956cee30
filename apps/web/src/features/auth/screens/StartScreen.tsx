import "../auth.css";
import { useEffect, useState } from "react";
import { useNavigate } from "react-router";
import { useTranslation } from "react-i18next";
import { BrandMark } from "../../../components/BrandMark";
import { ErrorState } from "../../../components/ErrorState";
import { hasSession } from "../../../lib/storage";
import { useConfig } from "../../../lib/config";

const MESSAGE_MS = 900;
/** Long enough to read the first message, short enough not to be in the way. */
const MIN_SPLASH_MS = 900;

/** The splash (/login/start): waits for config, then home when a token is stored, else the welcome. */
export default function StartScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const config = useConfig();
  const messages = t("splash.messages", { returnObjects: true }) as string[];
  const [index, setIndex] = useState(0);
  const [minElapsed, setMinElapsed] = useState(false);

  useEffect(() => {
    const rotate = setInterval(() => setIndex((i) => i + 1), MESSAGE_MS);
    const min = setTimeout(() => setMinElapsed(true), MIN_SPLASH_MS);
    return () => {
      clearInterval(rotate);
      clearTimeout(min);
    };
  }, []);

  useEffect(() => {
    if (config.isSuccess && minElapsed)
      navigate(hasSession() ? "/home/index" : "/login/start1", { replace: true });
  }, [config.isSuccess, minElapsed, navigate]);

  return (
    <main className="splash">
      <div className="splash__center">
        <BrandMark size="0.84rem" />
        <h1 className="splash__name">{config.data?.title ?? t("app.name")}</h1>
        <p className="splash__tagline">{t("app.tagline")}</p>
      </div>
      {config.isError ? (
        <ErrorState text={t("splash.failed")} onRetry={() => void config.refetch()} />
      ) : (
        <p className="splash__message" role="status">
          {messages[index % messages.length]}
        </p>
      )}
    </main>
  );
}
