import type { ReactNode } from "react";
import { useNavigate } from "react-router";
import { useTranslation } from "react-i18next";
import { IconButton } from "./IconButton";
import { hasSession } from "../lib/storage";

/** History index kept by react-router in history.state; 0 means this page opened the app. */
const canGoBack = () => ((window.history.state as { idx?: number } | null)?.idx ?? 0) > 0;

/** The top-back bar (spec §2): goes back one step; a screen opened directly falls back to a sensible root. */
export function TopBar({ title, back = true, right }: { title: string; back?: boolean; right?: ReactNode }) {
  const navigate = useNavigate();
  const { t } = useTranslation();
  const goBack = () => {
    if (canGoBack()) navigate(-1);
    else navigate(hasSession() ? "/home/index" : "/login/start1", { replace: true });
  };
  return (
    <header className="top-bar">
      <div className="top-bar__side">
        {back && <IconButton icon="back" label={t("common.back")} onClick={goBack} />}
      </div>
      <h1 className="top-bar__title">{title}</h1>
      <div className="top-bar__side top-bar__side--right">{right}</div>
    </header>
  );
}
