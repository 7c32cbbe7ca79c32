const PLACEHOLDER_ORIGIN = "http://placeholder.invalid";

/**
 * Where to send someone after a form: only a path on this site. The target is
 * parsed as a browser would (against a placeholder origin) and must stay on it;
 * control characters and backslashes are refused anywhere, since browsers drop
 * or rewrite them ('/<TAB>/evil.example' becomes '//evil.example').
 */
export function safeRedirect(to: FormDataEntryValue | string | null | undefined, fallback = "/"): string {
  // eslint-disable-next-line no-control-regex -- refusing control characters is the point
  if (typeof to !== "string" || !to.startsWith("/") || /[\u0000-\u001f\u007f\\]/.test(to)) return fallback;
  let target: URL;
  try {
    target = new URL(to, PLACEHOLDER_ORIGIN);
  } catch {
    return fallback;
  }
  // '/.//evil.example' normalises to '//evil.example', which a later redirect would read as another host.
  if (target.origin !== PLACEHOLDER_ORIGIN || target.pathname.startsWith("//")) return fallback;
  return `${target.pathname}${target.search}${target.hash}`;
}

/** Where the admin goes after signing in: an /admin page asked for (safeRedirect's rules), else the dashboard. */
export function safeAdminRedirect(to: FormDataEntryValue | string | null | undefined): string {
  const target = safeRedirect(to, "/admin");
  return target === "/admin" || target.startsWith("/admin/") || target.startsWith("/admin?") ? target : "/admin";
}
