import type { LoaderFunctionArgs } from "@remix-run/node";

import { getCardDesign, getOwnBusinessCard } from "~/models/business-cards.server";
import { requireUser } from "~/utils/session.server";

import { cardDrawing, cardImageResponse } from "../__business-card.server";

/**
 * /app/business-card/preview/{designId}: a design filled with the signed-in business's own details,
 * for the chooser; `?mobile=on|off` draws it with the owner's mobile on or off, whatever was saved.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const [card, design] = await Promise.all([getOwnBusinessCard(user.id), getCardDesign(params.designId ?? "")]);
  if (!card || !design) throw new Response("Not found", { status: 404 });
  const mobile = new URL(request.url).searchParams.get("mobile");
  const fields = mobile === "on" || mobile === "off" ? { ...card.fields, showMobile: mobile === "on" } : card.fields;
  return cardImageResponse(request, "preview", await cardDrawing({ ...card, fields }, design.layout), { privateToOwner: true });
}
