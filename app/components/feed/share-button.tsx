import { useShare } from "~/hooks/use-share";
import { sharePagePath, shareText, whatsappShareUrl } from "~/lib/share";

const LINK = "tap rounded-full px-3 text-sm font-medium";

/** Share (Web Share, the clipboard or the spec's fallback) and WhatsApp. Without JavaScript Share opens the post's share page. */
export function ShareLinks({ postId, postUrl, title, content }: { postId: string; postUrl: string; title: string; content: string }) {
  const share = useShare();
  const text = shareText(content);
  return (
    <>
      <a
        href={sharePagePath(postId)}
        onClick={(event) => share(event, { title, text, url: postUrl })}
        className={`ml-auto text-slate-600 hover:bg-slate-100 ${LINK}`}
      >
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
