/** A form's message (a refusal, a failed connection), announced as it appears; nothing without one. */
export function FormError({ text, className }: { text: string | undefined; className: string }) {
  return text ? (
    <p className={className} role="alert">
      {text}
    </p>
  ) : null;
}
