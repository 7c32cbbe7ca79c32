import type { LoaderFunctionArgs } from "@remix-run/node";

import { cardDrawing, cardImageResponse, publicCardOr404 } from "./__business-card.server";

/** /card/{id}/og.jpg: the picture a shared link to the card shows in WhatsApp and other apps. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const card = await publicCardOr404(params.id);
  return cardImageResponse(request, "og", await cardDrawing(card, card.design));
}
