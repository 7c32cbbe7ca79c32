/**
 * A fair feed: newest first, but never more than FAIR_MAX_PER_RUN posts of one business in any
 * FAIR_RUN consecutive posts shown. A post that would break the rule is not moved later: it is
 * left out where it stands and counted into a "N more from <business>" entry that follows the
 * shown post before it (the entry links to the business's page, which lists all its posts). So
 * the shown posts keep their order, and every post is either shown or counted exactly once.
 *
 * The rule reads the stream of posts one by one and remembers only the businesses of the last
 * FAIR_RUN - 1 shown posts (the window), so a page can start anywhere given that window: the
 * cursor carries it. An entry always belongs to the shown post before it, so which page a post
 * lands on never changes what is shown or counted: pages by cursor and by offset are slices of
 * the same sequence.
 */
export const FAIR_RUN = 10;
export const FAIR_MAX_PER_RUN = 2;
const WINDOW = FAIR_RUN - 1;

/** A post as the rule sees it: its id, business and place in the newest-first order. */
export type FairRow = { id: string; userId: string; createdAt: string };

/** Where a page starts: after this post (its time and id), with the businesses of the last shown posts, oldest first. */
export type FairPosition = { createdAt: string; id: string; window: string[] };

/** Posts of one business left out after a shown post. */
export type Collapsed = { userId: string; count: number };

export type FairItem<Row extends FairRow> = { row: Row; collapsedAfter: Collapsed[] };

/** The businesses of the last shown posts, and whether a business's next post may be shown. */
export class FairWindow {
  private readonly businesses: string[];

  constructor(window: string[] = []) {
    this.businesses = window.slice(-WINDOW);
  }

  allows(userId: string): boolean {
    let count = 0;
    for (const business of this.businesses) if (business === userId) count++;
    return count < FAIR_MAX_PER_RUN;
  }

  show(userId: string): void {
    this.businesses.push(userId);
    if (this.businesses.length > WINDOW) this.businesses.shift();
  }

  /** The businesses whose next post would be left out. */
  full(): string[] {
    return [...new Set(this.businesses)].filter((userId) => !this.allows(userId));
  }

  get list(): string[] {
    return [...this.businesses];
  }
}

/**
 * The whole rule over a whole stream (newest first): what is shown, and what is counted after
 * each shown post. The reference the paged reading (fairPage) must agree with.
 */
export function fairSequence<Row extends FairRow>(rows: Row[], window: string[] = []): Array<FairItem<Row>> {
  const fair = new FairWindow(window);
  const items: Array<FairItem<Row>> = [];
  for (const row of rows) {
    if (fair.allows(row.userId)) {
      fair.show(row.userId);
      items.push({ row, collapsedAfter: [] });
    } else if (items.length) {
      addCollapsed(items[items.length - 1].collapsedAfter, row.userId, 1);
    }
  }
  return items;
}

function addCollapsed(entries: Collapsed[], userId: string, count: number) {
  const entry = entries.find((candidate) => candidate.userId === userId);
  if (entry) entry.count += count;
  else entries.push({ userId, count });
}

/** Where fairPage reads posts from (the database, or an array in tests). */
export type FairSource<Row extends FairRow> = {
  /** Up to `count` posts after the position (all when null), newest first. */
  rows(after: FairPosition | null, count: number): Promise<Row[]>;
  /**
   * The run of posts right after the position that are all from these businesses (up to the first
   * post of another, or the end): how many of each, and the last of them (null for none).
   */
  runOf(after: FairPosition | null, businesses: string[]): Promise<{ counts: Collapsed[]; last: FairRow | null }>;
};

export type FairPage<Row extends FairRow> = {
  items: Array<FairItem<Row>>;
  /** True only when another post will be shown after these. */
  hasMore: boolean;
  /** Where the next page starts (null when none follows). */
  next: FairPosition | null;
};

/**
 * One page of the fair feed: `limit` shown posts after `start` (from the top when null), past the
 * first `offset` shown ones, each with the posts left out after it. Reads `batch` posts at a time;
 * a batch that ends among left-out posts is followed by one step over the rest of that run
 * (source.runOf), so one business's thousand posts in a row cost two queries, not a thousand rows.
 * The page goes on to the next shown post (not taken), so its last post's entries are complete.
 */
export async function fairPage<Row extends FairRow>(
  source: FairSource<Row>,
  options: { start: FairPosition | null; offset: number; limit: number; batch: number },
): Promise<FairPage<Row>> {
  const fair = new FairWindow(options.start?.window);
  const items: Array<FairItem<Row>> = [];
  let position: FairPosition | null = options.start;
  const at = (row: FairRow): FairPosition => ({ createdAt: row.createdAt, id: row.id, window: fair.list });
  let toSkip = options.offset;
  /** The shown post the left-out ones attach to; null for one before this page (skipped by offset). */
  let current: FairItem<Row> | null = null;
  for (;;) {
    const rows = await source.rows(position, options.batch);
    let lastLeftOut = false;
    for (const row of rows) {
      if (fair.allows(row.userId)) {
        if (items.length === options.limit) return { items, hasMore: true, next: position };
        fair.show(row.userId);
        if (toSkip > 0) {
          toSkip--;
          current = null;
        } else {
          current = { row, collapsedAfter: [] };
          items.push(current);
        }
        lastLeftOut = false;
      } else {
        if (current) addCollapsed(current.collapsedAfter, row.userId, 1);
        lastLeftOut = true;
      }
      position = at(row);
    }
    if (rows.length < options.batch) return { items, hasMore: false, next: null };
    if (lastLeftOut) {
      const run = await source.runOf(position, fair.full());
      if (run.last) {
        if (current) for (const entry of run.counts) addCollapsed(current.collapsedAfter, entry.userId, entry.count);
        position = at(run.last);
      }
    }
  }
}

/** The window in a cursor: each business once (32 hex digits), then which of them each shown post was. */
export function encodeWindow(window: string[]): string {
  if (window.length === 0) return "";
  const businesses = [...new Set(window)];
  const slots = window.map((userId) => businesses.indexOf(userId)).join("");
  return `${slots}-${businesses.map((userId) => userId.replaceAll("-", "")).join("")}`;
}

export function decodeWindow(value: string): string[] | null {
  if (value === "") return [];
  const match = /^([0-8]{1,9})-((?:[0-9a-f]{32}){1,9})$/i.exec(value);
  if (!match) return null;
  const businesses = match[2].match(/.{32}/g)!.map((hex) => {
    const lower = hex.toLowerCase();
    return `${lower.slice(0, 8)}-${lower.slice(8, 12)}-${lower.slice(12, 16)}-${lower.slice(16, 20)}-${lower.slice(20)}`;
  });
  const window: string[] = [];
  for (const slot of match[1]) {
    const userId = businesses[Number(slot)];
    if (!userId) return null;
    window.push(userId);
  }
  return window;
}
