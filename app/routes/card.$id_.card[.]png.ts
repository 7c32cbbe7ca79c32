import type { LoaderFunctionArgs } from "@remix-run/node";

import { fileNameOf } from "~/lib/business-card";

import { cardDrawing, cardImageResponse, publicCardOr404 } from "./__business-card.server";

/** /card/{id}/card.png: the card at print size (2100 × 1200); `?download=1` saves it as a file. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const card = await publicCardOr404(params.id);
  const download = new URL(request.url).searchParams.has("download");
  return cardImageResponse(request, "png", await cardDrawing(card, card.design), {
    filename: download ? `${fileNameOf(card.profile.businessName)}-card.png` : undefined,
  });
}
