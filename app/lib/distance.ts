/**
 * '350 m', '4.2 km', '18 km': how far a post is, for its card. (Apart from
 * geo-grid.ts, whose SQL text the browser does not need.)
 */
export function formatDistance(km: number): string {
  if (km < 1) return `${Math.max(10, Math.round((km * 1000) / 10) * 10)} m`;
  if (km < 10) return `${km.toFixed(1)} km`;
  return `${Math.round(km)} km`;
}
