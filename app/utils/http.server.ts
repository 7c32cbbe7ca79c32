/** Merges several header sets, keeping every Set-Cookie. */
export function combineHeaders(...sets: Array<HeadersInit | null | undefined>): Headers {
  const combined = new Headers();
  for (const set of sets) {
    if (!set) continue;
    for (const [name, value] of new Headers(set).entries()) combined.append(name, value);
  }
  return combined;
}
