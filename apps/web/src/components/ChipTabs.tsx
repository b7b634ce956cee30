import type { KeyboardEvent } from "react";

export interface ChipOption<K extends string> {
  key: K;
  label: string;
}

/**
 * A compact, horizontally scrolling row of choices (markets, chart periods, ranking kinds). `role` tab for
 * views that switch content, radio for a setting; arrow keys move between them. `segment`: a form's
 * choice (an order's direction, price type, leverage) as equal buttons filling the row, each at least
 * 44 px each way from 320 to 750 px, wrapping rather than shrinking.
 */
export function ChipTabs<K extends string>({
  options,
  value,
  onChange,
  label,
  role = "tab",
  variant = "chip",
  className = "",
}: {
  options: readonly ChipOption<K>[];
  value: K;
  onChange: (key: K) => void;
  label: string;
  role?: "tab" | "radio";
  variant?: "chip" | "line" | "segment";
  className?: string;
}) {
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const step = event.key === "ArrowRight" ? 1 : event.key === "ArrowLeft" ? -1 : 0;
    if (!step) return;
    const index = options.findIndex((o) => o.key === value);
    const next = options[(index + step + options.length) % options.length];
    if (!next) return;
    event.preventDefault();
    onChange(next.key);
    const buttons = event.currentTarget.querySelectorAll<HTMLButtonElement>("button");
    buttons[options.indexOf(next)]?.focus();
  };
  return (
    <div
      role={role === "tab" ? "tablist" : "radiogroup"}
      aria-label={label}
      className={`chip-tabs chip-tabs--${variant} ${className}`.trim()}
      onKeyDown={onKeyDown}
    >
      {options.map((option) => {
        const selected = option.key === value;
        return (
          <button
            key={option.key}
            type="button"
            role={role}
            aria-selected={role === "tab" ? selected : undefined}
            aria-checked={role === "radio" ? selected : undefined}
            tabIndex={selected ? 0 : -1}
            className={`chip-tabs__item${selected ? " chip-tabs__item--active" : ""}`}
            onClick={() => onChange(option.key)}
          >
            {option.label}
          </button>
        );
      })}
    </div>
  );
}
