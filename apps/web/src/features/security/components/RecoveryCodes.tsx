import { useId, useState } from "react";
import Button from "antd-mobile/es/components/button";
import { useTranslation } from "react-i18next";
import { Icon } from "../../../components/icons";
import { copyText } from "../../../lib/clipboard";
import { showSuccess } from "../../../lib/toast";
import { downloadText } from "./copy";

/**
 * The recovery codes, shown this one time (the server keeps only their hashes): copy them, download them
 * as a text file, and say they are saved before leaving, so nobody taps past them by accident.
 */
export function RecoveryCodes({
  account,
  codes,
  onDone,
}: {
  account: string;
  codes: string[];
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const [saved, setSaved] = useState(false);
  const text = [t("twoStep.fileHeading", { account }), "", ...codes, ""].join("\n");

  const copy = () =>
    void copyText(codes.join("\n")).then((ok) => ok && showSuccess(t("twoStep.codesCopied")));

  return (
    <section className="card recovery-codes" aria-labelledby={titleId}>
      <h2 id={titleId} className="card__title">
        {t("twoStep.codesTitle")}
      </h2>
      <p className="recovery-codes__warning" role="note">
        <Icon name="info" className="recovery-codes__warning-icon" />
        <span>{t("twoStep.codesWarning")}</span>
      </p>
      <ol className="recovery-codes__list" aria-label={t("twoStep.codesList")}>
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ol>
      <div className="recovery-codes__actions">
        <Button size="middle" onClick={copy}>
          {t("twoStep.copyCodes")}
        </Button>
        <Button size="middle" onClick={() => downloadText("recovery-codes.txt", text)}>
          {t("twoStep.download")}
        </Button>
      </div>
      <label className="recovery-codes__saved">
        <input type="checkbox" checked={saved} onChange={(event) => setSaved(event.target.checked)} />
        <span>{t("twoStep.saved")}</span>
      </label>
      <Button block color="primary" size="large" disabled={!saved} onClick={onDone}>
        {t("twoStep.done")}
      </Button>
    </section>
  );
}
