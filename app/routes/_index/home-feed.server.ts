import { data, type MetaDescriptor } from "@remix-run/node";

import { config } from "~/config.server";
import { DEFAULT_RADIUS_KM, FEED_PAGE_SIZE, parseFeedQuery, type FeedQuery } from "~/lib/feed-query";
import type { FeedState } from "~/lib/feed-url";
import { imageVariantUrl } from "~/lib/images";
import { coordinatesLabel } from "~/lib/location";
import { CONTROL_CHARACTERS_MESSAGE, hasControlCharacters } from "~/lib/schemas/text";
import { postPath, shareText } from "~/lib/share";
import { SITE_DESCRIPTION } from "~/lib/site";
import { cachedCategories, cachedFeedPage, withCurrentCounts } from "~/models/feed-cache.server";
import { getLivePost, type FeedPost } from "~/models/feed.server";

import { combineHeaders } from "~/utils/http.server";
import { estimateFirstPlace, estimatesPlaceByIp } from "~/services/geocoding.server";
import { clientIp } from "~/utils/client-ip.server";
import {
  hasSeenIntro,
  hasVisitorId,
  readVisitorLocation,
  serializeVisitorLocation,
  takeLocationChosen,
  visitorIdFrom,
  type VisitorLocation,
} from "~/utils/visitor.server";

/**
 * Everything the home feed page needs, from its URL and the visitor's cookies:
 * explicit lat/lon in the URL win; otherwise the remembered location applies,
 * unless the visitor asked to see all posts (?all=1).
 */
export async function loadHomeFeed(request: Request) {
  const url = new URL(request.url);
  const parsed = parseFeedQuery(url.searchParams);
  if (!parsed.ok) throw new Response(parsed.message, { status: 400 });

  const showAll = url.searchParams.get("all") === "1";
  const explicit = parsed.query.location;
  const known = await readVisitorLocation(request);
  // A new visitor's first screen is local where their address can be placed; else the bar asks for the place.
  const estimated = !known && !explicit && !showAll && !parsed.query.post ? await estimatedPlace(request) : null;
  const remembered = known ?? estimated;
  const label = url.searchParams.get("label")?.slice(0, 120) || undefined;
  if (label && hasControlCharacters(label)) throw new Response(CONTROL_CHARACTERS_MESSAGE, { status: 400 });
  const location = explicit
    ? {
        ...explicit,
        label: label ?? coordinatesLabel(explicit.lat, explicit.lon),
        source: "link" as string,
        accuracyMeters: undefined as number | undefined,
      }
    : remembered && !showAll
      ? {
          lat: remembered.lat,
          lon: remembered.lon,
          radiusKm: DEFAULT_RADIUS_KM,
          label: remembered.label,
          source: remembered.source as string,
          accuracyMeters: remembered.accuracyMeters,
        }
      : null;

  // The page always shows 20 and pages by cursor; limit and offset are for GET /api/feed.
  const query: FeedQuery = {
    ...parsed.query,
    limit: FEED_PAGE_SIZE,
    offset: 0,
    location: location ? { lat: location.lat, lon: location.lon, radiusKm: location.radiusKm } : undefined,
  };
  const [visitorId, page, categories, sharedPost, showIntro, chosen] = await Promise.all([
    visitorIdFrom(request),
    cachedFeedPage(query),
    cachedCategories(),
    query.post ? getLivePost(query.post, query.location) : Promise.resolve(null),
    hasSeenIntro(request).then((seen) => !seen),
    takeLocationChosen(request),
  ]);

  // A shared post is shown even when it is not on this page: pinned first.
  const candidates =
    sharedPost && !page.posts.some((post) => post.id === sharedPost.id) && !query.cursor ? [sharedPost, ...page.posts] : page.posts;
  const { posts, likedIds } = await withCurrentCounts(candidates, visitorId);

  const state: FeedState = {
    ...(explicit ? { lat: explicit.lat, lon: explicit.lon, label } : {}),
    ...(explicit && url.searchParams.has("radiusKm") ? { radiusKm: explicit.radiusKm } : {}),
    q: query.q,
    category: query.category,
    all: showAll || undefined,
  };
  const apiParams: Record<string, string> = {};
  if (query.location) {
    apiParams.lat = String(query.location.lat);
    apiParams.lon = String(query.location.lon);
    apiParams.radiusKm = String(query.location.radiusKm);
  }
  if (query.q) apiParams.q = query.q;
  if (query.category) apiParams.category = query.category;
  const origin = config.PUBLIC_ORIGIN;

  return data(
    {
      posts,
      nextCursor: page.nextCursor,
      state,
      apiParams,
      hasLocation: Boolean(location),
      location: location ? { label: location.label, source: location.source, accuracyMeters: location.accuracyMeters } : null,
      locationJustChosen: chosen.chosen,
      categories,
      likedIds,
      highlightId: sharedPost?.id ?? null,
      preview: sharedPost ? sharePreview(sharedPost, origin) : null,
      showIntro,
      origin,
      description: location ? `Posts and offers from local businesses near ${location.label}.` : SITE_DESCRIPTION,
      /** Changes whenever the feed's content does, so the page starts afresh. */
      pageKey: `${url.search}|${location?.lat ?? ""},${location?.lon ?? ""}`,
    },
    {
      headers: combineHeaders(
        chosen.clear ? { "Set-Cookie": chosen.clear } : null,
        estimated ? { "Set-Cookie": await serializeVisitorLocation(estimated) } : null,
        {
          // Personal (this visitor's likes), so never shared by a cache; revalidated every time.
          "Cache-Control": "private, no-cache",
          Vary: "Cookie",
        },
      ),
    },
  );
}

/**
 * The place a new visitor's address is estimated at (remembered like a chosen one, so 'Change' and
 * 'Show all' work as usual). Asked only for a visitor with no remembered place and no visitor id.
 */
async function estimatedPlace(request: Request): Promise<VisitorLocation | null> {
  if (!estimatesPlaceByIp() || (await hasVisitorId(request))) return null;
  const found = await estimateFirstPlace(clientIp(request));
  return found ? { ...found, source: "ip", ts: Date.now() } : null;
}

/**
 * A shared link's preview (WhatsApp, social apps): the business, the post, its
 * first picture. Made here, so the page's meta function only passes it on.
 */
function sharePreview(post: FeedPost, origin: string): MetaDescriptor[] {
  const title = `${post.businessName || post.authorName || "Unknown Business"} on iSent`;
  const description = shareText(post.content);
  const image = post.images[0] ? `${origin}${imageVariantUrl(post.images[0], 960)}` : null;
  return [
    { title },
    { name: "description", content: description },
    { property: "og:type", content: "article" },
    { property: "og:site_name", content: "iSent" },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { property: "og:url", content: `${origin}${postPath(post.id)}` },
    ...(image
      ? [
          { property: "og:image", content: image },
          { name: "twitter:image", content: image },
        ]
      : []),
    { name: "twitter:card", content: image ? "summary_large_image" : "summary" },
    { name: "twitter:title", content: title },
    { name: "twitter:description", content: description },
  ];
}
