import "../../trade/trade.css";
import "../../records/records.css";
import "../loan.css";
import { Link } from "react-router";
import { useTranslation } from "react-i18next";
import { Screen } from "../../../components/Screen";
import { QueryView } from "../../../components/QueryView";
import { showSuccess } from "../../../lib/toast";
import { Refreshable } from "../../../components/Refreshable";
import { useLoanStatus, useRepayLoan } from "../api/loan";
import { ApplyForm } from "../components/ApplyForm";
import { LoanCard } from "../components/LoanCard";
import { LoanTermsCard } from "../components/LoanTermsCard";
import { QuotaCard } from "../components/QuotaCard";
import { RepayDone } from "../components/RepayDone";
import { RepayForm } from "../components/RepayForm";

/**
 * /home/loan: the credit loan (DESIGN §5 "Products"). The user's quota and the rule behind it, what is
 * owed now, the latest loan or application; then, while a loan is owed, its repayment in the app (DESIGN
 * §1: an improvement on the spec's "contact customer service"), otherwise the terms and the application
 * form with its cost worked out as the amount is typed. The records are one tap away in the top bar.
 *
 * The screen holds the repayment call: a repayment of everything leaves no loan to repay, and so no form,
 * by the time its outcome is shown.
 */
export default function LoanScreen() {
  const { t } = useTranslation();
  const status = useLoanStatus();
  const repay = useRepayLoan();
  return (
    <Screen
      title={t("title.home.loan")}
      right={
        <Link className="text-button" to="/home/loanRe">
          {t("loan.records")}
        </Link>
      }
    >
      {repay.data && repay.variables ? (
        <RepayDone loan={repay.data} amount={repay.variables.amount} onClose={() => repay.reset()} />
      ) : (
        <Refreshable onRefresh={() => status.refetch()}>
          <QueryView query={status}>
            {(data) => (
              <div className="loan-screen">
                <QuotaCard status={data} />
                <LoanCard loan={data.current} />
                {data.current?.state === "borrowing" ? (
                  <RepayForm loan={data.current} repay={repay} />
                ) : (
                  <>
                    <LoanTermsCard terms={data.terms} />
                    <ApplyForm status={data} onDone={() => showSuccess(t("loan.submitted"))} />
                  </>
                )}
              </div>
            )}
          </QueryView>
        </Refreshable>
      )}
    </Screen>
  );
}
