import { showToast } from "~/components/ui/toast-store";
import { shareText, whatsappShareUrl } from "~/lib/share";

/**
 * Web Share where the phone has it, else the clipboard, else the spec's
 * fallback message. Without JavaScript the link opens the post itself.
 */
export function ShareButton({ postUrl, title, content }: { postUrl: string; title: string; content: string }) {
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
      showToast({ type: "success", title: "Link copied to clipboard!" });
    } catch {
      showToast({ type: "error", title: "Unable to share automatically. Please copy this URL manually", description: postUrl });
    }
  }

  return (
    <div className="flex items-center gap-1">
      <a href={postUrl} onClick={share} className="rounded-full px-3 py-1.5 text-sm font-medium text-slate-600 hover:bg-slate-100">
        Share
      </a>
      <a
        href={whatsappShareUrl(text, postUrl)}
        target="_blank"
        rel="noopener noreferrer"
        className="rounded-full px-3 py-1.5 text-sm font-medium text-green-700 hover:bg-green-50"
      >
        WhatsApp
      </a>
    </div>
  );
}
