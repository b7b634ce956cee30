import "../../trade/trade.css";
import "../dayTrading.css";
import { useTranslation } from "react-i18next";
import { Screen } from "../../../components/Screen";
import { QueryView } from "../../../components/QueryView";
import { showSuccess } from "../../../lib/toast";
import { Refreshable } from "../../../components/Refreshable";
import { useDayTradingStatus } from "../api/dayTrading";
import { ApplyForm } from "../components/ApplyForm";
import { DayTradingRules } from "../components/DayTradingRules";
import { StatusCard } from "../components/StatusCard";
import { RiskWarning } from "../../risk";

/**
 * /home/dayTrading: day trading (DESIGN §5). The rules first; the user's standing (the latest application
 * and the allowance in force, used and remaining); the application form while none waits for review.
 * Intraday orders themselves are placed from the buy form's "intraday" switch.
 */
export default function DayTradingScreen() {
  const { t } = useTranslation();
  const status = useDayTradingStatus();
  return (
    <Screen title={t("title.home.dayTrading")}>
      <Refreshable onRefresh={() => status.refetch()}>
        <div className="day-trading-screen">
          <RiskWarning product="dayTrading" />
          <DayTradingRules />
          <QueryView query={status}>
            {(data) => (
              <>
                <StatusCard status={data} />
                {data.canApply && (
                  <ApplyForm
                    initialCurrency={data.allowance?.currency ?? data.application?.currency ?? "USD"}
                    onDone={() => showSuccess(t("dayTrading.submitted"))}
                  />
                )}
              </>
            )}
          </QueryView>
        </div>
      </Refreshable>
    </Screen>
  );
}
