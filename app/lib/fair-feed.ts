/**
 * A fair feed: newest first, but never more than FAIR_MAX_PER_RUN posts of one business in any
 * FAIR_RUN consecutive posts shown. The rule reorders, it never hides: each place takes the newest
 * post whose business the rule allows there, so a business's third post in a run moves down to the
 * first place it may stand. Where every business that still has posts is at its limit (fewer than
 * FAIR_RUN / FAIR_MAX_PER_RUN businesses are left), the newest post comes next all the same. So every
 * post is shown exactly once, and the rule holds wherever at least 5 businesses still have posts.
 *
 * The rule needs only what the last FAIR_RUN - 1 posts shown were (the window) and which posts are
 * left. Posts are left in one of two ways: after the frontier (the oldest post shown so far), or
 * deferred: older than a business's last shown post and newer than the frontier. A business's own
 * posts always come out newest first, so its deferred posts are a range, named by its last shown
 * post; and only businesses at their limit are ever passed over, so at most 4 have any. The cursor
 * carries all of it (FairState), so a page can start anywhere: pages by cursor and by offset are
 * slices of the one sequence fairOrder gives.
 */
export const FAIR_RUN = 10;
export const FAIR_MAX_PER_RUN = 2;
const WINDOW = FAIR_RUN - 1;

/** A post as the rule sees it: its id, business and place in the newest-first order. */
export type FairRow = { id: string; userId: string; createdAt: string };

/** A place in the newest-first order (created_at desc, id desc): a post's time and id. */
export type Position = { createdAt: string; id: string };

/** A business with deferred posts: those older than `after` (its last shown post; null: from the top) and newer than the frontier. */
export type Deferred = { userId: string; after: Position | null };

/** Where a page starts: the oldest post shown so far, the businesses of the last shown posts (oldest first), and what was deferred. */
export type FairState = { frontier: Position | null; window: string[]; deferred: Deferred[] };

export const FAIR_START: FairState = { frontier: null, window: [], deferred: [] };

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

  /** The businesses whose next post must wait (at most 4). */
  full(): string[] {
    return [...new Set(this.businesses)].filter((userId) => !this.allows(userId));
  }

  get list(): string[] {
    return [...this.businesses];
  }
}

/** Whether a comes before b in the newest-first order. */
export function newerThan(a: Position, b: Position): boolean {
  return a.createdAt === b.createdAt ? a.id > b.id : a.createdAt > b.createdAt;
}

const samePosition = (a: Position | null, b: Position | null) =>
  a === null || b === null ? a === b : a.createdAt === b.createdAt && a.id === b.id;

const positionOf = (row: FairRow): Position => ({ createdAt: row.createdAt, id: row.id });

/**
 * The whole rule over a whole stream (newest first): every post, in the order shown. The
 * reference the paged reading (FairReader) must agree with.
 */
export function fairOrder<Row extends FairRow>(rows: Row[], window: string[] = []): Row[] {
  const fair = new FairWindow(window);
  const left = [...rows];
  const order: Row[] = [];
  while (left.length) {
    const allowed = left.findIndex((row) => fair.allows(row.userId));
    const [row] = left.splice(Math.max(allowed, 0), 1);
    fair.show(row.userId);
    order.push(row);
  }
  return order;
}

/** Where FairReader reads posts from (the database, or an array in tests). */
export type FairSource<Row extends FairRow> = {
  /** Up to `count` posts after the position (from the top when null), newest first, none of these businesses'. */
  rows(after: Position | null, count: number, except: string[]): Promise<Row[]>;
  /** Up to `count` posts of one business after `after` (from the top when null) and before `before`, newest first. */
  postsOf(userId: string, after: Position | null, before: Position, count: number): Promise<Row[]>;
};

/** A business's deferred posts as far as read: a first stretch of them, whole up to `readTo` when that is set. */
type Waiting<Row> = { after: Position | null; rows: Row[]; readTo: Position | null };

/**
 * Reads the fair order a post at a time from a state, in batches: the posts after the frontier
 * `batch` at a time, each deferred business's posts when it may show again. A run of passed-over
 * posts of any length costs one query (rows(..., except)), not one row each.
 */
export class FairReader<Row extends FairRow> {
  private readonly fair: FairWindow;
  private frontier: Position | null;
  private readonly waiting = new Map<string, Waiting<Row>>();
  /** Posts right after the frontier, in order, every one of them (from `at` on); `ended` when the source has no more. */
  private buffer: Row[] = [];
  private at = 0;
  private ended = false;

  constructor(
    private readonly source: FairSource<Row>,
    state: FairState,
    private readonly batch: number,
  ) {
    this.fair = new FairWindow(state.window);
    this.frontier = state.frontier;
    for (const entry of state.deferred) this.waiting.set(entry.userId, { after: entry.after, rows: [], readTo: null });
  }

  /** The next post in the fair order, or null when every post has been shown. */
  async next(): Promise<Row | null> {
    const full = new Set(this.fair.full());
    const deferred = await this.newestDeferred((userId) => !full.has(userId));
    if (deferred) return this.take(deferred);
    const fromStream = await this.nextAfterFrontier([...full]);
    if (fromStream) return this.take(fromStream);
    // Every business left is at its limit: the newest post comes next all the same.
    return this.take((await this.newestDeferred(() => true)) ?? (await this.nextAfterFrontier([])));
  }

  /** Whether any post is left to show. */
  async hasMore(): Promise<boolean> {
    return (await this.nextAfterFrontier([], false)) !== null || (await this.newestDeferred(() => true)) !== null;
  }

  /** Where the next page starts. */
  get state(): FairState {
    const deferred = [...this.waiting].map(([userId, entry]) => ({ userId, after: entry.after }));
    return { frontier: this.frontier, window: this.fair.list, deferred };
  }

  private take(row: Row | null): Row | null {
    if (!row) return null;
    this.fair.show(row.userId);
    const entry = this.waiting.get(row.userId);
    if (entry?.rows[0] === row) {
      entry.rows.shift();
      entry.after = positionOf(row);
    }
    return row;
  }

  /** The newest deferred post among the businesses `eligible` says; a business found to have none left stops being deferred. */
  private async newestDeferred(eligible: (userId: string) => boolean): Promise<Row | null> {
    let newest: Row | null = null;
    for (const [userId, entry] of this.waiting) {
      if (!eligible(userId)) continue;
      const head = await this.headOf(userId, entry);
      if (head && (!newest || newerThan(head, newest))) newest = head;
    }
    return newest;
  }

  private async headOf(userId: string, entry: Waiting<Row>): Promise<Row | null> {
    if (entry.rows.length === 0 && !samePosition(entry.readTo, this.frontier) && this.frontier) {
      const after = entry.after;
      entry.rows = await this.source.postsOf(userId, after, this.frontier, this.batch);
      entry.readTo = entry.rows.length < this.batch ? this.frontier : null;
    }
    if (entry.rows.length === 0 && samePosition(entry.readTo, this.frontier)) {
      this.waiting.delete(userId);
      return null;
    }
    return entry.rows[0] ?? null;
  }

  /**
   * The newest post after the frontier that is none of `full`'s, made the new frontier: the posts
   * it passes over (all the full businesses') become deferred. With `move` false, only looks.
   */
  private async nextAfterFrontier(full: string[], move = true): Promise<Row | null> {
    if (this.at === this.buffer.length && !this.ended) {
      this.buffer = await this.source.rows(this.frontier, this.batch, []);
      this.at = 0;
      this.ended = this.buffer.length < this.batch;
    }
    const skip = new Set(full);
    let index = this.at;
    while (index < this.buffer.length && skip.has(this.buffer[index].userId)) index++;
    let found: Row | null = this.buffer[index] ?? null;
    const seenAll = found !== null;
    if (!found && !this.ended && full.length) {
      // A long run of the full businesses' posts: step over it in one query.
      const last = this.buffer[this.buffer.length - 1];
      [found = null] = await this.source.rows(last ? positionOf(last) : this.frontier, 1, full);
    }
    if (!found || !move) return found;
    this.defer(full, this.buffer.slice(this.at, index), positionOf(found), seenAll);
    this.frontier = positionOf(found);
    if (seenAll) this.at = index + 1;
    else {
      // The posts after the new frontier are read afresh.
      this.buffer = [];
      this.at = 0;
      this.ended = false;
    }
    return found;
  }

  /** The frontier moves to `to`, passing over `passed` (and, unless `seenAll`, posts not read) of the full businesses. */
  private defer(full: string[], passed: Row[], to: Position, seenAll: boolean) {
    const from = this.frontier;
    const passedBy = new Set(passed.map((row) => row.userId));
    for (const userId of full) {
      if (seenAll && !passedBy.has(userId)) continue;
      // A business not deferred yet has shown every post it has before the old frontier.
      const entry = this.waiting.get(userId) ?? { after: from, rows: [], readTo: from };
      this.waiting.set(userId, entry);
      if (!samePosition(entry.readTo, from)) continue;
      entry.rows.push(...passed.filter((row) => row.userId === userId));
      entry.readTo = seenAll ? to : null;
    }
  }
}

/**
 * One page of the fair order: `limit` posts after the state (from the top when null), past the
 * first `offset` of them, and where the next page starts (null when no post follows).
 */
export async function fairPage<Row extends FairRow>(
  source: FairSource<Row>,
  options: { start: FairState | null; offset: number; limit: number; batch: number },
): Promise<{ rows: Row[]; next: FairState | null }> {
  const reader = new FairReader(source, options.start ?? FAIR_START, options.batch);
  for (let skipped = 0; skipped < options.offset; skipped++) if (!(await reader.next())) return { rows: [], next: null };
  const rows: Row[] = [];
  while (rows.length < options.limit) {
    const row = await reader.next();
    if (!row) return { rows, next: null };
    rows.push(row);
  }
  return { rows, next: (await reader.hasMore()) ? reader.state : null };
}
