import "../kyc.css";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { KycStatusResponse } from "@brokerage/api";
import { QueryView } from "../../../components/QueryView";
import { Screen } from "../../../components/Screen";
import { useKycStatus } from "../api/kyc";
import { KycForm } from "../components/KycForm";
import { KycStatusPanel } from "../components/KycStatusPanel";

/**
 * /information/authInfo: real-name verification (spec §2, §4). Not verified: the form. Under review or
 * verified: where it stands, with the masked data. Failed: the reviewer's reason and a way to send again.
 */
export default function AuthInfoScreen() {
  const { t } = useTranslation();
  const status = useKycStatus();
  return (
    <Screen title={t("title.information.authInfo")}>
      <QueryView query={status}>{(data) => <KycView key={data.state} status={data} />}</QueryView>
    </Screen>
  );
}

/** Keyed by state: a new outcome starts from its own view, not from a form left open before. */
function KycView({ status }: { status: KycStatusResponse }) {
  const [resubmitting, setResubmitting] = useState(false);
  const { state } = status;
  if (state === "not_verified") return <KycForm />;
  if (state === "failed" && resubmitting) {
    return <KycForm resubmit initialName={status.realName ?? ""} onCancel={() => setResubmitting(false)} />;
  }
  return <KycStatusPanel status={{ ...status, state }} onResubmit={() => setResubmitting(true)} />;
}
