import { useId, type ReactNode } from "react";
import { EmptyState } from "./EmptyState";

/** A titled card; without children it holds the empty-list placeholder (a feature still to come). */
export function SectionCard({ title, children }: { title: string; children?: ReactNode }) {
  const id = useId();
  return (
    <section className="card" aria-labelledby={id}>
      <h2 id={id} className="card__title">
        {title}
      </h2>
      {children ?? <EmptyState />}
    </section>
  );
}
