export const DEFAULT_BUSINESS_NAME = "My Business";

/** SPEC §3: the display name is stored as '{name} - {businessName}'. */
export function formatDisplayName(name: string, businessName: string | null | undefined): string {
  return `${name} - ${businessName || DEFAULT_BUSINESS_NAME}`;
}
