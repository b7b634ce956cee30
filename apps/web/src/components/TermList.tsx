export interface Term {
  label: string;
  value: string;
  /** The figure the list is about (a total, what is owed): set apart. */
  strong?: boolean;
}

/** Label → value rows (terms, a request's figures, a confirmation's sums); `className` is the feature's look. */
export function TermList({ rows, className = "" }: { rows: Term[]; className?: string }) {
  return (
    <dl className={`trade-terms ${className}`.trim()}>
      {rows.map((row) => (
        <div key={row.label} className={row.strong ? "trade-terms__total" : undefined}>
          <dt>{row.label}</dt>
          <dd>{row.value}</dd>
        </div>
      ))}
    </dl>
  );
}
