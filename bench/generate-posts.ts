/**
 * Fills a database with a synthetic Indian feed for the benchmarks: N posts
 * (default 1,000,000) by ~2,000 businesses. 70% of posts are in five cities
 * (Bengaluru, Mumbai, Delhi, Pune, Hyderabad; businesses within ~15 km of the
 * centre with a dense 4 km core, each post a short walk from its shop), 30%
 * spread uniformly over lat 8–33, lon 68–90 (which includes some sea and
 * neighbouring countries). created_at uniform over the last 90 days, ~25% offers
 * (valid 7–45 days, so older ones have expired), ~5% hidden/removed, ~1% of
 * businesses suspended. Rows are made by set-based SQL (INSERT … SELECT FROM
 * generate_series, random() after setseed per batch, so a run is repeatable),
 * in batches, then VACUUM ANALYZE (so index-only scans work as they would after
 * autovacuum). Migrates first. Prints the time taken.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/bench_feed_1m npx tsx bench/generate-posts.ts
 *   npx tsx bench/generate-posts.ts --pglite /tmp/bench-pglite --posts 200000
 *
 * Flags: --posts N (1000000)  --users N (2000)  --batch N (100000 on PostgreSQL,
 * 25000 on PGlite)  --seed N (42)  --reset (TRUNCATE users and posts first; the
 * script refuses to add to a database that already has posts without it)  --add (add them
 * beside what is there, such as the demo data: bench/http.ts's 1M-post database).
 */
import { sql } from "drizzle-orm";

import { migrateDatabase } from "~/db/migrate.server";
import { queryRows } from "~/db/query.server";

import { intFlag, openTarget, parseFlags, secondsSince } from "./lib";

const flags = parseFlags();
const POSTS = intFlag(flags, "posts", 1_000_000);
const USERS = Math.max(10, intFlag(flags, "users", 2_000));
const SEED = intFlag(flags, "seed", 42);
const isPglite = flags.has("pglite");
const BATCH = Math.max(1_000, intFlag(flags, "batch", isPglite ? 25_000 : 100_000));
const CITY_SHARE = 0.7;
const CITY_USERS = Math.round(USERS * CITY_SHARE);
const RURAL_USERS = USERS - CITY_USERS;

/** name, state, lat, lon, share of city businesses. */
const CITIES: Array<[string, string, number, number, number]> = [
  ["Bengaluru", "Karnataka", 12.9716, 77.5946, 0.25],
  ["Mumbai", "Maharashtra", 19.076, 72.8777, 0.25],
  ["Delhi", "Delhi", 28.6139, 77.209, 0.2],
  ["Pune", "Maharashtra", 18.5204, 73.8567, 0.15],
  ["Hyderabad", "Telangana", 17.385, 78.4867, 0.15],
];
const CATEGORIES = [
  "Restaurant",
  "Cafe",
  "Bakery",
  "Grocery",
  "Salon & Spa",
  "Fitness",
  "Clothing",
  "Electronics",
  "Pharmacy",
  "Jewellery",
  "Education",
  "Home Services",
];
const HASHTAGS = [
  "offer",
  "sale",
  "newarrival",
  "festive",
  "diwali",
  "weekend",
  "fresh",
  "local",
  "discount",
  "combo",
  "openingsoon",
  "healthy",
  "organic",
  "handmade",
  "delivery",
  "freedelivery",
  "limitedtime",
  "bestseller",
  "family",
  "students",
  "monsoon",
  "summer",
  "breakfast",
  "dinner",
  "gift",
  "wedding",
  "fitness",
  "beauty",
  "tech",
  "kids",
];
const LINES = [
  "Fresh stock just arrived, drop by today",
  "We are open late this weekend for you",
  "Thank you for 5 years of love from the neighbourhood",
  "New menu items you have been asking for",
  "Flat discounts on our bestsellers this week",
  "Book a slot now, limited seats available",
  "Free home delivery within 3 km",
  "Come celebrate the festive season with us",
  "Student discount with a valid ID card",
  "Our new branch is now open",
  "Try our combo deal for two",
  "Order on WhatsApp and pick up in 15 minutes",
];

const textArray = (values: string[]) => sql.raw(`(array[${values.map((v) => `'${v.replaceAll("'", "''")}'`).join(",")}]::text[])`);
/** 1-based pick from a SQL array by a random in [0,1). */
const pick = (length: number, random: string) => sql.raw(`(1 + floor(${random} * ${length})::int)`);

const handle = openTarget(flags, { max: 1 });
const started = performance.now();
try {
  console.log(`Target: ${handle.description}`);
  console.log(
    `Generating ${POSTS.toLocaleString("en")} posts by ${USERS} businesses, batches of ${BATCH.toLocaleString("en")}, seed ${SEED}`,
  );
  let step = performance.now();
  await migrateDatabase(handle);
  console.log(`migrate: ${secondsSince(step)}`);
  const db = handle.db;

  const [{ existing }] = await queryRows<{ existing: number }>(
    db,
    sql`select ((select count(*) from (select 1 from posts limit 1) p) + (select count(*) from (select 1 from users limit 1) u))::int as existing`,
  );
  if (existing > 0 && !flags.has("add")) {
    if (!flags.has("reset"))
      throw new Error("posts/users are not empty: pass --reset to TRUNCATE users and posts (and what refers to them) first, or --add");
    step = performance.now();
    await db.execute(sql`truncate users, posts cascade`);
    console.log(`reset: ${secondsSince(step)}`);
  }

  // Businesses: a temp table numbered 1..USERS (the first CITY_USERS in cities), then copied into users.
  step = performance.now();
  const cityNames = CITIES.map((c) => c[0]);
  const cumulative: number[] = [];
  CITIES.reduce((sum, city) => (cumulative.push(sum + city[4]), sum + city[4]), 0);
  const cityIndex = sql.raw(
    `(case ${cumulative.map((edge, index) => `when r_city < ${edge} then ${index + 1}`).join(" ")} else ${CITIES.length} end)`,
  );
  await db.execute(sql`drop table if exists bench_business`);
  await db.transaction(async (tx) => {
    await tx.execute(sql`select setseed(${(SEED % 1000) / 1000}::float8)`);
    await tx.execute(sql`
      create temp table bench_business as
      with r as (
        select n, random() as r_city, random() as r_core, random() as r_radius, random() as r_angle,
               random() as r_lat, random() as r_lon, random() as r_cat, random() as r_status, random() as r_logo
        from generate_series(1, ${USERS}::int) as n
        offset 0
      ), placed as (
        select r.*, ${cityIndex} as city_no,
               case when r_core < 0.4 then 4 * sqrt(r_radius) else 15 * r_radius end as radius_km
        from r
      )
      select n,
             md5('bench-business:' || ${SEED} || ':' || n)::uuid as id,
             case when n <= ${CITY_USERS} then (${textArray(cityNames)})[city_no] end as city,
             case when n <= ${CITY_USERS} then (${textArray(CITIES.map((c) => c[1]))})[city_no] end as state,
             case when n <= ${CITY_USERS}
               then (array[${sql.raw(CITIES.map((c) => c[2]).join(","))}]::float8[])[city_no] + radius_km * cos(2 * pi() * r_angle) / 111.32
               else 8 + 25 * r_lat end as lat,
             case when n <= ${CITY_USERS}
               then (array[${sql.raw(CITIES.map((c) => c[3]).join(","))}]::float8[])[city_no]
                    + radius_km * sin(2 * pi() * r_angle) / (111.32 * cos(radians((array[${sql.raw(CITIES.map((c) => c[2]).join(","))}]::float8[])[city_no])))
               else 68 + 22 * r_lon end as lon,
             (${textArray(CATEGORIES)})[${pick(CATEGORIES.length, "r_cat")}] as category,
             case when r_status < 0.01 then 'suspended' else 'active' end as status,
             r_logo < 0.6 as has_logo
      from placed`);
  });
  await db.execute(sql`alter table bench_business add primary key (n)`);
  await db.execute(sql`analyze bench_business`);
  await db.execute(sql`
    insert into users (id, email, name, business_name, business_categories, city, state, country, lat, lon,
                       profile_image_url, onboarding_completed, status, created_at, updated_at)
    select id, 'bench-' || n || '@bench.example.in', 'Owner ' || n,
           coalesce(city, 'Village') || ' ' || category || ' ' || n, array[category], city, state, 'India',
           round(lat::numeric, 5)::float8, round(lon::numeric, 5)::float8,
           case when has_logo then '/uploads/seed/logos/bench-' || (n % 50) || '.webp' end,
           true, status, now() - interval '100 days', now() - interval '100 days'
    from bench_business`);
  console.log(`businesses: ${USERS} in ${secondsSince(step)}`);

  // Posts, batch by batch. Each batch reseeds, so a batch's rows depend only on (seed, batch).
  const insertStarted = performance.now();
  const lines = textArray(LINES);
  const tags = textArray(HASHTAGS);
  // Two different hashtags per post.
  const tag1 = sql.raw(`(1 + floor(r.r_tag1 * ${HASHTAGS.length})::int)`);
  const tag2 = sql.raw(
    `(1 + (floor(r.r_tag1 * ${HASHTAGS.length})::int + 1 + floor(r.r_tag2 * ${HASHTAGS.length - 1})::int) % ${HASHTAGS.length})`,
  );
  for (let first = 1, batch = 0; first <= POSTS; first += BATCH, batch++) {
    const last = Math.min(POSTS, first + BATCH - 1);
    step = performance.now();
    await db.transaction(async (tx) => {
      await tx.execute(sql`select setseed(${((SEED * 7919 + batch * 104729) % 2_000_000) / 1_000_000 - 1}::float8)`);
      await tx.execute(sql`
        insert into posts (id, user_id, kind, status, content, hashtags, images, category, lat, lon, city, state, country,
                           offer_title, coupon_code, offer_terms, valid_from, valid_until, call_to_action_type,
                           price_paid, likes_count, views_count, created_at, updated_at)
        select md5('bench-post:' || ${SEED} || ':' || r.n)::uuid,
               b.id,
               case when r.r_kind < 0.25 then 'offer' else 'update' end,
               case when r.r_status < 0.03 then 'hidden' when r.r_status < 0.05 then 'removed' else 'live' end,
               ${lines}[${pick(LINES.length, "r.r_text")}] || ' at ' || coalesce(b.city, 'our village') || '. #'
                 || ${tags}[${tag1}] || ' #' || ${tags}[${tag2}],
               array[${tags}[${tag1}], ${tags}[${tag2}]],
               case when r.r_img < 0.5 then '{}'::text[]
                    else array['/uploads/seed/photos/bench-' || (floor(r.r_img * 1000)::int % 72) || '.jpg'] end,
               b.category,
               round((case when r.sparse then 8 + 25 * r.r_lat else b.lat + (r.r_lat - 0.5) * 0.004 end)::numeric, 5)::float8,
               round((case when r.sparse then 68 + 22 * r.r_lon else b.lon + (r.r_lon - 0.5) * 0.004 end)::numeric, 5)::float8,
               b.city, b.state, 'India',
               case when r.r_kind < 0.25 then 'Flat ' || (10 + 10 * floor(r.r_offer * 5)::int) || '% off' end,
               case when r.r_kind < 0.25 then 'SAVE' || (r.n % 997) end,
               case when r.r_kind < 0.25 then 'One per customer. Not valid with other offers.' end,
               case when r.r_kind < 0.25 then r.created_at end,
               case when r.r_kind < 0.25 then r.created_at + (7 + floor(r.r_valid * 39)::int) * interval '1 day' end,
               case when r.r_kind < 0.25 then 'call' end,
               case when r.r_kind < 0.25 then 10 else 5 end,
               floor(200 * r.r_likes ^ 3)::int,
               floor(200 * r.r_likes ^ 3)::int + floor(500 * r.r_views)::int,
               r.created_at, r.created_at
        from (
          select n, random() < 0.3 as sparse, random() as r_user, random() as r_kind, random() as r_status,
                 now() - random() * interval '90 days' as created_at, random() as r_lat, random() as r_lon,
                 random() as r_text, random() as r_tag1, random() as r_tag2, random() as r_img, random() as r_offer,
                 random() as r_valid, random() as r_likes, random() as r_views
          from generate_series(${first}::int, ${last}::int) as n
          offset 0
        ) as r
        join bench_business b
          on b.n = case when r.sparse then ${CITY_USERS + 1} + floor(r.r_user * ${RURAL_USERS})::int
                        else 1 + floor(r.r_user * ${CITY_USERS})::int end`);
    });
    const done = last;
    const rate = Math.round(done / ((performance.now() - insertStarted) / 1000) || 0);
    console.log(
      `posts ${done.toLocaleString("en")}/${POSTS.toLocaleString("en")}  batch ${secondsSince(step)}  (${rate.toLocaleString("en")} rows/s overall)`,
    );
  }
  console.log(`posts inserted in ${secondsSince(insertStarted)}`);
  await db.execute(sql`drop table if exists bench_business`);

  step = performance.now();
  await db.execute(sql`vacuum analyze users`);
  await db.execute(sql`vacuum analyze posts`);
  console.log(`vacuum analyze: ${secondsSince(step)}`);

  const [stats] = await queryRows<Record<string, number>>(
    db,
    sql`select count(*)::int as posts,
               count(*) filter (where status = 'live')::int as live,
               count(*) filter (where city is not null)::int as in_cities,
               count(*) filter (where kind = 'offer')::int as offers,
               count(*) filter (where kind = 'offer' and valid_until <= now())::int as expired_offers,
               count(distinct geo_cell)::int as cells
        from posts`,
  );
  const [size] = await queryRows<{ table_size: string }>(db, sql`select pg_size_pretty(pg_total_relation_size('posts')) as table_size`);
  console.log(
    `done: ${stats.posts.toLocaleString("en")} posts (${stats.live.toLocaleString("en")} live, ${stats.in_cities.toLocaleString("en")} in cities, ` +
      `${stats.offers.toLocaleString("en")} offers of which ${stats.expired_offers.toLocaleString("en")} expired) in ${stats.cells} grid cells; ` +
      `posts + indexes ${size.table_size}`,
  );
  console.log(`total: ${secondsSince(started)}`);
} catch (error) {
  const cause = error instanceof Error && error.cause instanceof Error ? `\ncause: ${error.cause.message}` : "";
  console.error(`${error instanceof Error ? error.message.slice(0, 2000) : String(error)}${cause}`);
  process.exitCode = 1;
} finally {
  await handle.close();
}
