import { useState } from "react";
import { useConfig } from "../lib/config";

/** The operator's logo from config, or the built-in mark until it loads (or when it fails). */
export function BrandMark({ size = "0.64rem" }: { size?: string }) {
  const logo = useConfig().data?.logoUrl;
  const [failed, setFailed] = useState<string | null>(null);
  if (logo && failed !== logo)
    return (
      <img
        className="brand-mark"
        src={logo}
        alt=""
        style={{ width: size, height: size }}
        onError={() => setFailed(logo)}
      />
    );
  return (
    <svg className="brand-mark" viewBox="0 0 64 64" style={{ width: size, height: size }} aria-hidden="true">
      <rect width="64" height="64" rx="16" fill="var(--brand)" />
      <path
        d="M14 44l12-14 9 8 15-18"
        fill="none"
        stroke="#fff"
        strokeWidth="6"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      <circle cx="50" cy="20" r="4" fill="var(--accent)" />
    </svg>
  );
}
