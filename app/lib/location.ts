/** How exact a located point is: High under 1 km, Medium under 5 km, else Low. */
export function accuracyLabel(accuracyMeters: number): "High" | "Medium" | "Low" {
  if (accuracyMeters < 1000) return "High";
  if (accuracyMeters < 5000) return "Medium";
  return "Low";
}

/** A readable name for a point without one, e.g. '12.972, 77.594'. */
export function coordinatesLabel(lat: number, lon: number): string {
  return `${lat.toFixed(3)}, ${lon.toFixed(3)}`;
}
