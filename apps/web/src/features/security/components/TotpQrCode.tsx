import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import type * as QrCodeLibrary from "qrcode";

type QrModule = typeof QrCodeLibrary;

/** Drawn at 2.2 rem on the phone; the SVG scales without blur. Medium error correction keeps it coarse. */
const QR_OPTIONS = { type: "svg", errorCorrectionLevel: "M", margin: 2 } as const;

/**
 * The QR code library is fetched with the first code drawn, never with the app's first load. It is a
 * CommonJS module: depending on the bundler its functions sit on the namespace or on its default.
 */
async function loadQrCode(): Promise<QrModule> {
  const module = (await import("qrcode")) as QrModule & { default?: QrModule };
  return typeof module.toDataURL === "function" ? module : (module.default ?? module);
}

/** The otpauth URI as an SVG data URL: no canvas needed, and allowed by the CSP's `img-src data:`. */
export async function drawTotpQrCode(uri: string): Promise<string> {
  const { toString } = await loadQrCode();
  const svg = await toString(uri, QR_OPTIONS);
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

/** The enrolment QR code, scanned by the authenticator app. */
export function TotpQrCode({ uri }: { uri: string }) {
  const { t } = useTranslation();
  const [drawn, setDrawn] = useState<{ uri: string; src: string | null } | null>(null);

  useEffect(() => {
    let live = true;
    drawTotpQrCode(uri).then(
      (src) => live && setDrawn({ uri, src }),
      () => live && setDrawn({ uri, src: null }),
    );
    return () => {
      live = false;
    };
  }, [uri]);

  const current = drawn?.uri === uri ? drawn : null;
  if (current?.src === null) return <p className="totp-qr totp-qr--failed">{t("twoStep.qrFailed")}</p>;
  if (!current)
    return <div className="totp-qr totp-qr--loading" role="img" aria-label={t("twoStep.qrLoading")} />;
  return <img className="totp-qr" src={current.src} alt={t("twoStep.qrAlt")} />;
}
