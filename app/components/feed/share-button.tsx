import { useShare } from "~/hooks/use-share";
import { shareText, whatsappShareUrl } from "~/lib/share";

const LINK = "rounded-full px-3 py-1.5 text-sm font-medium";

/** Share (Web Share, the clipboard or the spec's fallback) and WhatsApp. Without JavaScript the link opens the post itself. */
export function ShareLinks({ postUrl, title, content }: { postUrl: string; title: string; content: string }) {
  const share = useShare();
  const text = shareText(content);
  return (
    <>
      <a
        href={postUrl}
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
