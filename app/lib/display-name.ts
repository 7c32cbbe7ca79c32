export const DEFAULT_BUSINESS_NAME = "My Business";

/** The display name reads '{name} - {businessName}' ('My Business' when the business has no name yet). */
export function formatDisplayName(name: string, businessName: string | null | undefined): string {
  return `${name} - ${businessName || DEFAULT_BUSINESS_NAME}`;
}
