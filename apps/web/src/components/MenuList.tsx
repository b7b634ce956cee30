import type { ReactNode } from "react";
import { Icon, type IconName } from "./icons";

export interface MenuItem {
  key: string;
  label: string;
  icon?: IconName;
  /** Shown at the end of the row (a value or a status). */
  extra?: ReactNode;
  onSelect: () => void;
  danger?: boolean;
}

/** A card of tappable rows (account centre, settings, about). Each row is a real button. */
export function MenuList({ items, label }: { items: MenuItem[]; label?: string }) {
  return (
    <ul className="menu-list card" aria-label={label}>
      {items.map((item) => (
        <li key={item.key}>
          <button
            type="button"
            className={`menu-list__row${item.danger ? " menu-list__row--danger" : ""}`}
            onClick={item.onSelect}
          >
            {item.icon && (
              <span className="menu-list__icon">
                <Icon name={item.icon} />
              </span>
            )}
            <span className="menu-list__label">{item.label}</span>
            {item.extra !== undefined && <span className="menu-list__extra">{item.extra}</span>}
            <Icon name="chevron" className="menu-list__chevron" />
          </button>
        </li>
      ))}
    </ul>
  );
}
