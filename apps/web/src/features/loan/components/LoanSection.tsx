import { useId, type ReactNode } from "react";
import { TermList, type Term } from "./LoanFigures";

/** A card of the loan screens: a region named by its heading, with a state pill beside it if any. */
export function LoanSection({
  title,
  pill,
  children,
}: {
  title: string;
  pill?: ReactNode;
  children: ReactNode;
}) {
  const titleId = useId();
  const heading = (
    <h2 id={titleId} className="loan-card__title">
      {title}
    </h2>
  );
  return (
    <section className="card loan-card" aria-labelledby={titleId}>
      {pill ? (
        <div className="loan-card__head">
          {heading}
          {pill}
        </div>
      ) : (
        heading
      )}
      {children}
    </section>
  );
}

/** A card about one sum (the quota, what is owed): the sum set large, a line on it, then its details. */
export function FigureCard({
  title,
  figure,
  text,
  rows,
}: {
  title: string;
  figure: string;
  text: string | null;
  rows: Term[];
}) {
  return (
    <LoanSection title={title}>
      <p className="loan-quota">{figure}</p>
      {text && <p className="loan-card__text">{text}</p>}
      <TermList rows={rows} />
    </LoanSection>
  );
}
