/** The product's mark: an equaliser in the neon gradient. */
export function LogoMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 40 40" className={className} aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id="logo-g" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#ff2bd6" />
          <stop offset="0.55" stopColor="#8b5cf6" />
          <stop offset="1" stopColor="#00e5ff" />
        </linearGradient>
      </defs>
      <rect x="1" y="1" width="38" height="38" rx="11" fill="#141127" stroke="url(#logo-g)" strokeWidth="2" />
      <g fill="url(#logo-g)">
        <rect x="8" y="18" width="4" height="14" rx="2" />
        <rect x="14.5" y="10" width="4" height="22" rx="2" />
        <rect x="21" y="14" width="4" height="18" rx="2" />
        <rect x="27.5" y="7" width="4" height="25" rx="2" />
      </g>
    </svg>
  );
}
