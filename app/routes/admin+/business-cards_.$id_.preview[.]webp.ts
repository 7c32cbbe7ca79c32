import type { LoaderFunctionArgs } from "@remix-run/node";

import { CARD_DESIGN_MESSAGES } from "~/lib/schemas/admin-card-designs";
import { getCardDesignForAdmin } from "~/models/admin-card-designs.server";
import { requireAdmin } from "~/utils/admin.server";

import { cardImageResponse, drawingIn, sampleCardContent } from "../__business-card.server";

/** /admin/business-cards/{id}/preview.webp: the design (enabled or not) drawn with the sample business, for the admin's list. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const design = await getCardDesignForAdmin(params.id ?? "");
  if (!design) throw new Response(CARD_DESIGN_MESSAGES.notFound, { status: 404 });
  return cardImageResponse(request, "preview", drawingIn(await sampleCardContent(), design.layout), { privateToOwner: true });
}
