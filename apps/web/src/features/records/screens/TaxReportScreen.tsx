import "../records.css";
import { useId, useState } from "react";
import Button from "antd-mobile/es/components/button";
import { useTranslation } from "react-i18next";
import type { Currency, TaxReport, TaxReportRequest } from "@brokerage/api";
import { CURRENCIES as WALLET_CURRENCIES } from "@brokerage/api/constants";
import { Screen } from "../../../components/Screen";
import { QueryView } from "../../../components/QueryView";
import { errorText } from "../../../lib/api";
import { ApiError } from "../../../lib/apiError";
import { showError, showSuccess } from "../../../lib/toast";
import { fetchTaxReportFile, useTaxReport } from "../api/documents";
import { saveFile } from "../api/statement";
import { DocumentButton } from "../components/DocumentSheet";
import { statementLanguageOf } from "../components/StatementSheet";
import { formatAmount } from "../components/amount";

/** The years offered: this one and the nine before it. */
const yearsUpTo = (year: number) => Array.from({ length: 10 }, (_, i) => year - i);

/**
 * /information/taxReport: the realised P&L of a year first in, first out (`fund/taxReport`), lot by lot
 * with its costs, the totals, and beside them the net P&L of the positions closed in the year; the same
 * report as CSV or a printable document. Days are the phone's (its time zone is sent).
 */
export default function TaxReportScreen() {
  const { t, i18n } = useTranslation();
  const ids = { year: useId(), currency: useId() };
  const thisYear = new Date().getFullYear();
  const [year, setYear] = useState(thisYear);
  const [currency, setCurrency] = useState<Currency>(WALLET_CURRENCIES[0]);
  const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const language = statementLanguageOf(i18n.language);
  const request: TaxReportRequest = { year, currency, timeZone, ...(language ? { language } : {}) };
  const report = useTaxReport({ year, currency, timeZone });
  const [busy, setBusy] = useState(false);

  const downloadCsv = async () => {
    setBusy(true);
    try {
      await saveFile(await fetchTaxReportFile({ ...request, format: "csv" }));
      showSuccess(t("records.document.saved"));
    } catch (cause) {
      if (cause instanceof ApiError) {
        if (cause.code !== "UNAUTHORIZED") showError(errorText(cause.code, cause.params, cause.serverMsg));
      } else if (!(cause instanceof DOMException && cause.name === "AbortError")) {
        showError(t("common.networkError"));
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <Screen title={t("title.information.taxReport")}>
      <section className="card statement-form">
        <p className="form__lead">{t("records.taxReport.lead", { timeZone })}</p>
        <div className="tax-report__pickers">
          <div className="field">
            <label className="field__label" htmlFor={ids.year}>
              {t("records.taxReport.year")}
            </label>
            <div className="field__control">
              <select
                id={ids.year}
                className="field__input"
                value={year}
                onChange={(event) => setYear(Number(event.target.value))}
              >
                {yearsUpTo(thisYear).map((y) => (
                  <option key={y} value={y}>
                    {y}
                  </option>
                ))}
              </select>
            </div>
          </div>
          <div className="field">
            <label className="field__label" htmlFor={ids.currency}>
              {t("records.taxReport.currency")}
            </label>
            <div className="field__control">
              <select
                id={ids.currency}
                className="field__input"
                value={currency}
                onChange={(event) => setCurrency(event.target.value as Currency)}
              >
                {WALLET_CURRENCIES.map((c) => (
                  <option key={c} value={c}>
                    {c}
                  </option>
                ))}
              </select>
            </div>
          </div>
        </div>
        <div className="tax-report__actions">
          <Button size="large" fill="outline" disabled={busy} onClick={() => void downloadCsv()}>
            {t("records.taxReport.downloadCsv")}
          </Button>
          <DocumentButton
            label={t("records.taxReport.document")}
            title={t("records.taxReport.documentTitle", { year, currency })}
            queryKey={["taxReport", request]}
            load={() => fetchTaxReportFile({ ...request, format: "html" })}
          />
        </div>
      </section>
      <QueryView query={report}>{(data) => <ReportTable report={data} />}</QueryView>
    </Screen>
  );
}

function ReportTable({ report }: { report: TaxReport }) {
  const { t } = useTranslation();
  const day = (iso: string) =>
    new Date(iso).toLocaleDateString(undefined, { timeZone: report.timeZone, dateStyle: "medium" });
  const money = (value: string) => formatAmount(value, report.currency);
  const caption = t("records.taxReport.caption", { year: report.year, currency: report.currency });
  return (
    <section className="card tax-report__result" aria-label={caption}>
      {report.lots.length === 0 ? (
        <p className="form__lead">{t("records.taxReport.none")}</p>
      ) : (
        <div className="tax-report__table-wrap" tabIndex={0} role="region" aria-label={caption}>
          <table className="tax-report__table">
            <caption className="visually-hidden">{caption}</caption>
            <thead>
              <tr>
                <th scope="col">{t("records.taxReport.instrument")}</th>
                <th scope="col">{t("records.taxReport.opened")}</th>
                <th scope="col">{t("records.taxReport.closed")}</th>
                <th scope="col" className="num">
                  {t("records.taxReport.quantity")}
                </th>
                <th scope="col" className="num">
                  {t("records.taxReport.proceeds")}
                </th>
                <th scope="col" className="num">
                  {t("records.taxReport.costBasis")}
                </th>
                <th scope="col" className="num">
                  {t("records.taxReport.costs")}
                </th>
                <th scope="col" className="num">
                  {t("records.taxReport.net")}
                </th>
              </tr>
            </thead>
            <tbody>
              {report.lots.map((lot, index) => (
                <tr key={`${lot.openOrderNo}-${lot.closeOrderNo}-${index}`}>
                  <td>
                    {lot.symbol} · {t(`records.taxReport.${lot.direction}`)}
                  </td>
                  <td>{day(lot.openedAt)}</td>
                  <td>{day(lot.closedAt)}</td>
                  <td className="num">{lot.quantity}</td>
                  <td className="num">{money(lot.proceeds)}</td>
                  <td className="num">{money(lot.costBasis)}</td>
                  <td className="num">{money(lot.costs)}</td>
                  <td className="num">{money(lot.net)}</td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                <td colSpan={4}>{t("records.taxReport.totals")}</td>
                <td className="num">{money(report.totals.proceeds)}</td>
                <td className="num">{money(report.totals.costBasis)}</td>
                <td className="num">{money(report.totals.costs)}</td>
                <td className="num">{money(report.totals.net)}</td>
              </tr>
            </tfoot>
          </table>
        </div>
      )}
      <p className="footnote">
        {t("records.taxReport.positionsNet", {
          count: report.positions.count,
          net: money(report.positions.net),
          currency: report.currency,
        })}
      </p>
    </section>
  );
}
