const ANON_ID_KEY = "anonId";
const LIKED_KEY = "likedPosts";
const VIEWED_KEY = "viewedPosts";

type StorageName = "localStorage" | "sessionStorage";

/** Storage may be disabled or full: the server still counts correctly, so failures are ignored. */
function read(storage: StorageName, key: string): string | null {
  try {
    return window[storage].getItem(key);
  } catch {
    return null;
  }
}

function write(storage: StorageName, key: string, value: string) {
  try {
    window[storage].setItem(key, value);
  } catch {
    // See read().
  }
}

function readList(storage: StorageName, key: string): string[] {
  try {
    return JSON.parse(read(storage, key) ?? "[]") as string[];
  } catch {
    return [];
  }
}

/** Keeps the newest few hundred ids: enough for a session, small in storage. */
function writeList(storage: StorageName, key: string, ids: string[]) {
  write(storage, key, JSON.stringify(ids.slice(-500)));
}

/** The anon_id cookie the server set: Remix cookies hold base64 JSON, here a JSON string. */
function anonIdCookie(): string | null {
  const value = /(?:^|; )anon_id=([^;]*)/.exec(document.cookie)?.[1];
  try {
    const decoded: unknown = value && JSON.parse(decodeURIComponent(escape(atob(decodeURIComponent(value)))));
    return typeof decoded === "string" ? decoded : null;
  } catch {
    return null;
  }
}

/**
 * The visitor's signed id as the server issued it (its anon_id cookie), kept in
 * local storage too and sent as `anonId`: the server counts only ids it signed,
 * so without one (none issued yet) there is nothing to send.
 */
export function getAnonId(): string | undefined {
  const stored = read("localStorage", ANON_ID_KEY);
  const anonId = anonIdCookie() ?? stored;
  if (anonId && stored !== anonId) write("localStorage", ANON_ID_KEY, anonId);
  return anonId ?? undefined;
}

export function rememberLike(postId: string, liked: boolean) {
  const others = readList("localStorage", LIKED_KEY).filter((id) => id !== postId);
  writeList("localStorage", LIKED_KEY, liked ? [...others, postId] : others);
}

export function rememberedLikes(): string[] {
  return readList("localStorage", LIKED_KEY);
}

/** A browser sends a post's view once per browser session (the server counts a visitor once, ever). */
export function markViewedThisSession(postId: string): boolean {
  const viewed = readList("sessionStorage", VIEWED_KEY);
  if (viewed.includes(postId)) return false;
  writeList("sessionStorage", VIEWED_KEY, [...viewed, postId]);
  return true;
}
