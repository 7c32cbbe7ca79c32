import { paths } from "./paths";

/**
 * A detour: a screen a form sends its owner to, to fix what it refused (a short balance, no place),
 * keeping what was typed and chosen. The form's own button (`name="detour"`) keeps the form as a
 * draft and goes there; the detour's end (a payment, a saved place) comes back to the form, filled in.
 */
export const DETOURS = {
  credits: paths.credits(),
  location: paths.editProfileLocation(),
} as const;

export type Detour = keyof typeof DETOURS;

export const isDetour = (value: unknown): value is Detour => typeof value === "string" && Object.hasOwn(DETOURS, value);

/** What a kept form is, in the words of a link back to it ('Back to your post'). */
export function keptFormName(path: string): string {
  const pathname = path.split(/[?#]/)[0];
  if (pathname === "/send-post") return "your post";
  if (pathname === "/send-offers") return "your offer";
  if (pathname.startsWith("/campaigns")) return "your campaign";
  if (pathname === "/edit-profile") return "your profile";
  return "your form";
}
