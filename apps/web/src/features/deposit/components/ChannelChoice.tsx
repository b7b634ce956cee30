import type { DepositChannel } from "@brokerage/api";
import { useTranslation } from "react-i18next";
import { formatMoneySafe } from "../../../lib/money";
import { FormError } from "../../../components/FormError";

/** A channel's limits in one currency as text ("10.00 – 100,000.00 USD"), or undefined. */
export function useLimitsText() {
  const { t } = useTranslation();
  return (channel: DepositChannel | undefined, currency: string) => {
    const limits = channel?.limits[currency as keyof DepositChannel["limits"]];
    return limits
      ? t("deposit.limits", { min: formatMoneySafe(limits.min), max: formatMoneySafe(limits.max), currency })
      : undefined;
  };
}

/** The demo label of the channel a fresh install ships with: no real money goes through it. */
export function DemoTag() {
  const { t } = useTranslation();
  return <span className="deposit-tag deposit-tag--demo">{t("deposit.demo")}</span>;
}

/**
 * The channels that take the chosen currency, as one radio group: each with its kind, its limits in that
 * currency, whether a voucher is needed, and the demo label where it applies.
 */
export function ChannelChoice({
  channels,
  currency,
  value,
  onChange,
  error,
}: {
  channels: DepositChannel[];
  currency: string;
  value: string | null;
  onChange: (id: string) => void;
  error: string | undefined;
}) {
  const { t } = useTranslation();
  const limitsText = useLimitsText();
  return (
    <fieldset className="deposit-channels" aria-invalid={error ? true : undefined}>
      <legend className="field__label">{t("deposit.channel")}</legend>
      <ul className="deposit-channels__list">
        {channels.map((channel) => (
          <li key={channel.id}>
            <label className={`deposit-channel${value === channel.id ? " deposit-channel--checked" : ""}`}>
              <input
                type="radio"
                className="deposit-channel__input"
                name="channel"
                value={channel.id}
                checked={value === channel.id}
                onChange={() => onChange(channel.id)}
              />
              <span className="deposit-channel__check" aria-hidden="true" />
              <span className="deposit-channel__body">
                <span className="deposit-channel__name">
                  {channel.name}
                  {channel.demo && <DemoTag />}
                </span>
                <span className="deposit-channel__meta">
                  {t(`deposit.kind.${channel.kind}`)} · {limitsText(channel, currency)}
                </span>
                <span className="deposit-channel__meta">
                  {t(channel.voucherRequired ? "deposit.voucherRequired" : "deposit.voucherOptional")}
                </span>
              </span>
            </label>
          </li>
        ))}
      </ul>
      <FormError className="field__error" text={error} />
    </fieldset>
  );
}
