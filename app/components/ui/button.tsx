import { Link, type LinkProps } from "@remix-run/react";
import type { ButtonHTMLAttributes } from "react";

const VARIANTS = {
  primary: "bg-brand-600 text-white hover:bg-brand-700",
  secondary: "border border-slate-300 bg-white text-slate-800 hover:bg-slate-50",
  danger: "bg-red-600 text-white hover:bg-red-700",
  dark: "bg-slate-800 text-white hover:bg-slate-900",
  ghost: "text-brand-700 hover:underline",
} as const;

const SIZES = {
  sm: "rounded-lg px-3 py-1.5 text-sm",
  md: "rounded-lg px-4 py-2 text-sm",
  lg: "rounded-lg px-4 py-2.5",
  pill: "rounded-full px-3 py-1.5 text-sm",
} as const;

export type ButtonStyle = { variant?: keyof typeof VARIANTS; size?: keyof typeof SIZES; wide?: boolean };

/** The product's button look, for a <button> or a link that acts as one. */
export function buttonClasses({ variant = "primary", size = "md", wide = false }: ButtonStyle = {}, extra = ""): string {
  return [
    // At least 44×44 px, whatever the size: every tap target is (WCAG 2.5.5).
    "inline-flex min-h-11 min-w-11 items-center justify-center gap-2 font-medium disabled:cursor-wait disabled:opacity-70",
    VARIANTS[variant],
    SIZES[size],
    wide ? "w-full" : "",
    extra,
  ]
    .filter(Boolean)
    .join(" ");
}

export function Button({
  variant,
  size,
  wide,
  className,
  type = "button",
  ...props
}: ButtonStyle & ButtonHTMLAttributes<HTMLButtonElement>) {
  return <button type={type} className={buttonClasses({ variant, size, wide }, className)} {...props} />;
}

export function ButtonLink({ variant, size, wide, className, ...props }: ButtonStyle & LinkProps) {
  return <Link className={buttonClasses({ variant, size, wide }, className)} {...props} />;
}
