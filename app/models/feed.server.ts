import { sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";

import { db } from "~/db/db.server";
import { queryRows } from "~/db/query.server";
import { posts, users, type POST_STATUSES } from "~/db/schema";
import { callToActionLink, type CallToAction, type CallToActionType } from "~/lib/call-to-action";
import { fairPage, type FairPosition, type FairRow, type FairSource } from "~/lib/fair-feed";
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
  /**
   * On a feed page only: the posts the fair feed left out right after this one, by business
   * ('3 more from Asha's Kitchen', shown as a link to /business/{userId}).
   */
  collapsedAfter?: CollapsedPosts[];
};

export type CollapsedPosts = { userId: string; businessName: string; count: number };

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
 * there is one (else everywhere), filtered by search and category, made fair
 * (lib/fair-feed.ts): at most 2 posts of one business in any 10 shown, the rest
 * counted after the post before them (`collapsedAfter`). `offset` counts shown
 * posts; the cursor carries the fair feed's window, so both page exactly.
 */
export async function listFeed(query: FeedQuery): Promise<FeedPage> {
  const filters = searchCondition(query);
  const source: FairSource<FairRow> = {
    rows: (position, count) => scanRows(query, [filters, after(position)], count),
    runOf: (position, businesses) => runOf(query, filters, position, businesses),
  };
  const page = await fairPage(source, {
    start: query.cursor ?? null,
    offset: query.offset,
    limit: query.limit,
    batch: Math.min(query.offset + query.limit * 2 + 10, MAX_BATCH),
  });
  const ids = page.items.map((item) => item.row.id);
  const collapsedBusinesses = [...new Set(page.items.flatMap((item) => item.collapsedAfter.map((entry) => entry.userId)))];
  const [rows, names] = await Promise.all([pageRows(query, ids), businessNames(collapsedBusinesses)]);
  const byId = new Map(rows.map((row) => [row.id, toFeedPost(row)]));
  const posts = page.items.flatMap((item) => {
    const post = byId.get(item.row.id);
    if (!post) return [];
    const collapsedAfter = item.collapsedAfter.map((entry) => ({ ...entry, businessName: names.get(entry.userId) ?? "Unknown Business" }));
    return [{ ...post, collapsedAfter }];
  });
  return {
    posts,
    hasMore: page.hasMore,
    nextCursor: page.next ? encodeCursor(page.next) : null,
  };
}

/** The most posts one read of the feed takes (a large offset is read in several). */
const MAX_BATCH = 1000;

/** The light columns the fair feed reads its posts by. */
const SCAN_COLUMNS = sql.raw(`p.id, p.user_id as "userId", p.created_at as "createdAt"`);
type ScanRow = { id: string; userId: string; createdAt: Date | string };

async function scanRows(query: FeedQuery, conditions: Array<SQL | null>, count: number): Promise<FairRow[]> {
  const rows = query.location ? await nearbyScan(query.location, conditions, count) : await everywhereScan(conditions, count);
  return rows.map((row) => ({ id: row.id, userId: row.userId, createdAt: toIso(row.createdAt) }));
}

function everywhereScan(conditions: Array<SQL | null>, count: number) {
  return queryRows<ScanRow>(
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
  return queryRows<ScanRow>(
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
        order by nearby."createdAt" desc, nearby.id desc
        limit ${count}`,
  );
}

/**
 * The run of posts after a position that are all from these businesses (the fair feed leaves
 * them out): the first post after it from another business ends the run; then how many of each
 * lie before it, and the last of them, in one query.
 */
async function runOf(query: FeedQuery, filters: SQL | null, position: FairPosition | null, businesses: string[]) {
  if (businesses.length === 0) return { counts: [], last: null };
  const [next] = await scanRows(query, [filters, after(position), sql`p.user_id not in (${uuidList(businesses)})`], 1);
  const place = query.location
    ? (() => {
        const { lat, lon, radiusKm } = query.location;
        const box = boundingBox(lat, lon, radiusKm);
        const origin = sql`ll_to_earth(${lat}::float8, ${lon}::float8)`;
        return sql`p.lat between ${box.minLat} and ${box.maxLat} and p.lon between ${box.minLon} and ${box.maxLon}
          and ${withinRadius(lat, lon, radiusKm, origin)}`;
      })()
    : null;
  const rows = await queryRows<{ userId: string; count: number | string; lastAt: Date | string; lastId: string }>(
    db(),
    sql`select p.user_id as "userId", count(*) as count,
          (array_agg(p.created_at order by p.created_at, p.id))[1] as "lastAt",
          (array_agg(p.id order by p.created_at, p.id))[1] as "lastId"
        from posts p join users u on u.id = p.user_id
        where ${where(
          LIVE,
          filters,
          place,
          after(position),
          next ? sql`(p.created_at, p.id) > (${next.createdAt}::timestamptz, ${next.id}::uuid)` : null,
          sql`p.user_id in (${uuidList(businesses)})`,
        )}
        group by p.user_id`,
  );
  if (rows.length === 0) return { counts: [], last: null };
  const lasts = rows.map((row) => ({ id: row.lastId, userId: row.userId, createdAt: toIso(row.lastAt) }));
  const last = lasts.reduce((oldest, row) =>
    row.createdAt < oldest.createdAt || (row.createdAt === oldest.createdAt && row.id < oldest.id) ? row : oldest,
  );
  return { counts: rows.map((row) => ({ userId: row.userId, count: Number(row.count) })), last };
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

/** The names the feed shows businesses by: the business name, else the owner's, else 'Unknown Business'. */
async function businessNames(userIds: string[]): Promise<Map<string, string>> {
  if (userIds.length === 0) return new Map();
  const rows = await queryRows<{ id: string; businessName: string | null; name: string | null }>(
    db(),
    sql`select id, business_name as "businessName", name from users where id in (${uuidList(userIds)})`,
  );
  return new Map(rows.map((row) => [row.id, row.businessName || row.name || "Unknown Business"]));
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
