/** Widths the image route renders; anything else is refused, so the cache stays bounded. */
export const IMAGE_WIDTHS = [160, 320, 480, 640, 960, 1280] as const;
export type ImageWidth = (typeof IMAGE_WIDTHS)[number];

const UPLOADS = "/uploads/";

/** The WebP variant of a stored image at a width; other URLs are returned unchanged. */
export function imageVariantUrl(url: string, width: ImageWidth): string {
  return url.startsWith(UPLOADS) ? `/img/${width}/${url.slice(UPLOADS.length)}` : url;
}

/**
 * src, srcset and sizes for an <img>: phones pick a small WebP variant instead
 * of the full-size original.
 */
export function responsiveImage(url: string, sizes: string, widths: readonly ImageWidth[] = IMAGE_WIDTHS) {
  if (!url.startsWith(UPLOADS)) return { src: url };
  return {
    src: imageVariantUrl(url, 640),
    srcSet: widths.map((width) => `${imageVariantUrl(url, width)} ${width}w`).join(", "),
    sizes,
  };
}
