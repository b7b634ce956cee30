import { useId } from "react";
import Popup from "antd-mobile/es/components/popup";
import { useTranslation } from "react-i18next";
import type { Currency, WalletBalance } from "@brokerage/api";
import { formatMoneySafe } from "../../../lib/money";
import { currencyName, isCurrency } from "../../../lib/currency";

/** The switch's own currencies; the sheet lists the others, INR first (the server's order). */
const ON_SWITCH = new Set(["USD", "THB"]);

/** The other wallets, each with its balances; choosing one shows the totals in its currency. */
export function WalletSheet({
  open,
  wallets,
  display,
  onChoose,
  onClose,
}: {
  open: boolean;
  wallets: WalletBalance[];
  display: Currency;
  onChoose: (currency: Currency) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const others = wallets.filter((w) => !ON_SWITCH.has(w.currency) && isCurrency(w.currency));
  return (
    <Popup visible={open} onClose={onClose} closeOnMaskClick position="bottom" bodyClassName="wallet-sheet">
      <div role="dialog" aria-modal="true" aria-labelledby={titleId}>
        <h2 id={titleId} className="wallet-sheet__title">
          {t("accountCentre.otherWallets")}
        </h2>
        <p className="wallet-sheet__lead">{t("accountCentre.otherWalletsLead")}</p>
        <ul className="wallet-sheet__list">
          {others.map((w) => (
            <li key={w.currency}>
              <button
                type="button"
                className={`wallet-row${w.currency === display ? " wallet-row--on" : ""}`}
                aria-current={w.currency === display ? "true" : undefined}
                onClick={() => isCurrency(w.currency) && onChoose(w.currency)}
              >
                <span className="wallet-row__code">{w.currency}</span>
                <span className="wallet-row__name">{currencyName(w.currency)}</span>
                <span className="wallet-row__amounts">
                  <span>{formatMoneySafe(w.available)}</span>
                  {/[1-9]/.test(w.frozen) && (
                    <span className="wallet-row__frozen">
                      {t("accountCentre.frozenAmount", { amount: formatMoneySafe(w.frozen) })}
                    </span>
                  )}
                </span>
              </button>
            </li>
          ))}
        </ul>
        <button type="button" className="wallet-sheet__close text-button" onClick={onClose}>
          {t("accountCentre.close")}
        </button>
      </div>
    </Popup>
  );
}
