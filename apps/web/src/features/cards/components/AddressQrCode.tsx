import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import type * as QrCodeLibrary from "qrcode";
import { QR_DEFAULTS, fitsInQrCode } from "@brokerage/core";

type QrModule = typeof QrCodeLibrary;

/**
 * The QR code library is fetched with the first code drawn, never with the app's first load. It is a
 * CommonJS module: depending on the bundler its functions sit on the namespace or on its default.
 */
async function loadQrCode(): Promise<QrModule> {
  const module = (await import("qrcode")) as QrModule & { default?: QrModule };
  return typeof module.toDataURL === "function" ? module : (module.default ?? module);
}

/** Draws `text` at spec §9's defaults: 256 × 256 px, black on white, highest error correction. */
export async function drawQrCode(text: string): Promise<string> {
  const { toDataURL } = await loadQrCode();
  return toDataURL(text, {
    width: QR_DEFAULTS.size,
    errorCorrectionLevel: QR_DEFAULTS.errorCorrectionLevel,
    color: { dark: QR_DEFAULTS.foreground, light: QR_DEFAULTS.background },
  });
}

/**
 * A wallet address as a QR code, for a wallet app to scan. Data too long for the largest QR symbol (spec
 * §9 "Too-long data fails") is said so in words instead of failing silently.
 */
export function AddressQrCode({ text, label }: { text: string; label: string }) {
  const { t } = useTranslation();
  const fits = fitsInQrCode(text, QR_DEFAULTS.errorCorrectionLevel);
  const [drawn, setDrawn] = useState<{ text: string; src: string | null } | null>(null);

  useEffect(() => {
    if (!fits) return;
    let live = true;
    drawQrCode(text).then(
      (src) => live && setDrawn({ text, src }),
      () => live && setDrawn({ text, src: null }),
    );
    return () => {
      live = false;
    };
  }, [text, fits]);

  const current = drawn?.text === text ? drawn : null;
  if (!fits || (current && current.src === null))
    return <p className="qr-code qr-code--failed">{t("cards.wallet.qrTooLong")}</p>;
  if (!current?.src)
    return <div className="qr-code qr-code--loading" role="img" aria-label={t("cards.wallet.qrLoading")} />;
  return (
    <img
      className="qr-code"
      src={current.src}
      width={QR_DEFAULTS.size}
      height={QR_DEFAULTS.size}
      alt={label}
    />
  );
}
