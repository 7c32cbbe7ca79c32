import routes from "~/user-routes.json";

export type Screen = { path: string; title: string; nav?: boolean };

/** The signed-in user's screens (also read by remix.config.js, which routes them). */
export const CONTAINER_SCREENS: Screen[] = routes.container;
export const STANDALONE_SCREENS: Screen[] = routes.standalone;
/** Admin screens, relative to /admin. */
export const ADMIN_SCREENS: Screen[] = routes.admin;

function matches(pattern: string, pathname: string): boolean {
  const expression = new RegExp(`^${pattern.replace(/:[^/]+/g, "[^/]+")}/?$`, "i");
  return expression.test(pathname);
}

/** The title of a container screen (a signed-in page inside the app container) a path belongs to, or null. */
export function containerScreenTitle(pathname: string): string | null {
  return CONTAINER_SCREENS.find((candidate) => matches(candidate.path, pathname))?.title ?? null;
}

/** The title of the screen a path belongs to, e.g. '/edit-contact/abc' → 'Edit Contact'. */
export function screenTitle(pathname: string): string | null {
  const screen =
    [...CONTAINER_SCREENS, ...STANDALONE_SCREENS].find((candidate) => matches(candidate.path, pathname)) ??
    ADMIN_SCREENS.find((candidate) => matches(`/admin/${candidate.path}`, pathname));
  return screen?.title ?? null;
}
