import { LRUCache } from "lru-cache";

import { config } from "~/config.server";

/**
 * The one kind of memory the server keeps between requests (issue 39; decision 035): a named,
 * bounded store of answers being or already worked out. Kept as a promise, an answer is shared by
 * every asker of its key while it is worked out (single flight: the second asker waits for the
 * first's query rather than running its own), and forgotten at once if it fails; an entry lives `ttlMs` at most (or until its version moves on)
 * and the least recently used go first past `max`. Each memory registers itself, so the server can
 * list them all with their size and hit ratio (listMemories).
 *
 * MEMORY=off makes every memory pass-through: each ask works its answer out afresh. The product
 * must behave the same, only slower (an e2e project runs that way).
 */
export type MemorySpec = {
  /** Unique; how the inventory and the admin's list name it. */
  name: string;
  /** What it keeps and why, in a line. */
  purpose: string;
  max: number;
  /** How long an entry may be used at most; none: until evicted or forgotten. */
  ttlMs?: number;
  /**
   * The kinds of change-feed tags its entries are kept with (app/db/schema/changes.ts), when what it
   * keeps is read from the database: every table read to work an entry out must tell one of them
   * (tests/integration/kept-answers-tags.test.ts), and an entry kept with another kind is a mistake.
   */
  dependsOn?: readonly TagKind[];
};

export type TagKind = keyof typeof changeTag;

type Entry<V> = { value: V; version: number | undefined; tags: readonly string[] };
/**
 * How an entry is kept: under a version, for less than the memory's time, and with the tags of what it
 * was drawn from (app/db/schema/changes.ts), which the change feed forgets it by. `since`: the
 * changeMark() taken before it was worked out; not kept when one of its tags changed since.
 */
export type KeepOptions = { version?: number; ttlMs?: number; tags?: readonly string[]; since?: number };

export type MemoryStats = MemorySpec & { size: number; hits: number; misses: number };

export class Memory<V> {
  readonly spec: MemorySpec;
  private readonly store: LRUCache<string, Entry<V>>;
  /** The keys kept with each tag, so a change forgets them without a look at the others. */
  private readonly keysByTag = new Map<string, Set<string>>();
  private hits = 0;
  private misses = 0;

  constructor(spec: MemorySpec) {
    this.spec = spec;
    // Time by Date.now(), read at every look (no cached clock): what tests' fake clocks move.
    this.store = new LRUCache<string, Entry<V>>({
      max: spec.max,
      ttl: spec.ttlMs,
      ttlResolution: 0,
      perf: { now: () => Date.now() },
      dispose: (entry, key) => this.unindex(key, entry.tags),
    });
  }

  /**
   * The kept answer for `key`, or `compute()`'s, then kept. With `version`, an entry kept under
   * another version is not used (and is replaced); with `ttlMs`, this entry's life is shorter than
   * the memory's own.
   */
  remember(key: string, compute: () => V, options: KeepOptions = {}): V {
    const hit = this.recall(key, options.version);
    if (hit !== undefined) return hit;
    const value = compute();
    this.keep(key, value, options);
    return value;
  }

  /** The answer kept for `key` (under `version`, when given), counted as a hit or a miss. */
  recall(key: string, version?: number): V | undefined {
    const hit = memoryOn() ? this.store.get(key) : undefined;
    if (hit && hit.version === version) {
      this.hits++;
      return hit.value;
    }
    this.misses++;
    return undefined;
  }

  /** What is kept for `key` now, without counting a hit or a miss or making it recently used. */
  peek(key: string): V | undefined {
    return memoryOn() ? this.store.peek(key)?.value : undefined;
  }

  /** Keeps an answer (a promise of one is forgotten if it fails). */
  keep(key: string, value: V, { version, ttlMs, tags = [], since }: KeepOptions = {}): void {
    if (!memoryOn()) return;
    const kinds = this.spec.dependsOn ?? [];
    for (const tag of tags)
      if (!kinds.includes(tag.split(":")[0] as TagKind)) throw new Error(`Memory ${this.spec.name} is not said to depend on ${tag}`);
    // What depends on data is kept only while this process hears of its changes.
    if (tags.length > 0 && (!hearingChanges || (since !== undefined && changedSince(tags, since)))) return;
    const entry: Entry<V> = { value, version, tags };
    this.store.set(key, entry, ttlMs === undefined ? undefined : { ttl: ttlMs });
    for (const tag of tags) (this.keysByTag.get(tag) ?? this.keysByTag.set(tag, new Set()).get(tag)!).add(key);
    if (value instanceof Promise)
      value.catch(() => {
        if (this.store.peek(key) === entry) this.store.delete(key);
      });
  }

  /** When the entry kept for `key` stops being used (ms since the epoch), or null when none is kept. */
  keptUntil(key: string): number | null {
    if (!this.store.has(key)) return null;
    const left = this.store.getRemainingTTL(key);
    return Number.isFinite(left) ? Date.now() + left : null;
  }

  forget(key: string): void {
    this.store.delete(key);
  }

  /** Forgets, at once, every entry kept with any of these tags ("*": with any tag at all). */
  forgetTagged(tags: readonly string[] | "*"): void {
    for (const tag of tags === "*" ? [...this.keysByTag.keys()] : tags)
      for (const key of [...(this.keysByTag.get(tag) ?? [])]) this.store.delete(key);
  }

  private unindex(key: string, tags: readonly string[]) {
    for (const tag of tags) {
      const keys = this.keysByTag.get(tag);
      keys?.delete(key);
      if (keys?.size === 0) this.keysByTag.delete(tag);
    }
  }

  clear(): void {
    this.store.clear();
  }

  stats(): MemoryStats {
    return { ...this.spec, size: this.store.size, hits: this.hits, misses: this.misses };
  }
}

/**
 * A memory as listed, with the module that defined it: its file's path or file: URL, read from the
 * stack as it was defined (the inventory names it; in the built server, every memory's is the build).
 */
export type ListedMemory = MemoryStats & { definedIn: string | undefined };

const registry = new Map<string, { memory: Memory<unknown>; definedIn: string | undefined }>();

/** A new memory, registered under its name (a second memory of one name is a mistake in the code). */
export function defineMemory<V>(spec: MemorySpec): Memory<V> {
  if (registry.has(spec.name)) throw new Error(`A memory named ${spec.name} is already defined`);
  const memory = new Memory<V>(spec);
  registry.set(spec.name, { memory: memory as Memory<unknown>, definedIn: callerFile(defineMemory) });
  return memory;
}

/** Every memory this process has defined, with its size and hits so far, by name. */
export function listMemories(): ListedMemory[] {
  return [...registry.values()]
    .map(({ memory, definedIn }) => ({ ...memory.stats(), definedIn }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

/** The file (path or file: URL) of the code that called `callee`: the first frame of the stack above it. */
function callerFile(callee: (...args: never[]) => unknown): string | undefined {
  const trace: { stack?: string } = {};
  Error.captureStackTrace(trace, callee);
  const frame = trace.stack?.split("\n")[1] ?? "";
  // "    at file:///…/x.server.ts:12:3", or "    at name (/…/x.server.ts:12:3)".
  return /([^\s(]+):\d+:\d+\)?$/.exec(frame)?.[1];
}

/**
 * What the change feed (app/memory/changes.server.ts) has told this process: a count of notices, the
 * last one naming each tag (the most recent 10,000 tags), and the last that named them all ("*").
 */
let noticesHeard = 0;
let everythingChangedAt = 0;
/** Past the most recent tags, a tag's last change is not known: any notice up to here may have named it. */
let forgottenNoticesUpTo = 0;
const lastNoticeOfTag = new LRUCache<string, number>({
  max: 10_000,
  dispose: (notice, _tag, reason) => {
    if (reason === "evict") forgottenNoticesUpTo = Math.max(forgottenNoticesUpTo, notice);
  },
});
let hearingChanges = false;

/** Called by the change feed: entries with tags are kept only while it hears (and all forgotten when it stops). */
export function setHearingChanges(hearing: boolean) {
  hearingChanges = hearing;
  if (!hearing) forgetChanged("*");
}

/** A mark to take before working an answer out (KeepOptions.since). */
export function changeMark(): number {
  return noticesHeard;
}

/** Whether a notice since `mark` named any of these tags (or all of them). */
export function changedSince(tags: readonly string[], mark: number): boolean {
  if (everythingChangedAt > mark || forgottenNoticesUpTo > mark) return true;
  return tags.some((tag) => (lastNoticeOfTag.peek(tag) ?? 0) > mark);
}

/** The change feed's notice: every memory forgets what it kept with these tags ("*": with any tag). */
export function forgetChanged(tags: readonly string[] | "*") {
  noticesHeard++;
  if (tags === "*") everythingChangedAt = noticesHeard;
  else for (const tag of tags) lastNoticeOfTag.set(tag, noticesHeard);
  for (const { memory } of registry.values()) memory.forgetTagged(tags);
}

/** Whether memories keep anything (MEMORY, default on). */
export function memoryOn(): boolean {
  return config.MEMORY === "on";
}

/** The tags a change tells (app/db/schema/changes.ts says which tables tell which). */
export const changeTag = {
  /** The account's own row or its sessions. */
  account: (accountId: string) => `account:${accountId}`,
  /** Anything the business's own screens show. */
  business: (accountId: string) => `business:${accountId}`,
  /** The business's contacts. */
  contacts: (accountId: string) => `contacts:${accountId}`,
  settings: "settings",
  feed: "feed",
} as const;
