import { useEffect, useState } from "react";

import { Icon } from "~/components/ui/icon";

/** After 300 px of scrolling, a button goes back to the top and refreshes the feed. */
const SHOW_AFTER_PX = 300;

export function BackToTop({ onRefresh }: { onRefresh: () => void }) {
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    const onScroll = () => setVisible(window.scrollY > SHOW_AFTER_PX);
    onScroll();
    window.addEventListener("scroll", onScroll, { passive: true });
    return () => window.removeEventListener("scroll", onScroll);
  }, []);
  if (!visible) return null;
  return (
    <button
      type="button"
      onClick={onRefresh}
      aria-label="Back to top and refresh"
      className="fixed bottom-5 right-5 z-30 rounded-full bg-brand-600 p-3 text-white shadow-lg hover:bg-brand-700"
    >
      <Icon name="arrow-up" className="h-6 w-6" />
    </button>
  );
}
