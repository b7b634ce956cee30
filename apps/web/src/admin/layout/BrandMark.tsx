/** The platform's mark (the phone app's), drawn inline so the back office needs no image request. */
export function BrandMark({ size = 28 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 64 64" aria-hidden="true" focusable="false">
      <rect width="64" height="64" rx="16" fill="#1d4ed8" />
      <path
        d="M14 44l12-14 9 8 15-18"
        fill="none"
        stroke="#fff"
        strokeWidth="6"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      <circle cx="50" cy="20" r="4" fill="#f5a524" />
    </svg>
  );
}
