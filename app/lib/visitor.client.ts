const ANON_ID_KEY = "anonId";
const LIKED_KEY = "likedPosts";
const VIEWED_KEY = "viewedPosts";

function readCookie(name: string): string | null {
  const match = document.cookie.split("; ").find((part) => part.startsWith(`${name}=`));
  return match ? decodeURIComponent(match.slice(name.length + 1)) : null;
}

/** Remix cookies hold base64 JSON; the anonymous id cookie holds a JSON string. */
function decodeRemixCookie(value: string | null): string | null {
  if (!value) return null;
  try {
    const decoded = JSON.parse(decodeURIComponent(escape(atob(value))));
    return typeof decoded === "string" ? decoded : null;
  } catch {
    return null;
  }
}

/** SPEC §6: the anonymous id, kept in local storage and in the cookie the server set. */
export function getAnonId(): string {
  const fromCookie = decodeRemixCookie(readCookie("anon_id"));
  const stored = safeStorage(localStorage)?.getItem(ANON_ID_KEY);
  const anonId = fromCookie ?? stored ?? crypto.randomUUID();
  if (stored !== anonId) safeStorage(localStorage)?.setItem(ANON_ID_KEY, anonId);
  return anonId;
}

function safeStorage(storage: Storage): Storage | null {
  try {
    return storage;
  } catch {
    return null;
  }
}

function readSet(storage: Storage, key: string): Set<string> {
  try {
    return new Set(JSON.parse(storage.getItem(key) ?? "[]") as string[]);
  } catch {
    return new Set();
  }
}

function writeSet(storage: Storage, key: string, values: Set<string>) {
  try {
    // Keep the newest few hundred: enough for a session, small in storage.
    storage.setItem(key, JSON.stringify([...values].slice(-500)));
  } catch {
    // Storage full or disabled: the server still counts correctly.
  }
}

export function rememberLike(postId: string, liked: boolean) {
  const likedPosts = readSet(localStorage, LIKED_KEY);
  if (liked) likedPosts.add(postId);
  else likedPosts.delete(postId);
  writeSet(localStorage, LIKED_KEY, likedPosts);
}

export function rememberedLikes(): Set<string> {
  return readSet(localStorage, LIKED_KEY);
}

/** SPEC §4: a view is recorded once per session per post. */
export function markViewedThisSession(postId: string): boolean {
  const viewed = readSet(sessionStorage, VIEWED_KEY);
  if (viewed.has(postId)) return false;
  viewed.add(postId);
  writeSet(sessionStorage, VIEWED_KEY, viewed);
  return true;
}
