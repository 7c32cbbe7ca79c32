/**
 * The feed's spatial index: the globe cut into cells of GRID_DEGREES. A post's
 * cell is a generated column (posts.geo_cell) with the same formula, so the
 * feed reads only the few cells around a point, newest first, from an index.
 */
export const GRID_DEGREES = 0.2;
const COLUMNS = Math.round(360 / GRID_DEGREES);
const KM_PER_DEGREE_LAT = 111.32;

export function cellOf(lat: number, lon: number): number {
  return Math.floor((lat + 90) / GRID_DEGREES) * COLUMNS + Math.floor((lon + 180) / GRID_DEGREES);
}

/** The SQL twin of cellOf, for the generated column. */
export const GEO_CELL_SQL = `(floor((lat + 90) / ${GRID_DEGREES}::float8)::int * ${COLUMNS} + floor((lon + 180) / ${GRID_DEGREES}::float8)::int)`;

/** The lat/lon box around a circle of radiusKm, a little generous so no point inside the circle falls out. */
export function boundingBox(lat: number, lon: number, radiusKm: number) {
  const latSpan = radiusKm / KM_PER_DEGREE_LAT + 1e-6;
  const cosLat = Math.max(Math.cos((Math.min(Math.abs(lat) + latSpan, 89.9) * Math.PI) / 180), 0.01);
  const lonSpan = Math.min(radiusKm / (KM_PER_DEGREE_LAT * cosLat) + 1e-6, 180);
  return { minLat: lat - latSpan, maxLat: lat + latSpan, minLon: lon - lonSpan, maxLon: lon + lonSpan };
}

/**
 * A flat-earth stand-in for the circle, in degrees: a point is kept when
 * (Δlat)² + (Δlon·lonScale)² <= maxSquaredDegrees. It is generous (never drops a
 * point within radiusKm): longitude is scaled for the box's edge farthest from
 * the equator, where its degrees are shortest, and the radius has 2% to spare.
 */
export function flatCircle(lat: number, lon: number, radiusKm: number) {
  const box = boundingBox(lat, lon, radiusKm);
  const farthestLat = Math.min(Math.max(Math.abs(box.minLat), Math.abs(box.maxLat)), 89.9);
  const radiusDegrees = (radiusKm / KM_PER_DEGREE_LAT) * 1.02;
  return { lonScale: Math.cos((farthestLat * Math.PI) / 180), maxSquaredDegrees: radiusDegrees ** 2 };
}

/** Every cell that a circle of radiusKm around (lat, lon) touches, with a small margin for rounding. */
export function cellsWithin(lat: number, lon: number, radiusKm: number): number[] {
  const box = boundingBox(lat, lon, radiusKm);
  const minRow = Math.floor((Math.max(box.minLat, -90) + 90) / GRID_DEGREES);
  const maxRow = Math.floor((Math.min(box.maxLat, 89.999999) + 90) / GRID_DEGREES);
  const minColumn = Math.floor((box.minLon + 180) / GRID_DEGREES);
  const maxColumn = Math.floor((box.maxLon + 180) / GRID_DEGREES);
  const cells = new Set<number>();
  for (let row = minRow; row <= maxRow; row++) {
    for (let column = minColumn; column <= maxColumn; column++) {
      // Wrap across the antimeridian.
      cells.add(row * COLUMNS + (((column % COLUMNS) + COLUMNS) % COLUMNS));
    }
  }
  return [...cells];
}

const EARTH_RADIUS_KM = 6371.0088;

/** Great-circle distance in km (haversine). */
export function distanceKm(fromLat: number, fromLon: number, toLat: number, toLon: number): number {
  const toRadians = (degrees: number) => (degrees * Math.PI) / 180;
  const dLat = toRadians(toLat - fromLat);
  const dLon = toRadians(toLon - fromLon);
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(toRadians(fromLat)) * Math.cos(toRadians(toLat)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(a)));
}
