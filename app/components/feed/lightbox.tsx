import { useEffect, useState } from "react";

/** The wrap-around step: previous of the first is the last, next of the last the first. */
export function wrapIndex(index: number, total: number): number {
  return ((index % total) + total) % total;
}

/**
 * Full-screen viewer: close, dots, previous/next wrapping around, 'n / total'.
 * Loaded on demand; it imports nothing the feed imports (a module both import
 * would be one more file for the feed to load up front), so the feed passes the
 * URLs to show.
 */
export default function Lightbox({ images, startIndex, onClose }: { images: string[]; startIndex: number; onClose: () => void }) {
  const [index, setIndex] = useState(startIndex);
  const [failed, setFailed] = useState<Set<number>>(new Set());
  const total = images.length;
  const step = (delta: number) => setIndex((current) => wrapIndex(current + delta, total));

  useEffect(() => {
    function onKey(event: KeyboardEvent) {
      if (event.key === "Escape") onClose();
      if (event.key === "ArrowLeft") step(-1);
      if (event.key === "ArrowRight") step(1);
    }
    document.addEventListener("keydown", onKey);
    document.body.style.overflow = "hidden";
    return () => {
      document.removeEventListener("keydown", onKey);
      document.body.style.overflow = "";
    };
  });

  return (
    <div role="dialog" aria-modal="true" aria-label="Images" className="fixed inset-0 z-50 flex flex-col bg-black/95 text-white">
      <div className="flex items-center justify-between p-3">
        <span className="text-sm" data-testid="lightbox-counter">
          {index + 1} / {total}
        </span>
        <button
          type="button"
          onClick={onClose}
          aria-label="Close"
          autoFocus
          className="tap justify-center rounded-full px-3 text-3xl leading-none hover:bg-white/10"
        >
          ×
        </button>
      </div>
      <div className="relative flex flex-1 items-center justify-center overflow-hidden">
        {failed.has(index) ? (
          <p className="text-sm text-slate-300">Image unavailable</p>
        ) : (
          <img
            key={index}
            src={images[index]}
            alt={`Image ${index + 1} of ${total}`}
            onError={() => setFailed((current) => new Set(current).add(index))}
            className="max-h-full max-w-full object-contain"
          />
        )}
        {total > 1 ? (
          <>
            <button
              type="button"
              onClick={() => step(-1)}
              aria-label="Previous image"
              className="tap absolute left-2 justify-center rounded-full bg-white/10 px-3 text-2xl hover:bg-white/20"
            >
              ‹
            </button>
            <button
              type="button"
              onClick={() => step(1)}
              aria-label="Next image"
              className="tap absolute right-2 justify-center rounded-full bg-white/10 px-3 text-2xl hover:bg-white/20"
            >
              ›
            </button>
          </>
        ) : null}
      </div>
      {total > 1 ? (
        <div className="flex flex-wrap justify-center p-2">
          {images.map((_, dot) => (
            <button
              key={dot}
              type="button"
              onClick={() => setIndex(dot)}
              aria-label={`Show image ${dot + 1}`}
              aria-current={dot === index ? "true" : undefined}
              // The dot is small; the button around it is a 44 px target.
              className="tap justify-center"
            >
              <span aria-hidden className={`h-2.5 w-2.5 rounded-full ${dot === index ? "bg-white" : "bg-white/40"}`} />
            </button>
          ))}
        </div>
      ) : null}
    </div>
  );
}
