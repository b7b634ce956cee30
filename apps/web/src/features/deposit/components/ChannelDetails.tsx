import type { DepositChannel } from "@brokerage/api";
import { useTranslation } from "react-i18next";
import { AddressQrCode } from "../../cards";
import { CopyRow } from "./CopyRow";

/**
 * Where to send the money, by kind of channel: a bank account (name, number, bank), a crypto address
 * with its QR code, or the key to quote to the OTC desk. Every value has its copy button.
 */
export function ChannelDetails({ channel }: { channel: DepositChannel }) {
  const { t } = useTranslation();
  switch (channel.kind) {
    case "bank":
      return (
        <dl className="deposit-details">
          <CopyRow label={t("deposit.bank.accountName")} value={channel.details.accountName} />
          <CopyRow label={t("deposit.bank.accountNumber")} value={channel.details.accountNumber} mono />
          <CopyRow label={t("deposit.bank.bankName")} value={channel.details.bankName} />
        </dl>
      );
    case "crypto":
      return (
        <>
          <AddressQrCode
            text={channel.details.address}
            label={t("deposit.crypto.qrAlt", { network: channel.details.network })}
          />
          <dl className="deposit-details">
            <CopyRow label={t("deposit.crypto.network")} value={channel.details.network} />
            <CopyRow label={t("deposit.crypto.address")} value={channel.details.address} mono />
          </dl>
          <p className="form__note">{t("deposit.crypto.warning", { network: channel.details.network })}</p>
        </>
      );
    case "otc":
      return (
        <>
          <dl className="deposit-details">
            <CopyRow label={t("deposit.otc.key")} value={channel.details.key} mono />
          </dl>
          <p className="form__note">{t("deposit.otc.note")}</p>
        </>
      );
  }
}
