import { useState } from "react";

import { usePageTime } from "~/hooks/root-context";
import { formatDayMonth, offerEndsLabel } from "~/lib/india-time";
import type { FeedPost } from "~/models/feed.server";

/** An offer as Google Business Profile shows one: title, how long it lasts, the coupon to copy, terms and its button. */
export default function OfferDetails({ post }: { post: FeedPost }) {
  const pageTime = usePageTime();
  const ends = post.validUntil ? offerEndsLabel(post.validUntil, pageTime) : null;
  return (
    <div className="mx-4 mt-3 rounded-lg border border-dashed border-green-600 bg-green-50 px-3 py-2" data-testid="offer">
      <div className="flex flex-wrap items-baseline justify-between gap-x-2">
        {post.offerTitle ? <p className="font-semibold text-green-800">{post.offerTitle}</p> : null}
        {ends ? <p className="text-xs font-semibold text-green-900">{ends}</p> : null}
      </div>
      <p className="text-xs text-green-900">
        {post.validFrom && post.validUntil
          ? `${formatDayMonth(post.validFrom)} – ${formatDayMonth(post.validUntil)}`
          : post.validUntil
            ? `Valid till ${formatDayMonth(post.validUntil)}`
            : ""}
      </p>
      {post.couponCode ? <CouponCode code={post.couponCode} /> : null}
      {post.offerTerms ? <p className="mt-1 whitespace-pre-line text-xs text-green-900/80">{post.offerTerms}</p> : null}
      {post.callToAction ? (
        <a
          href={post.callToAction.href}
          {...(post.callToAction.type === "call" ? {} : { target: "_blank", rel: "noopener noreferrer nofollow" })}
          className="tap mt-2 rounded-lg bg-green-700 px-4 text-sm font-semibold text-white hover:bg-green-800"
        >
          {post.callToAction.label}
        </a>
      ) : null}
    </div>
  );
}

/**
 * The coupon code, selected whole by one tap; with JavaScript a button copies it. The button is in
 * the page's HTML, drawn where scripts run (CSS `scripting`), so nothing moves when they start and
 * no card renders again once hydrated; where scripts are off it is not drawn.
 */
function CouponCode({ code }: { code: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <p className="mt-1 flex min-h-11 items-center gap-2 text-xs text-green-900">
      Code{" "}
      <span className="select-all rounded bg-white px-1.5 py-0.5 font-mono text-sm font-semibold" data-testid="coupon-code">
        {code}
      </span>
      <button
        type="button"
        onClick={() =>
          navigator.clipboard?.writeText(code).then(
            () => setCopied(true),
            () => setCopied(false),
          )
        }
        className="tap rounded px-2 font-medium text-green-800 underline decoration-dotted hover:bg-green-100 [@media(scripting:none)]:hidden"
      >
        {copied ? "Copied" : "Copy code"}
      </button>
    </p>
  );
}
