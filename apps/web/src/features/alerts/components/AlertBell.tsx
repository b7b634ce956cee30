import "../alerts.css";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Icon } from "../../../components/icons";
import { AlertListSheet } from "./AlertListSheet";
import { AlertSheet, type AlertStock } from "./AlertSheet";

/** The stock detail's bell: opens the sheet to set an alert at the live price; from it, every alert. */
export function AlertBell({ stock }: { stock: AlertStock }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState<"sheet" | "list" | null>(null);
  return (
    <>
      <button
        type="button"
        className="icon-button alert-bell"
        aria-label={t("alerts.bell", { name: stock.name })}
        aria-haspopup="dialog"
        onClick={() => setOpen("sheet")}
      >
        <Icon name="bell" />
      </button>
      <AlertSheet
        open={open === "sheet"}
        stock={stock}
        onClose={() => setOpen(null)}
        onShowAll={() => setOpen("list")}
      />
      <AlertListSheet open={open === "list"} onClose={() => setOpen(null)} />
    </>
  );
}

/** The way to every alert from elsewhere (the inbox): a row that opens the list. */
export function AlertsEntry() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        className="alerts-entry card"
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
      >
        <span className="alerts-entry__icon">
          <Icon name="bell" />
        </span>
        <span className="alerts-entry__label">{t("alerts.listTitle")}</span>
        <Icon name="chevron" className="alerts-entry__chevron" />
      </button>
      <AlertListSheet open={open} onClose={() => setOpen(false)} />
    </>
  );
}
