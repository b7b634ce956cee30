import type { SVGProps } from "react";

/** Line icons (24×24, current colour). Decorative: the control that holds one carries the name. */
const PATHS = {
  home: "M3 10.5 12 3l9 7.5V20a1 1 0 0 1-1 1h-5v-6H9v6H4a1 1 0 0 1-1-1z",
  quotes: "M4 19V9m5 10V5m5 14v-7m5 7V8M3 21h18",
  trade: "M7 4v14m0 0-3-3m3 3 3-3M17 20V6m0 0-3 3m3-3 3 3",
  news: "M5 4h11v16H6a2 2 0 0 1-2-2V5a1 1 0 0 1 1-1zm11 5h3v9a2 2 0 0 1-2 2M8 8h5m-5 4h5m-5 4h3",
  user: "M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8zm-7 9a7 7 0 0 1 14 0",
  search: "M11 18a7 7 0 1 0 0-14 7 7 0 0 0 0 14zm5-2 5 5",
  bell: "M6 16V11a6 6 0 1 1 12 0v5l2 2H4zm4 4h4",
  back: "M15 5l-7 7 7 7",
  chevron: "M9 5l7 7-7 7",
  eye: "M2 12s3.5-7 10-7 10 7 10 7-3.5 7-10 7S2 12 2 12zm10 3a3 3 0 1 0 0-6 3 3 0 0 0 0 6z",
  eyeOff:
    "M3 3l18 18M10.6 5.1A10 10 0 0 1 12 5c6.5 0 10 7 10 7a17 17 0 0 1-3.2 4M6.6 6.6C3.8 8.4 2 12 2 12s3.5 7 10 7a9.6 9.6 0 0 0 5.4-1.6M9.9 9.9a3 3 0 0 0 4.2 4.2",
  globe:
    "M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18zM3 12h18M12 3c2.5 2.5 3.5 5.5 3.5 9s-1 6.5-3.5 9c-2.5-2.5-3.5-5.5-3.5-9S9.5 5.5 12 3z",
  copy: "M9 9h10v11H9zM5 15V4h10",
  deposit: "M12 3v12m0 0-4-4m4 4 4-4M4 17v3h16v-3",
  withdraw: "M12 15V3m0 0-4 4m4-4 4 4M4 17v3h16v-3",
  ipo: "M4 20V10l8-6 8 6v10zm5 0v-6h6v6",
  dayTrade: "M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18zm0-14v5l3 3",
  loan: "M3 7h18v10H3zm9 7a2 2 0 1 0 0-4 2 2 0 0 0 0 4zM6 10v4m12-4v4",
  lending: "M4 12h11m0 0-4-4m4 4-4 4M20 5v14",
  follow:
    "M8 11a3 3 0 1 0 0-6 3 3 0 0 0 0 6zm8 0a3 3 0 1 0 0-6 3 3 0 0 0 0 6zM2 20a6 6 0 0 1 12 0m-1.5-5.2A6 6 0 0 1 22 20",
  kefu: "M4 14v-2a8 8 0 1 1 16 0v2m-16 0h3v5H5a1 1 0 0 1-1-1zm16 0h-3v5h2a1 1 0 0 0 1-1z",
  shield: "M12 3l8 3v6c0 5-3.5 8-8 9-4.5-1-8-4-8-9V6z",
  card: "M3 6h18v12H3zm0 4h18M7 15h4",
  wallet: "M4 7h15a1 1 0 0 1 1 1v11H5a1 1 0 0 1-1-1V6a2 2 0 0 1 2-2h11v3m0 7h.01",
  records: "M6 3h12v18H6zm3 5h6m-6 4h6m-6 4h4",
  exchange: "M4 8h14m0 0-3-3m3 3-3 3M20 16H6m0 0 3-3m-3 3 3 3",
  settings:
    "M12 15a3 3 0 1 0 0-6 3 3 0 0 0 0 6zm7.4-1.5 1.6 1-2 3.5-1.8-.6a7 7 0 0 1-2 1.2L15 20h-4l-.4-1.9a7 7 0 0 1-2-1.2L6.8 17.5l-2-3.5 1.6-1a7 7 0 0 1 0-2l-1.6-1 2-3.5 1.8.6a7 7 0 0 1 2-1.2L11 4h4l.4 1.9a7 7 0 0 1 2 1.2l1.8-.6 2 3.5-1.6 1a7 7 0 0 1 0 2z",
  info: "M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18zm0-10v6m0-9h.01",
  logout: "M15 4h4v16h-4M10 8l-4 4 4 4m-4-4h11",
  lock: "M6 11h12v9H6zm3 0V8a3 3 0 0 1 6 0v3",
  doc: "M6 3h8l4 4v14H6zm8 0v4h4M9 12h6m-6 4h6",
  building: "M4 21V5l8-2v18m0-12h8v12M8 8h.01M8 12h.01M8 16h.01M16 13h.01M16 17h.01M2 21h20",
  star: "M12 3.5l2.6 5.3 5.9.9-4.3 4.1 1 5.8-5.2-2.7-5.2 2.7 1-5.8-4.3-4.1 5.9-.9z",
  arrowUp: "M12 19V5m0 0-6 6m6-6 6 6",
  arrowDown: "M12 5v14m0 0-6-6m6 6 6-6",
  trash: "M4 7h16M9 7V4h6v3m-8 0 1 13h8l1-13M10 11v6m4-6v6",
  clock: "M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18zm0-13v4l3 2",
  chart: "M3 3v18h18M7 15l4-4 3 3 6-6",
  clear: "M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18zm-3-12 6 6m0-6-6 6",
} as const;

export type IconName = keyof typeof PATHS;

export function Icon({ name, ...props }: { name: IconName } & SVGProps<SVGSVGElement>) {
  return (
    <svg
      viewBox="0 0 24 24"
      width="1em"
      height="1em"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      {...props}
    >
      <path d={PATHS[name]} />
    </svg>
  );
}
