/**
 * An icon from /icons.svg: one cached file, instead of the same path data in
 * the bundle and in every post card's HTML. Decorative: the control it sits in
 * carries the name.
 */
export function Icon({ name, className, fill = "none" }: { name: "heart" | "menu" | "arrow-up"; className: string; fill?: string }) {
  return (
    <svg aria-hidden className={className} fill={fill}>
      <use href={`/icons.svg#${name}`} />
    </svg>
  );
}
