// Line icons of the shell (decorative: the control around them carries the name).
const common = { className: "icon", viewBox: "0 0 24 24", "aria-hidden": true, focusable: false } as const;
const stroke = { fill: "none", stroke: "currentColor", strokeWidth: 1.8, strokeLinecap: "round", strokeLinejoin: "round" } as const;

export const AccountIcon = () => (
  <svg {...common}>
    <circle cx="12" cy="8" r="4" {...stroke} />
    <path d="M4 21c0-4 3.6-7 8-7s8 3 8 7" {...stroke} />
  </svg>
);

export const MenuIcon = () => (
  <svg {...common}>
    <path d="M4 6h16M4 12h16M4 18h16" {...stroke} />
  </svg>
);

export const HomeIcon = () => (
  <svg {...common}>
    <path d="M3 11l9-7 9 7M5 9.5V20h5v-6h4v6h5V9.5" {...stroke} />
  </svg>
);

export const SearchIcon = () => (
  <svg {...common}>
    <circle cx="11" cy="11" r="7" {...stroke} />
    <path d="M20 20l-4-4" {...stroke} />
  </svg>
);
