/** Reads a JSON object body; anything else (bad JSON, an array, nothing) is an empty object. */
export async function readJsonObject(request: Request): Promise<Record<string, unknown>> {
  const type = request.headers.get("Content-Type") ?? "";
  try {
    if (type.includes("application/json")) {
      const body = (await request.json()) as unknown;
      return body && typeof body === "object" && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
    }
    if (type.includes("form")) return Object.fromEntries(await request.formData());
  } catch {
    // Unreadable bodies count as empty: the caller reports what is missing.
  }
  return {};
}
