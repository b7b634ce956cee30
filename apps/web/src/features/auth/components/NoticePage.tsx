import type { ReactNode } from "react";
import { Icon, type IconName } from "../../../components/icons";

/** A one-message page (session expired, registered): icon, heading, text, then the way forward. */
export function NoticePage({
  icon,
  tone = "brand",
  heading,
  body,
  children,
}: {
  icon: IconName;
  tone?: "brand" | "success";
  heading: string;
  body: string;
  children: ReactNode;
}) {
  return (
    <main className="notice-page">
      <span className={`notice-page__icon notice-page__icon--${tone}`}>
        <Icon name={icon} />
      </span>
      <h1 className="notice-page__heading">{heading}</h1>
      <p className="notice-page__body">{body}</p>
      {children}
    </main>
  );
}
