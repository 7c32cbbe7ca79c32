import type { ReactNode } from "react";

/**
 * The product's few icons, drawn inline. Not a sprite file (`<use href="/icons.svg#…">`): a page
 * referring to an outside SVG makes the browser build a whole document for it, which cost a phone's
 * first visit to the feed 45 ms of main thread (170 ms at 4× slower CPU) and one more request; the
 * paths are a few hundred bytes, and twenty like buttons' hearts gzip to almost nothing. Decorative:
 * the control it sits in carries the name.
 */
const SHAPES = {
  heart: (
    <path
      stroke="currentColor"
      strokeWidth="2"
      d="M12 21s-7.5-4.6-9.5-9.2C1.2 8.6 3.3 5 6.8 5c2 0 3.4 1.1 4.2 2.4h2C13.8 6.1 15.2 5 17.2 5c3.5 0 5.6 3.6 4.3 6.8C19.5 16.4 12 21 12 21z"
    />
  ),
  menu: <path fill="none" stroke="currentColor" strokeWidth="2" d="M4 6h16M4 12h16M4 18h16" />,
  "arrow-up": <path fill="none" stroke="currentColor" strokeWidth="2.5" d="M12 19V5M5 12l7-7 7 7" />,
  home: (
    <path
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinejoin="round"
      d="M3 11l9-7 9 7v9a1 1 0 0 1-1 1h-5v-6h-6v6H4a1 1 0 0 1-1-1z"
    />
  ),
  post: (
    <>
      <rect x="3" y="3" width="18" height="18" rx="3" fill="none" stroke="currentColor" strokeWidth="2" />
      <path stroke="currentColor" strokeWidth="2" d="M12 8v8M8 12h8" />
    </>
  ),
  users: (
    <g fill="none" stroke="currentColor" strokeWidth="2">
      <circle cx="9" cy="8" r="3.5" />
      <path d="M2.5 20c.8-3.6 3.4-5.5 6.5-5.5s5.7 1.9 6.5 5.5" />
      <path d="M16 4.7a3.5 3.5 0 0 1 0 6.6M18 14.8c1.8.8 3 2.5 3.5 5.2" />
    </g>
  ),
  clock: (
    <g fill="none" stroke="currentColor" strokeWidth="2">
      <circle cx="12" cy="12" r="9" />
      <path d="M12 7v5l3 2" />
    </g>
  ),
  more: (
    <g fill="currentColor">
      <circle cx="5" cy="12" r="2" />
      <circle cx="12" cy="12" r="2" />
      <circle cx="19" cy="12" r="2" />
    </g>
  ),
} satisfies Record<string, ReactNode>;

export type IconName = keyof typeof SHAPES;

export function Icon({ name, className, fill = "none" }: { name: IconName; className: string; fill?: string }) {
  return (
    <svg aria-hidden viewBox="0 0 24 24" className={className} fill={fill}>
      {SHAPES[name]}
    </svg>
  );
}
