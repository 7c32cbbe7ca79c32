/**
 * A business's groups are told apart without regard to letter case: 'Regulars' and 'regulars'
 * are one group, spelled as it was first written. The database compares them with lower() (the
 * list's filter, its groups, the spelling a new write takes); this is the same rule for the
 * groups of one form, API call or CSV row, before they reach it.
 */
export const groupKey = (name: string) => name.toLowerCase();

/** The groups without repeats, whatever their case: each as first written, in their order. */
export function uniqueGroups(names: Iterable<string>): string[] {
  const seen = new Map<string, string>();
  for (const name of names) {
    const key = groupKey(name);
    if (!seen.has(key)) seen.set(key, name);
  }
  return [...seen.values()];
}
