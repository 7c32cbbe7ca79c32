import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";

import { GeneralErrorBoundary } from "~/components/error-boundary";
import { PostCard } from "~/components/post-card";
import { ButtonLink, buttonClasses } from "~/components/ui/button";
import { config } from "~/config.server";
import { useHydrated } from "~/hooks/use-hydrated";
import { useShare } from "~/hooks/use-share";
import { isUuid } from "~/lib/ids";
import { paths } from "~/lib/paths";
import { formatLongDateTime } from "~/lib/india-time";
import { postPath, shareText, whatsappShareUrl } from "~/lib/share";
import { pageTitle } from "~/lib/title";
import { getOwnFeedPost } from "~/models/feed.server";
import { requireUser } from "~/utils/session.server";

/** Right after publishing: the post as visitors see it, its public link and ways to share it. Only its business's. */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const postId = new URL(request.url).searchParams.get("post") ?? "";
  const own = isUuid(postId) ? await getOwnFeedPost(user.id, postId) : null;
  if (!own) throw new Response("This post was not found.", { status: 404 });
  return { ...own, url: `${config.PUBLIC_ORIGIN}${postPath(own.post.id)}`, balance: user.balance };
}

export const meta: MetaFunction = () => [{ title: pageTitle("Success") }];

export default function Success() {
  const { post, status, url, balance } = useLoaderData<typeof loader>();
  const hydrated = useHydrated();
  const share = useShare();
  const noun = post.kind === "offer" ? "offer" : "post";
  const name = post.businessName || post.authorName || "Unknown Business";
  const scheduled = status === "scheduled";
  return (
    <main className="mx-auto max-w-xl px-4 py-6">
      <p className="text-4xl" aria-hidden>
        {scheduled ? "🗓️" : "🎉"}
      </p>
      <h1 className="mt-2 text-2xl font-bold text-slate-900">{scheduled ? `Your ${noun} is scheduled` : `Your ${noun} is live`}</h1>
      <p className="mt-1 text-sm text-slate-600">
        {scheduled
          ? `It goes into the feed on ${formatLongDateTime(post.createdAt)}, for people near ${post.city ?? "your business"}.`
          : `People near ${post.city ?? "your business"} see it in their feed now.`}
      </p>
      <p className="mt-1 text-sm text-slate-600" data-testid="balance-after">
        Your balance is now {balance.toLocaleString("en-IN")} {balance === 1 ? "credit" : "credits"}.
      </p>

      <div className="mt-4">
        <PostCard
          post={post}
          interactive={false}
          liked={false}
          returnTo="/"
          postUrl={url}
          hashtagUrl={(tag) => `/?q=%23${encodeURIComponent(tag)}`}
          highlighted={false}
          priority
          onOpenImage={() => {}}
          onOpenBusiness={() => {}}
        />
      </div>

      <section aria-labelledby="share-heading" className="mt-5 rounded-xl bg-white p-4 shadow-sm">
        <h2 id="share-heading" className="font-semibold text-slate-900">
          Share it
        </h2>
        <label htmlFor="post-link" className="mt-2 block text-sm text-slate-600">
          Its link
        </label>
        <input id="post-link" readOnly value={url} className="mt-1 min-h-11 w-full rounded-lg border border-slate-300 px-3 py-2 text-sm" />
        <div className="mt-3 flex flex-wrap gap-2">
          <a
            href={whatsappShareUrl(shareText(post.content), url)}
            target="_blank"
            rel="noopener noreferrer"
            className={buttonClasses({}, "bg-green-600 hover:bg-green-700")}
          >
            Share on WhatsApp
          </a>
          {hydrated ? (
            <button
              type="button"
              onClick={(event) => share(event, { title: name, text: shareText(post.content), url })}
              className={buttonClasses({ variant: "secondary" })}
            >
              Copy link or share
            </button>
          ) : null}
          {scheduled ? null : (
            <a href={postPath(post.id)} className={buttonClasses({ variant: "secondary" })}>
              Open in the feed
            </a>
          )}
        </div>
      </section>

      <div className="mt-5 flex flex-wrap gap-2">
        <ButtonLink to={post.kind === "offer" ? paths.sendOffers() : paths.sendPost()}>Send another</ButtonLink>
        <ButtonLink to={paths.postsHistory()} variant="secondary">
          Posts history
        </ButtonLink>
        <Link to={paths.app()} className="tap self-center text-sm text-brand-700 hover:underline">
          Dashboard
        </Link>
      </div>
    </main>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
