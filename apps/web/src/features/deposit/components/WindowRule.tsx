import type { TimeWindow } from "@brokerage/api";
import { useTranslation } from "react-i18next";
import { Icon } from "../../../components/icons";
import { windowParams } from "../windowText";

/** The recharge window (`recharge.window`), shown before the user acts, and whether it is open now. */
export function WindowRule({ window, open }: { window: TimeWindow; open: boolean }) {
  const { t, i18n } = useTranslation();
  return (
    <section className="deposit-window card" aria-labelledby="deposit-window-title">
      <Icon name="clock" className="deposit-window__icon" />
      <div className="deposit-window__text">
        <h2 id="deposit-window-title" className="deposit-window__title">
          {t("deposit.window.title")}
          <span className={`deposit-pill deposit-pill--${open ? "open" : "closed"}`}>
            {t(open ? "deposit.window.open" : "deposit.window.closed")}
          </span>
        </h2>
        <p className="deposit-window__rule">
          {t("deposit.window.rule", windowParams(window, i18n.language, t("deposit.window.everyDay")))}
        </p>
      </div>
    </section>
  );
}
