import { Link } from "react-router";
import { useTranslation } from "react-i18next";

/** The empty-list placeholder (spec §2). */
export function EmptyState({ text }: { text?: string }) {
  const { t } = useTranslation();
  return (
    <div className="empty-state">
      <svg viewBox="0 0 96 72" className="empty-state__art" aria-hidden="true" focusable="false">
        <rect x="14" y="16" width="68" height="44" rx="6" fill="var(--surface-sunken)" />
        <path d="M14 34h20l4 8h20l4-8h20" fill="none" stroke="var(--line-strong)" strokeWidth="2" />
        <path d="M26 26h44" stroke="var(--line-strong)" strokeWidth="2" strokeLinecap="round" />
      </svg>
      <p className="empty-state__text">{text ?? t("common.empty")}</p>
    </div>
  );
}

/** A card that is empty for now, with the way to where there is something (a missing detail, a list). */
export function EmptyCard({ text, to, link }: { text: string; to: string; link: string }) {
  return (
    <section className="card">
      <EmptyState text={text} />
      <p className="footnote">
        <Link to={to}>{link}</Link>
      </p>
    </section>
  );
}
