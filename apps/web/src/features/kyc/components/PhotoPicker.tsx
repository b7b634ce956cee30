import "../kyc.css";
import { useEffect, useId, useState, type ChangeEvent } from "react";
import { useTranslation } from "react-i18next";
import { PHOTO_ACCEPT } from "../photoCheck";

/** A camera outline; decorative (the input carries the name). */
function CameraArt() {
  return (
    <svg className="kyc-photo__art" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        d="M4 8h3l1.5-2h7L17 8h3a1 1 0 0 1 1 1v9a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1V9a1 1 0 0 1 1-1zm8 9a3.5 3.5 0 1 0 0-7 3.5 3.5 0 0 0 0 7z"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.6"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/**
 * A local preview of the picked file. A data: URL, not a blob: one: the app's Content-Security-Policy
 * allows images from itself and data: only.
 */
function usePreview(file: File | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    setUrl(null);
    if (!file) return;
    let current = true;
    const reader = new FileReader();
    reader.onload = () => {
      if (current && typeof reader.result === "string") setUrl(reader.result);
    };
    reader.readAsDataURL(file);
    return () => {
      current = false;
      if (reader.readyState === FileReader.LOADING) reader.abort();
    };
  }, [file]);
  return url;
}

/**
 * One photo (an ID side, a deposit voucher): the phone's camera (`capture`), or a file picker where there
 * is no camera. The whole tile is the input's label, so a tap anywhere on it opens the camera; once
 * picked, the photo is shown. `caption` names the photo; `name` is the input's form name.
 */
export function PhotoPicker({
  name,
  caption,
  file,
  onPick,
  error,
  disabled = false,
}: {
  name: string;
  caption: string;
  file: File | null;
  onPick: (file: File | null) => void;
  error?: string | undefined;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const id = useId();
  const errorId = `${id}-error`;
  const preview = usePreview(file);

  const pick = (event: ChangeEvent<HTMLInputElement>) => {
    onPick(event.target.files?.[0] ?? null);
    // The same file picked again after a refusal must fire a change again.
    event.target.value = "";
  };

  return (
    <div className={`kyc-photo${error ? " kyc-photo--error" : ""}`}>
      <label className={`kyc-photo__tile${preview ? " kyc-photo__tile--filled" : ""}`}>
        {preview ? (
          <img className="kyc-photo__img" src={preview} alt={t("kyc.preview", { side: caption })} />
        ) : (
          <span className="kyc-photo__empty">
            <CameraArt />
            <span className="kyc-photo__hint">{t("kyc.addPhoto")}</span>
          </span>
        )}
        <span className="kyc-photo__caption">
          {caption}
          {preview && <span className="kyc-photo__change">{t("kyc.changePhoto")}</span>}
        </span>
        <input
          className="visually-hidden"
          type="file"
          name={name}
          accept={PHOTO_ACCEPT}
          capture="environment"
          disabled={disabled}
          aria-label={t("kyc.photoInput", { side: caption })}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={pick}
        />
      </label>
      {error && (
        <p className="field__error" id={errorId} role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
