import { PostCard } from "~/components/post-card";
import type { FeedPost } from "~/models/feed.server";

/** A post as the feed hands it to a card. */
export function feedPost(overrides: Partial<FeedPost> = {}): FeedPost {
  return {
    id: "5c0ad7a4-7a55-4c5e-9d0c-3f1f0e6b9a10",
    userId: "9b1d2c3e-4f5a-4b6c-8d7e-0f1a2b3c4d5e",
    kind: "update",
    businessName: "Meena Tailors",
    authorName: "Meena",
    profileImageUrl: null,
    category: "Tailoring",
    city: "Pune",
    state: "Maharashtra",
    country: "India",
    content: "Festive blouses stitched in two days.",
    hashtags: ["diwali"],
    images: [],
    offerTitle: null,
    couponCode: null,
    offerTerms: null,
    validFrom: null,
    validUntil: null,
    callToAction: null,
    createdAt: "2026-11-20T10:00:00.000Z",
    likesCount: 4,
    viewsCount: 12,
    distanceKm: null,
    ...overrides,
  };
}

/** The feed's card for `post`, as a screen draws it (its hashtags link to the feed's search). */
export function TestPostCard({ post, returnTo = "/" }: { post: FeedPost; returnTo?: string }) {
  return (
    <PostCard
      post={post}
      liked={false}
      returnTo={returnTo}
      postUrl={`http://localhost/?post=${post.id}`}
      hashtagUrl={(tag) => `/?q=%23${tag}`}
      highlighted={false}
      priority={false}
      onOpenImage={() => {}}
      onOpenBusiness={() => {}}
    />
  );
}
