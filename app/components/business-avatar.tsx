import { imageVariantUrl } from "~/lib/images";

/** A business's round picture, or its name's first letter when it has none. `size` in pixels (40 or 64). */
export function BusinessAvatar({ name, imageUrl, size = 40 }: { name: string; imageUrl: string | null; size?: 40 | 64 }) {
  const box = size === 64 ? "h-16 w-16 text-2xl" : "h-10 w-10";
  if (imageUrl) {
    return (
      <img src={imageVariantUrl(imageUrl, 160)} alt="" width={size} height={size} className={`${box} shrink-0 rounded-full object-cover`} />
    );
  }
  return (
    <span aria-hidden className={`${box} flex shrink-0 items-center justify-center rounded-full bg-brand-100 font-semibold text-brand-700`}>
      {name.charAt(0).toUpperCase()}
    </span>
  );
}
