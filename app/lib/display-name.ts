export const DEFAULT_BUSINESS_NAME = "My Business";
const SEPARATOR = " - ";

/** SPEC §3: the display name is stored as '{name} - {businessName}'. */
export function formatDisplayName(name: string, businessName: string | null | undefined): string {
  return `${name}${SEPARATOR}${businessName || DEFAULT_BUSINESS_NAME}`;
}

/** Reads a display name back: before ' - ' the name, after it the business; without it, both are the whole. */
export function parseDisplayName(displayName: string): { name: string; businessName: string } {
  const at = displayName.indexOf(SEPARATOR);
  if (at === -1) return { name: displayName, businessName: displayName || DEFAULT_BUSINESS_NAME };
  return { name: displayName.slice(0, at), businessName: displayName.slice(at + SEPARATOR.length) || DEFAULT_BUSINESS_NAME };
}
