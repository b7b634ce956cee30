import { Icon, type IconName } from "./icons";

/** A round icon-only button; `label` is its accessible name. */
export function IconButton({
  icon,
  label,
  onClick,
  light = false,
  className = "",
  badge,
}: {
  icon: IconName;
  label: string;
  onClick: () => void;
  /** White icon, for use on the brand colour. */
  light?: boolean;
  className?: string;
  /** A count shown on the icon (unread messages); part of the accessible name through `label`. */
  badge?: number;
}) {
  return (
    <button
      type="button"
      className={`icon-button${light ? " icon-button--light" : ""} ${className}`.trim()}
      aria-label={label}
      onClick={onClick}
    >
      <Icon name={icon} />
      {badge !== undefined && badge > 0 && (
        <span className="icon-button__badge" aria-hidden="true">
          {badge > 99 ? "99+" : badge}
        </span>
      )}
    </button>
  );
}
