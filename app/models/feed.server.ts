import { sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";

import { db } from "~/db/db.server";
import { queryRows } from "~/db/query.server";
import { posts, users, type POST_STATUSES } from "~/db/schema";
import { callToActionLink, type CallToAction, type CallToActionType } from "~/lib/call-to-action";
import { fairPage, type FairRow, type FairSource, type Position } from "~/lib/fair-feed";
import { type FeedQuery, encodeCursor } from "~/lib/feed-query";
import { boundingBox, cellsWithin, flatCircle } from "~/lib/geo-grid";
import { likePattern, parseSearchTerms } from "~/lib/search-terms";

import { livePostCondition } from "./live-post.server";

/** A post as the feed and GET /api/feed show it: the post, its business's name and picture, offer fields and distance. */
export type FeedPost = {
  id: string;
  userId: string;
  kind: "update" | "offer";
  businessName: string | null;
  authorName: string | null;
  profileImageUrl: string | null;
  category: string | null;
  city: string | null;
  state: string | null;
  country: string | null;
  content: string;
  hashtags: string[];
  images: string[];
  offerTitle: string | null;
  couponCode: string | null;
  offerTerms: string | null;
  validFrom: string | null;
  validUntil: string | null;
  callToAction: CallToAction | null;
  createdAt: string;
  likesCount: number;
  viewsCount: number;
  /** Kilometres from the feed's location; null when the feed has none. */
  distanceKm: number | null;
};

export type FeedPage = {
  posts: FeedPost[];
  /** More pages exist only when this page is full (it holds `limit` posts) and another post will be shown after it. */
  hasMore: boolean;
  nextCursor: string | null;
};

/** A row as the driver gives it: the SQL names its columns like FeedPost; dates may come as strings. */
type FeedRow = Omit<FeedPost, "createdAt" | "validFrom" | "validUntil" | "callToAction"> & {
  createdAt: Date | string;
  validFrom: Date | string | null;
  validUntil: Date | string | null;
  /** What the offer's button is made from. */
  callToActionType: CallToActionType | null;
  callToActionUrl: string | null;
  businessPhone: string | null;
  mobileNumber: string | null;
  lat: number | null;
  lon: number | null;
};

const POST_COLUMNS = sql.raw(`p.id, p.user_id as "userId", p.kind, u.business_name as "businessName", u.name as "authorName",
  u.profile_image_url as "profileImageUrl", p.category, p.city, p.state, p.country, p.content, p.hashtags, p.images,
  p.offer_title as "offerTitle", p.coupon_code as "couponCode", p.offer_terms as "offerTerms", p.valid_from as "validFrom",
  p.valid_until as "validUntil", p.call_to_action_type as "callToActionType", p.call_to_action_url as "callToActionUrl",
  u.business_phone as "businessPhone", u.mobile_number as "mobileNumber", p.lat, p.lon,
  p.created_at as "createdAt", p.likes_count as "likesCount", p.views_count as "viewsCount"`);

type PostStatus = (typeof POST_STATUSES)[number];

/** The feed's SQL names posts `p` and their business `u`; only live posts are shown. */
const LIVE = livePostCondition(alias(posts, "p"), alias(users, "u"));

/** Search: every term must match; '#term' only hashtags, others content, a hashtag, business or author name. */
function searchCondition(query: FeedQuery): SQL | null {
  const conditions: SQL[] = [];
  for (const term of parseSearchTerms(query.q)) {
    const pattern = likePattern(term.text);
    const inHashtags = sql`exists (select 1 from unnest(p.hashtags) as tag where tag ilike ${pattern})`;
    conditions.push(
      term.hashtagOnly
        ? inHashtags
        : sql`(p.content ilike ${pattern} or ${inHashtags} or u.business_name ilike ${pattern} or u.name ilike ${pattern})`,
    );
  }
  if (query.category) conditions.push(sql`lower(p.category) = lower(${query.category})`);
  return conditions.length ? sql.join(conditions, sql` and `) : null;
}

/** Posts after a position in the newest-first order. */
function after(position: { createdAt: string; id: string } | null): SQL | null {
  if (!position) return null;
  return sql`(p.created_at, p.id) < (${position.createdAt}::timestamptz, ${position.id}::uuid)`;
}

function where(...conditions: Array<SQL | null>): SQL {
  return sql.join(
    conditions.filter((condition): condition is SQL => condition !== null),
    sql` and `,
  );
}

const uuidList = (ids: string[]) =>
  sql.join(
    ids.map((id) => sql`${id}::uuid`),
    sql`, `,
  );

/**
 * One feed page: live posts newest first, within radiusKm of the location when
 * there is one (else everywhere), filtered by search and category, in the fair
 * order (lib/fair-feed.ts): at most 2 posts of one business in any 10 shown, a
 * business's further posts moved down, never left out. `offset` counts posts;
 * the cursor carries the fair feed's state, so both page through every match.
 */
export async function listFeed(query: FeedQuery): Promise<FeedPage> {
  const filters = searchCondition(query);
  const source: FairSource<FairRow> = {
    rows: (position, count, except) =>
      scanRows(query, [filters, after(position), except.length ? sql`p.user_id not in (${uuidList(except)})` : null], count),
    postsOf: (userId, position, before, count) => postsOf(query, filters, userId, position, before, count),
  };
  const page = await fairPage(source, {
    start: query.cursor ?? null,
    offset: query.offset,
    limit: query.limit,
    batch: Math.min(query.offset + query.limit * 2 + 10, MAX_BATCH),
  });
  const rows = await pageRows(
    query,
    page.rows.map((row) => row.id),
  );
  const byId = new Map(rows.map((row) => [row.id, toFeedPost(row)]));
  return {
    posts: page.rows.flatMap((row) => byId.get(row.id) ?? []),
    hasMore: page.next !== null,
    nextCursor: page.next?.frontier ? encodeCursor({ ...page.next, frontier: page.next.frontier }) : null,
  };
}

/** The most posts one read of the feed takes (a large offset is read in several). */
const MAX_BATCH = 1000;

/**
 * The light columns the fair feed reads its posts by. The time to the microsecond, as the database
 * keeps it (a millisecond Date would put two posts of one millisecond on the wrong side of a cursor).
 */
const SCAN_COLUMNS = sql.raw(
  `p.id, p.user_id as "userId", to_char(p.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as "createdAt", p.created_at as "sortAt"`,
);

async function scanRows(query: FeedQuery, conditions: Array<SQL | null>, count: number): Promise<FairRow[]> {
  const rows = query.location ? await nearbyScan(query.location, conditions, count) : await everywhereScan(conditions, count);
  return rows.map((row) => ({ id: row.id, userId: row.userId, createdAt: row.createdAt }));
}

function everywhereScan(conditions: Array<SQL | null>, count: number) {
  return queryRows<FairRow>(
    db(),
    sql`select ${SCAN_COLUMNS}
        from posts p join users u on u.id = p.user_id
        where ${where(LIVE, ...conditions)}
        order by p.created_at desc, p.id desc
        limit ${count}`,
  );
}

/**
 * Whether a post is within the radius. A flat-earth test in plain arithmetic,
 * a little generous (flatCircle), turns most posts outside the circle away
 * before earth_distance, which costs far more per row, runs: at a dense city's
 * edge thousands of rows in each cell are outside the circle. It is one
 * comparison, as the bare earth_distance test was, so the planner's estimates
 * (and plans) stay as they were.
 */
function withinRadius(lat: number, lon: number, radiusKm: number, origin: SQL): SQL {
  const { lonScale, maxSquaredDegrees } = flatCircle(lat, lon, radiusKm);
  const near = sql`(p.lat - ${lat}::float8) ^ 2 + ((p.lon - ${lon}::float8) * ${lonScale}::float8) ^ 2 <= ${maxSquaredDegrees}::float8`;
  return sql`(case when ${near} then earth_distance(ll_to_earth(p.lat, p.lon), ${origin}) else 'Infinity'::float8 end) <= ${radiusKm * 1000}`;
}

/**
 * Reads each nearby grid cell newest first from its index (a cheap box test on
 * the indexed lat/lon first, then the true distance) (stopping at enough
 * posts within the radius), then merges the cells.
 */
function nearbyScan(location: NonNullable<FeedQuery["location"]>, conditions: Array<SQL | null>, count: number) {
  const { lat, lon, radiusKm } = location;
  const cells = sql.raw(cellsWithin(lat, lon, radiusKm).join(","));
  const box = boundingBox(lat, lon, radiusKm);
  const origin = sql`ll_to_earth(${lat}::float8, ${lon}::float8)`;
  return queryRows<FairRow>(
    db(),
    sql`select nearby.id, nearby."userId", nearby."createdAt"
        from unnest(array[${cells}]::int[]) as cell(geo_cell)
        cross join lateral (
          select ${SCAN_COLUMNS}
          from posts p
          -- Each post's business by its key. As a plain join, where the planner expects few
          -- posts (the countryside) it scanned all users once per post: 21 ms instead of 1.
          cross join lateral (select u.status, u.business_name, u.name from users u where u.id = p.user_id offset 0) as u
          where p.geo_cell = cell.geo_cell
            and p.lat between ${box.minLat} and ${box.maxLat}
            and p.lon between ${box.minLon} and ${box.maxLon}
            and ${withinRadius(lat, lon, radiusKm, origin)}
            and ${where(LIVE, ...conditions)}
          order by p.created_at desc, p.id desc
          limit ${count}
        ) as nearby
        order by nearby."sortAt" desc, nearby.id desc
        limit ${count}`,
  );
}

/** Whether a post is within the feed's place (everywhere when it has none). */
function placeCondition(query: FeedQuery): SQL | null {
  if (!query.location) return null;
  const { lat, lon, radiusKm } = query.location;
  const box = boundingBox(lat, lon, radiusKm);
  const origin = sql`ll_to_earth(${lat}::float8, ${lon}::float8)`;
  return sql`p.lat between ${box.minLat} and ${box.maxLat} and p.lon between ${box.minLon} and ${box.maxLon}
    and ${withinRadius(lat, lon, radiusKm, origin)}`;
}

/** A business's matching posts between two positions (both left out), newest first: the posts the fair feed deferred. */
function postsOf(query: FeedQuery, filters: SQL | null, userId: string, position: Position | null, before: Position, count: number) {
  return queryRows<FairRow>(
    db(),
    sql`select ${SCAN_COLUMNS}
        from posts p join users u on u.id = p.user_id
        where ${where(
          sql`p.user_id = ${userId}::uuid`,
          LIVE,
          filters,
          placeCondition(query),
          after(position),
          sql`(p.created_at, p.id) > (${before.createdAt}::timestamptz, ${before.id}::uuid)`,
        )}
        order by p.created_at desc, p.id desc
        limit ${count}`,
  );
}

/** A page's posts in full, by id (in no order). */
function pageRows(query: FeedQuery, ids: string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  const distance = query.location
    ? sql`earth_distance(ll_to_earth(p.lat, p.lon), ll_to_earth(${query.location.lat}::float8, ${query.location.lon}::float8)) / 1000`
    : sql`null::float8`;
  return queryRows<FeedRow>(
    db(),
    sql`select ${POST_COLUMNS}, ${distance} as "distanceKm"
        from posts p join users u on u.id = p.user_id
        where p.id in (${uuidList(ids)})`,
  );
}

/** A business's live posts for its public page: its live offers first, then the rest, newest first. */
export async function listBusinessPosts(userId: string, limit = 50): Promise<FeedPost[]> {
  const rows = await queryRows<FeedRow>(
    db(),
    sql`select ${POST_COLUMNS}, null::float8 as "distanceKm"
        from posts p join users u on u.id = p.user_id
        where p.user_id = ${userId}::uuid and ${LIVE}
        order by p.kind = 'offer' desc, p.created_at desc, p.id desc
        limit ${limit}`,
  );
  return rows.map(toFeedPost);
}

/** One live post by id (a shared link), with its distance from the location when given. */
export async function getLivePost(id: string, location?: FeedQuery["location"]): Promise<FeedPost | null> {
  const distance = location
    ? sql`earth_distance(ll_to_earth(p.lat, p.lon), ll_to_earth(${location.lat}::float8, ${location.lon}::float8)) / 1000`
    : sql`null::float8`;
  const [row] = await queryRows<FeedRow>(
    db(),
    sql`select ${POST_COLUMNS}, ${distance} as "distanceKm"
        from posts p join users u on u.id = p.user_id
        where p.id = ${id}::uuid and ${LIVE}`,
  );
  return row ? toFeedPost(row) : null;
}

/** One of a business's own posts as the feed shows it, with its status, whatever that is (its /success page); null for another's. */
export async function getOwnFeedPost(userId: string, postId: string): Promise<{ post: FeedPost; status: PostStatus } | null> {
  const [row] = await queryRows<FeedRow & { status: PostStatus }>(
    db(),
    sql`select ${POST_COLUMNS}, null::float8 as "distanceKm", p.status
        from posts p join users u on u.id = p.user_id
        where p.id = ${postId}::uuid and p.user_id = ${userId}::uuid`,
  );
  if (!row) return null;
  const { status, ...post } = row;
  return { post: toFeedPost(post), status };
}

function toIso(value: Date | string): string {
  return (value instanceof Date ? value : new Date(value)).toISOString();
}

function toFeedPost(row: FeedRow): FeedPost {
  const { callToActionType, callToActionUrl, businessPhone, mobileNumber, lat, lon, ...post } = row;
  return {
    ...post,
    validFrom: row.validFrom === null ? null : toIso(row.validFrom),
    validUntil: row.validUntil === null ? null : toIso(row.validUntil),
    callToAction: callToActionLink(callToActionType, { businessPhone, mobileNumber, lat, lon, url: callToActionUrl }),
    createdAt: toIso(row.createdAt),
    likesCount: Number(row.likesCount),
    viewsCount: Number(row.viewsCount),
    distanceKm: row.distanceKm === null ? null : Number(row.distanceKm),
  };
}
