import "../security.css";
import { useId } from "react";
import { useLocation, useNavigate } from "react-router";
import Button from "antd-mobile/es/components/button";
import { useTranslation } from "react-i18next";
import { Screen } from "../../../components/Screen";
import { MenuList } from "../../../components/MenuList";
import { ErrorState } from "../../../components/ErrorState";
import { LoadingState } from "../../../components/LoadingState";
import { Icon } from "../../../components/icons";
import { useGo } from "../../../app/useGo";
import { formatDateTime } from "../../../lib/format";
import { getAccount } from "../../../lib/storage";
import { showInfo } from "../../../lib/toast";
import { useUserInfo } from "../../account";
import { useTwoStepStatus } from "../api/twoStep";
import { TwoStepDisable } from "../components/TwoStepDisable";
import { TwoStepEnrol } from "../components/TwoStepEnrol";
import { maskAccount } from "../mask";

export const SECURITY_PATH = "/information/aqSet";
/** Fewer recovery codes than this left: the screen suggests making new ones. */
const FEW_RECOVERY_CODES = 3;

/** The two-step flows open over the list as history entries (no route parameters), so "back" returns. */
type View = "enrol" | "disable";
const viewOf = (state: unknown): View | undefined => {
  const view = (state as { twoStep?: unknown } | null)?.twoStep;
  return view === "enrol" || view === "disable" ? view : undefined;
};

/** History index kept by react-router in history.state; 0 means this page opened the app. */
const canGoBack = () => ((window.history.state as { idx?: number } | null)?.idx ?? 0) > 0;

/**
 * /information/aqSet, security settings: the login password, the fund password (set or not), the bound
 * phone, and two-step log-in with its enrolment and the way to turn it off.
 */
export default function SecurityScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const view = viewOf(location.state);
  const account = useUserInfo().data?.account ?? getAccount() ?? "";
  const backToList = () => {
    if (canGoBack()) void navigate(-1);
    else void navigate(SECURITY_PATH, { replace: true });
  };

  if (view === "enrol")
    return (
      <Screen title={t("twoStep.enrolTitle")}>
        <TwoStepEnrol account={account} onDone={backToList} />
      </Screen>
    );
  if (view === "disable")
    return (
      <Screen title={t("twoStep.disableTitle")}>
        <TwoStepDisable onDone={backToList} />
      </Screen>
    );
  return (
    <Screen title={t("title.information.aqSet")}>
      <SecurityList
        account={account}
        open={(next) => void navigate(SECURITY_PATH, { state: { twoStep: next } })}
      />
    </Screen>
  );
}

function SecurityList({ account, open }: { account: string; open: (view: View) => void }) {
  const { t } = useTranslation();
  const go = useGo();
  const user = useUserInfo();
  const fundPasswordSet = user.data?.fundPasswordSet;

  return (
    <>
      <p className="security-lead">{t("security.lead")}</p>
      <MenuList
        label={t("title.information.aqSet")}
        items={[
          {
            key: "loginPass",
            icon: "lock",
            label: t("security.loginPass"),
            extra: t("security.change"),
            onSelect: () => go("/information/loginPass"),
          },
          {
            key: "fundPass",
            icon: "wallet",
            label: t("security.fundPass"),
            extra:
              fundPasswordSet === undefined ? undefined : fundPasswordSet ? (
                t("security.set")
              ) : (
                <span className="security-flag security-flag--warn">{t("security.notSet")}</span>
              ),
            onSelect: () => go("/information/fundPass"),
          },
          {
            key: "selfProtection",
            icon: "lock",
            label: t("title.information.selfProtection"),
            extra: t("security.selfProtectionHint"),
            onSelect: () => go("/information/selfProtection"),
          },
          {
            key: "phone",
            icon: "user",
            label: t("security.phone"),
            extra: maskAccount(account),
            onSelect: () => showInfo(t("security.phoneHint")),
          },
        ]}
      />
      {fundPasswordSet === false && <p className="security-hint">{t("security.fundPassHint")}</p>}
      {user.isError && <ErrorState onRetry={() => void user.refetch()} />}
      <TwoStepCard open={open} />
    </>
  );
}

function TwoStepCard({ open }: { open: (view: View) => void }) {
  const { t } = useTranslation();
  const titleId = useId();
  const status = useTwoStepStatus();

  let body;
  if (status.isPending) body = <LoadingState />;
  else if (!status.data) body = <ErrorState onRetry={() => void status.refetch()} />;
  else {
    const { enabled, enabledAt, recoveryCodesLeft } = status.data;
    body = (
      <>
        <p className="two-step-card__text">
          {enabled && enabledAt
            ? t("security.twoStepOnText", { date: formatDateTime(new Date(enabledAt)) })
            : t("security.twoStepOffText")}
        </p>
        {enabled && (
          <p
            className={`two-step-card__codes${recoveryCodesLeft < FEW_RECOVERY_CODES ? " two-step-card__codes--low" : ""}`}
          >
            {t("security.recoveryLeft", { count: recoveryCodesLeft })}
            {recoveryCodesLeft < FEW_RECOVERY_CODES && <> {t("security.recoveryLow")}</>}
          </p>
        )}
        {enabled ? (
          <Button block size="large" className="button-danger-outline" onClick={() => open("disable")}>
            {t("security.turnOff")}
          </Button>
        ) : (
          <Button block color="primary" size="large" onClick={() => open("enrol")}>
            {t("security.turnOn")}
          </Button>
        )}
      </>
    );
  }

  const enabled = status.data?.enabled;
  return (
    <section className="card two-step-card" aria-labelledby={titleId}>
      <div className="two-step-card__head">
        <span className="two-step-card__icon">
          <Icon name="shield" />
        </span>
        <h2 id={titleId} className="two-step-card__title">
          {t("security.twoStep")}
        </h2>
        {enabled !== undefined && (
          <span className={`security-flag${enabled ? " security-flag--on" : ""}`}>
            {t(enabled ? "security.on" : "security.off")}
          </span>
        )}
      </div>
      {body}
    </section>
  );
}
