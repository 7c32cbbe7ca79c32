/**
 * An icon from /icons.svg: one cached file, instead of the same path data in
 * the bundle and in every post card's HTML. Decorative: the control it sits in
 * carries the name.
 */
export type IconName = "heart" | "menu" | "arrow-up" | "home" | "post" | "users" | "clock" | "more";

export function Icon({ name, className, fill = "none" }: { name: IconName; className: string; fill?: string }) {
  return (
    <svg aria-hidden className={className} fill={fill}>
      <use href={`/icons.svg#${name}`} />
    </svg>
  );
}
