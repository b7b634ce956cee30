import { Icon, type IconName } from "./icons";

/** A round icon-only button; `label` is its accessible name. */
export function IconButton({
  icon,
  label,
  onClick,
  light = false,
  className = "",
}: {
  icon: IconName;
  label: string;
  onClick: () => void;
  /** White icon, for use on the brand colour. */
  light?: boolean;
  className?: string;
}) {
  return (
    <button
      type="button"
      className={`icon-button${light ? " icon-button--light" : ""} ${className}`.trim()}
      aria-label={label}
      onClick={onClick}
    >
      <Icon name={icon} />
    </button>
  );
}
