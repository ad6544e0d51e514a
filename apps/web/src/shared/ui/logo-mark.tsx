// The product mark, the favicon drawn inline: no antd, so the portal's first paint can show it too.
export const LogoMark = ({ size = 32 }: { size?: number }) => (
  <svg width={size} height={size} viewBox="0 0 64 64" aria-hidden="true">
    <defs>
      <linearGradient id="logo-gradient" x1="0" y1="0" x2="1" y2="1">
        <stop offset="0" stopColor="#597ef7" />
        <stop offset="1" stopColor="#1d39c4" />
      </linearGradient>
    </defs>
    <rect width="64" height="64" rx="14" fill="url(#logo-gradient)" />
    <path d="M20 40a8 8 0 0 1 1.2-15.9A11 11 0 0 1 42.4 22 9 9 0 0 1 44 40Z" fill="#fff" opacity=".95" />
    <circle cx="24" cy="34" r="3" fill="#2f54eb" />
    <circle cx="32" cy="29" r="3" fill="#2f54eb" />
    <circle cx="40" cy="34" r="3" fill="#2f54eb" />
    <path d="M24 34 32 29 40 34" stroke="#2f54eb" strokeWidth="2" fill="none" strokeLinecap="round" />
  </svg>
)
