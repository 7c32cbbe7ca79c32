import { useEffect, useRef, useState } from "react";

import { imageGridLayout } from "~/lib/image-grid";
import { responsiveImage } from "~/lib/images";

/**
 * A post's images: one large, else a grid of at most 4 tiles, '+N' on the fourth. Each tile links to the image's own page, with
 * 'Back to post' (what happens without JavaScript); with JavaScript a click opens the lightbox instead.
 */
export function ImageGrid({
  images,
  pageOf,
  priority,
  onOpen,
}: {
  images: string[];
  /** The page of the n-th image (from 1). */
  pageOf: (number: number) => string;
  /** The first card's picture is the page's largest paint: load it at once. */
  priority: boolean;
  onOpen: (index: number) => void;
}) {
  const layout = imageGridLayout(images);
  if (layout.kind === "none") return null;
  const single = layout.kind === "single";
  return (
    <div className={single ? "mt-3" : "mt-3 grid grid-cols-2 gap-0.5"}>
      {layout.tiles.map((tile) => (
        <a
          key={tile.index}
          href={pageOf(tile.index + 1)}
          onClick={(event) => {
            event.preventDefault();
            onOpen(tile.index);
          }}
          className={`relative block overflow-hidden bg-slate-200 ${
            single ? "aspect-[4/3]" : layout.tiles.length === 3 && tile.index === 0 ? "col-span-2 aspect-[2/1]" : "aspect-square"
          }`}
          aria-label={tile.moreCount ? undefined : `Open image ${tile.index + 1} of ${images.length}`}
        >
          <GridImage
            url={tile.url}
            sizes={single ? "(max-width: 672px) 100vw, 672px" : "(max-width: 672px) 50vw, 336px"}
            eager={priority && tile.index === 0}
          />
          {tile.moreCount ? (
            // Named by what it shows, "+1", in words around it: "Open image 4 of 5, +1 more".
            <span className="absolute inset-0 flex items-center justify-center bg-black/50 text-2xl font-semibold text-white">
              <span className="sr-only">{`Open image ${tile.index + 1} of ${images.length}, `}</span>+{tile.moreCount}
              <span className="sr-only"> more</span>
            </span>
          ) : null}
        </a>
      ))}
    </div>
  );
}

function GridImage({ url, sizes, eager }: { url: string; sizes: string; eager: boolean }) {
  const ref = useRef<HTMLImageElement>(null);
  const [failed, setFailed] = useState(false);
  // An image can fail before React hydrates and attaches onError.
  useEffect(() => {
    const image = ref.current;
    if (image?.complete && image.naturalWidth === 0) setFailed(true);
  }, []);
  if (failed) {
    return <span className="flex h-full w-full items-center justify-center bg-slate-100 text-sm text-slate-500">Image unavailable</span>;
  }
  return (
    <img
      ref={ref}
      {...responsiveImage(url, sizes)}
      alt=""
      loading={eager ? "eager" : "lazy"}
      decoding="async"
      {...(eager ? { fetchpriority: "high" } : {})}
      onError={() => setFailed(true)}
      className="h-full w-full object-cover"
    />
  );
}
