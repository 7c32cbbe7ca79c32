import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";

import { GeneralErrorBoundary } from "~/components/error-boundary";
import { BusinessCard } from "~/components/feed/business-card";
import { SiteFooter } from "~/components/site-footer";
import { buttonClasses } from "~/components/ui/button";
import { usePageTime } from "~/hooks/root-context";
import { imageVariantUrl } from "~/lib/images";
import { formatRelativeTime, offerEndsLabel } from "~/lib/india-time";
import { paths } from "~/lib/paths";
import { indianE164, telHref, whatsappChatUrl } from "~/lib/phone";
import { postPath, reportPagePath } from "~/lib/share";
import { pageTitle } from "~/lib/title";
import { getPublicBusiness } from "~/models/business.server";
import { savedCardIdOf } from "~/models/business-cards.server";
import { listBusinessPosts } from "~/models/feed.server";

/** A business's public page: its card with Call and WhatsApp, its own business card when it made one, and its live offers and posts. */
export async function loader({ params }: LoaderFunctionArgs) {
  const business = await getPublicBusiness(params.id ?? "");
  if (!business) throw new Response("This business was not found.", { status: 404 });
  const [posts, cardId] = await Promise.all([listBusinessPosts(business.id), savedCardIdOf(business.id)]);
  return { business, posts, cardId };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: pageTitle(data ? data.business.businessName : "Business") },
  ...(data?.business.businessDetails ? [{ name: "description", content: data.business.businessDetails.slice(0, 160) }] : []),
];

const ACTION = "min-h-11 flex-1 basis-[40%]";

export default function BusinessPage() {
  const { business, posts, cardId } = useLoaderData<typeof loader>();
  const pageTime = usePageTime();
  const phone = business.businessPhone;
  return (
    <div className="min-h-screen">
      <main className="mx-auto max-w-2xl px-3 py-4">
        <Link to="/" className="inline-flex min-h-11 items-center text-sm text-brand-700 hover:underline">
          ← Back to Feed
        </Link>
        <section className="mt-1 rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
          <BusinessCard business={business} />
          {phone || cardId ? (
            <div className="mt-4 flex flex-wrap gap-2">
              {phone ? (
                <>
                  <a href={telHref(indianE164(phone))} className={buttonClasses({}, ACTION)}>
                    Call
                  </a>
                  <a
                    href={whatsappChatUrl(phone)}
                    target="_blank"
                    rel="noopener noreferrer"
                    className={buttonClasses({}, `${ACTION} bg-green-600 hover:bg-green-700`)}
                  >
                    WhatsApp
                  </a>
                </>
              ) : null}
              {cardId ? (
                <>
                  <a href={paths.cardContact(cardId)} className={buttonClasses({ variant: "secondary" }, ACTION)}>
                    Save contact
                  </a>
                  <Link to={paths.card(cardId)} className={buttonClasses({ variant: "secondary" }, ACTION)}>
                    View card
                  </Link>
                </>
              ) : null}
            </div>
          ) : null}
        </section>
        <h2 className="mt-6 text-lg font-semibold">Offers and posts</h2>
        {posts.length === 0 ? <p className="mt-2 text-sm text-slate-500">No posts yet.</p> : null}
        <ul className="mt-2 space-y-3">
          {posts.map((post) => {
            const ends = post.kind === "offer" && post.validUntil ? offerEndsLabel(post.validUntil, pageTime) : null;
            return (
              <li key={post.id} className="overflow-hidden rounded-xl border border-slate-200 bg-white">
                {post.images[0] ? (
                  <img
                    src={imageVariantUrl(post.images[0], 640)}
                    alt=""
                    loading="lazy"
                    decoding="async"
                    className="aspect-[2/1] w-full bg-slate-100 object-cover"
                  />
                ) : null}
                <div className="p-4">
                  {post.kind === "offer" ? (
                    <p className="flex flex-wrap items-baseline justify-between gap-x-2">
                      <span className="font-semibold text-green-800">Offer: {post.offerTitle}</span>
                      {ends ? <span className="text-xs font-semibold text-green-900">{ends}</span> : null}
                    </p>
                  ) : null}
                  <p className="text-xs text-slate-500">
                    <time dateTime={post.createdAt}>{formatRelativeTime(post.createdAt, pageTime)}</time>
                  </p>
                  <p className="mt-1 whitespace-pre-line break-words text-slate-800">{post.content}</p>
                  <p className="mt-1 flex flex-wrap items-center justify-between gap-2">
                    <Link
                      to={`${postPath(post.id)}#post-${post.id}`}
                      className="inline-flex min-h-11 items-center text-sm font-medium text-brand-700 hover:underline"
                    >
                      Open in feed
                    </Link>
                    <Link to={reportPagePath(post.id)} className="tap rounded-full px-2 text-xs text-slate-500 hover:bg-slate-100">
                      Report<span className="sr-only"> this post</span>
                    </Link>
                  </p>
                </div>
              </li>
            );
          })}
        </ul>
      </main>
      <SiteFooter />
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
