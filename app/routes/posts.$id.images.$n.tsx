import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";

import { NotFoundBoundary } from "~/components/not-found-boundary";
import { ButtonLink } from "~/components/ui/button";
import { isUuid } from "~/lib/ids";
import { responsiveImage } from "~/lib/images";
import { postImagePath, postPath } from "~/lib/share";
import { pageTitle } from "~/lib/title";
import { getLivePost } from "~/models/feed.server";

/** One of a post's images on a page of its own: what a tap on the image opens without JavaScript (with it, the lightbox). */
export async function loader({ params }: LoaderFunctionArgs) {
  const post = isUuid(params.id ?? "") ? await getLivePost(params.id!) : null;
  const number = Number(params.n);
  if (!post || !Number.isInteger(number) || number < 1 || number > post.images.length) {
    throw new Response("This image is no longer available.", { status: 404 });
  }
  const total = post.images.length;
  // Previous and next wrap around, as the lightbox's do.
  const around = (step: number) => postImagePath(post.id, ((number - 1 + step + total) % total) + 1);
  return {
    businessName: post.businessName || post.authorName || "Unknown Business",
    image: post.images[number - 1],
    number,
    total,
    previous: total > 1 ? around(-1) : null,
    next: total > 1 ? around(1) : null,
    backTo: `${postPath(post.id)}#post-${post.id}`,
  };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: pageTitle(data ? `Image ${data.number} of ${data.total} · ${data.businessName}` : "Image") },
  { name: "robots", content: "noindex" },
];

const ARROW =
  "flex min-h-11 min-w-11 items-center justify-center rounded-full bg-white/15 px-4 text-lg font-semibold text-white hover:bg-white/25";

export default function PostImage() {
  const { businessName, image, number, total, previous, next, backTo } = useLoaderData<typeof loader>();
  return (
    <main className="flex min-h-screen flex-col bg-black text-white">
      <div className="flex items-center justify-between gap-3 px-3 py-2">
        <ButtonLink to={backTo} variant="secondary">
          Back to post
        </ButtonLink>
        <p className="text-sm" aria-live="polite">
          {number} / {total}
        </p>
      </div>
      <h1 className="sr-only">
        Image {number} of {total} from {businessName}
      </h1>
      <div className="flex flex-1 items-center justify-center">
        <img
          {...responsiveImage(image, "100vw")}
          alt={`Image ${number} of ${total} from ${businessName}`}
          className="max-h-[80vh] w-full object-contain"
        />
      </div>
      <nav aria-label="Images" className="flex items-center justify-between gap-3 px-3 py-3">
        {previous ? (
          <Link to={previous} className={ARROW} aria-label="Previous image">
            ‹
          </Link>
        ) : (
          <span />
        )}
        <a href={image} className="inline-flex min-h-11 items-center px-3 text-sm font-medium text-white underline">
          Full size
        </a>
        {next ? (
          <Link to={next} className={ARROW} aria-label="Next image">
            ›
          </Link>
        ) : (
          <span />
        )}
      </nav>
    </main>
  );
}

export function ErrorBoundary() {
  return <NotFoundBoundary message="This image is no longer available." backTo="/" backLabel="Back to Feed" />;
}
