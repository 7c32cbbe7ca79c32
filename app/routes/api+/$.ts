import { apiError, apiRoute } from "~/utils/api.server";

/** Unknown /api paths answer JSON, never the HTML 404 page. */
const notFound = apiRoute(async ({ request }) => apiError(404, `No API endpoint at ${request.method} ${new URL(request.url).pathname}`));

export const loader = notFound;
export const action = notFound;
