import { useOutletContext } from "@remix-run/react";

import { shareText, whatsappShareUrl } from "~/lib/share";
import type { RootContext } from "~/root";

const LINK = "rounded-full px-3 py-1.5 text-sm font-medium";

/**
 * Web Share where the phone has it, else the clipboard, else the spec's
 * fallback message. Without JavaScript the link opens the post itself.
 */
export function ShareLinks({ postUrl, title, content }: { postUrl: string; title: string; content: string }) {
  const { notify } = useOutletContext<RootContext>();
  const text = shareText(content);

  async function share(event: React.MouseEvent<HTMLAnchorElement>) {
    event.preventDefault();
    if (navigator.share) {
      try {
        await navigator.share({ title, text, url: postUrl });
        return;
      } catch (error) {
        if ((error as DOMException).name === "AbortError") return;
      }
    }
    try {
      await navigator.clipboard.writeText(postUrl);
      notify({ type: "success", title: "Link copied to clipboard!" });
    } catch {
      notify({ type: "error", title: "Unable to share automatically. Please copy this URL manually", description: postUrl });
    }
  }

  return (
    <>
      <a href={postUrl} onClick={share} className={`ml-auto text-slate-600 hover:bg-slate-100 ${LINK}`}>
        Share
      </a>
      <a
        href={whatsappShareUrl(text, postUrl)}
        target="_blank"
        rel="noopener noreferrer"
        className={`text-green-700 hover:bg-green-50 ${LINK}`}
      >
        WhatsApp
      </a>
    </>
  );
}
