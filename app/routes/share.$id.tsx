import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";

import { NotFoundBoundary } from "~/components/not-found-boundary";
import { ButtonLink, buttonClasses } from "~/components/ui/button";
import { config } from "~/config.server";
import { isUuid } from "~/lib/ids";
import { postPath, reportPagePath, shareText, smsShareUrl, whatsappShareUrl } from "~/lib/share";
import { pageTitle } from "~/lib/title";
import { getLivePost } from "~/models/feed.server";

/** Sharing a post without JavaScript: its link to copy, and WhatsApp and SMS with the text and the link. */
export async function loader({ params }: LoaderFunctionArgs) {
  const post = isUuid(params.id ?? "") ? await getLivePost(params.id!) : null;
  if (!post) throw new Response("This post is no longer available.", { status: 404 });
  const url = `${config.PUBLIC_ORIGIN}${postPath(post.id)}`;
  const text = shareText(post.content);
  return {
    businessName: post.businessName || post.authorName || "Unknown Business",
    text,
    url,
    backTo: `${postPath(post.id)}#post-${post.id}`,
    reportPath: reportPagePath(post.id),
    whatsapp: whatsappShareUrl(text, url),
    sms: smsShareUrl(text, url),
  };
}

export const meta: MetaFunction = () => [{ title: pageTitle("Share a post") }, { name: "robots", content: "noindex" }];

export default function SharePost() {
  const { businessName, text, url, backTo, whatsapp, sms, reportPath } = useLoaderData<typeof loader>();
  return (
    <main className="mx-auto max-w-md px-4 py-6">
      <h1 className="text-2xl font-bold text-slate-900">Share this post</h1>
      <p className="mt-2 text-sm text-slate-600">
        <span className="font-semibold text-slate-800">{businessName}</span>: {text}
      </p>
      <label htmlFor="share-link" className="mt-5 block text-sm font-medium text-slate-700">
        Link to copy
      </label>
      <input
        id="share-link"
        readOnly
        value={url}
        className="mt-1 min-h-11 w-full rounded-lg border border-slate-300 px-3 py-2 text-sm"
        aria-describedby="share-link-help"
      />
      <p id="share-link-help" className="mt-1 text-xs text-slate-500">
        Press and hold the link to select and copy it.
      </p>
      <div className="mt-5 flex flex-col gap-3">
        <a
          href={whatsapp}
          target="_blank"
          rel="noopener noreferrer"
          className={buttonClasses({ size: "lg", wide: true }, "min-h-11 bg-green-600 hover:bg-green-700")}
        >
          Share on WhatsApp
        </a>
        <a href={sms} className={buttonClasses({ variant: "secondary", size: "lg", wide: true }, "min-h-11")}>
          Send by SMS
        </a>
        <ButtonLink to={backTo} variant="secondary" size="lg" wide>
          Back to post
        </ButtonLink>
      </div>
      <p className="mt-6 text-center">
        <a href={reportPath} className="tap text-sm text-slate-500 underline">
          Report this post
        </a>
      </p>
    </main>
  );
}

export function ErrorBoundary() {
  return <NotFoundBoundary message="This post is no longer available." backTo="/" backLabel="Back to Feed" />;
}
