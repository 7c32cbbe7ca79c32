import type { ReactNode } from "react";

/**
 * The product's few icons, drawn inline. Not a sprite file (`<use href="/icons.svg#…">`): a page
 * referring to an outside SVG makes the browser build a whole document for it, which cost a phone's
 * first visit to the feed 45 ms of main thread (170 ms at 4× slower CPU) and one more request; the
 * paths are a few hundred bytes, and twenty like buttons' hearts gzip to almost nothing. Decorative:
 * the control it sits in carries the name. These are the feed's, which a first visit loads; the
 * workspace's tab bar keeps its own beside it (components/app-shell.tsx), drawn in the same frame.
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
} satisfies Record<string, ReactNode>;

export type IconName = keyof typeof SHAPES;

export function Icon({ name, className, fill }: { name: IconName; className: string; fill?: string }) {
  return (
    <IconFrame className={className} fill={fill}>
      {SHAPES[name]}
    </IconFrame>
  );
}

/** The 24×24 frame an icon's shape is drawn in, hidden from screen readers. */
export function IconFrame({ className, fill = "none", children }: { className: string; fill?: string; children: ReactNode }) {
  return (
    <svg aria-hidden viewBox="0 0 24 24" className={className} fill={fill}>
      {children}
    </svg>
  );
}
