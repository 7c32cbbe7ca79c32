import { useLocation } from "@remix-run/react";
import { useEffect, useRef } from "react";

/**
 * A menu made of <details> (it opens and closes without JavaScript). With JavaScript it also closes
 * as a menu should: after a navigation, on a tap outside it, and on Escape (focus back on its button).
 */
export function useMenuDetails() {
  const ref = useRef<HTMLDetailsElement>(null);
  const { key } = useLocation();
  useEffect(() => {
    if (ref.current) ref.current.open = false;
  }, [key]);
  useEffect(() => {
    const close = (details: HTMLDetailsElement) => {
      details.open = false;
      details.querySelector("summary")?.focus();
    };
    const onPointerDown = (event: PointerEvent) => {
      const details = ref.current;
      if (details?.open && !details.contains(event.target as Node)) details.open = false;
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === "Escape" && ref.current?.open) close(ref.current);
    };
    document.addEventListener("pointerdown", onPointerDown);
    document.addEventListener("keydown", onKeyDown);
    return () => {
      document.removeEventListener("pointerdown", onPointerDown);
      document.removeEventListener("keydown", onKeyDown);
    };
  }, []);
  return ref;
}
