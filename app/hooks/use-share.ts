import { useNotify } from "~/hooks/root-context";
import type { MouseEvent } from "react";

/**
 * A share link's click: Web Share where the phone has it, else the clipboard, else the spec's
 * fallback message with the URL to copy. The link's own href is what works without JavaScript.
 */
export function useShare() {
  const notify = useNotify();
  return async function share(event: MouseEvent<HTMLElement>, shared: { title: string; text: string; url: string }) {
    event.preventDefault();
    if (navigator.share) {
      try {
        await navigator.share(shared);
        return;
      } catch (error) {
        if ((error as DOMException).name === "AbortError") return;
      }
    }
    try {
      await navigator.clipboard.writeText(shared.url);
      notify({ type: "success", title: "Link copied to clipboard!" });
    } catch {
      notify({ type: "error", title: "Unable to share automatically. Please copy this URL manually", description: shared.url });
    }
  };
}
