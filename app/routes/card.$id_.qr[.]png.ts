import type { LoaderFunctionArgs } from "@remix-run/node";

import { qrCodePng } from "~/services/qr-code.server";
import { immutableFileResponse } from "~/utils/file-response.server";

import { cardPageUrl, publicCardOr404 } from "./__business-card.server";

/** /card/{id}/qr.png: the QR code to the card's page, big enough to print on a poster. */
export async function loader({ params }: LoaderFunctionArgs) {
  const card = await publicCardOr404(params.id);
  return immutableFileResponse(await qrCodePng(cardPageUrl(card.id), 600), "image/png");
}
