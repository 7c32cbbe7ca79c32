/** What a feed page shows; every field is a search param, so any state has a URL. */
export type FeedState = {
  lat?: number;
  lon?: number;
  radiusKm?: number;
  label?: string;
  q?: string;
  category?: string;
  /** Show every post, ignoring a remembered location. */
  all?: boolean;
};

/** The URL of a feed state (with changes applied); empty values are left out. */
export function feedUrl(state: FeedState, changes: Partial<FeedState> & { cursor?: string; post?: string } = {}): string {
  const next = { ...state, ...changes };
  const params = new URLSearchParams();
  if (next.lat !== undefined && next.lon !== undefined && !next.all) {
    params.set("lat", String(next.lat));
    params.set("lon", String(next.lon));
    if (next.radiusKm !== undefined) params.set("radiusKm", String(next.radiusKm));
    if (next.label) params.set("label", next.label);
  }
  if (next.all) params.set("all", "1");
  if (next.q) params.set("q", next.q);
  if (next.category) params.set("category", next.category);
  if (changes.cursor) params.set("cursor", changes.cursor);
  if (changes.post) params.set("post", changes.post);
  const query = params.toString();
  return query ? `/?${query}` : "/";
}
