/**
 * JSON with every object's keys in sorted order (arrays keep theirs), so two values that mean the
 * same text the same: { a: 1, b: 2 } and { b: 2, a: 1 } alike. Otherwise as JSON.stringify: a Date
 * is its ISO string, and undefined members are left out.
 */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, member: unknown) => {
    if (member === null || typeof member !== "object" || Array.isArray(member)) return member;
    const sorted: Record<string, unknown> = {};
    for (const key of Object.keys(member).sort()) sorted[key] = (member as Record<string, unknown>)[key];
    return sorted;
  });
}
