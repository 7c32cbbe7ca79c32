import type { LoaderFunctionArgs } from "@remix-run/node";

import { cardPhotoUrl, cardVCard, fileNameOf } from "~/lib/business-card";
import { buildVCard } from "~/lib/vcard";
import { storedPhotoJpeg } from "~/services/card-image.server";
import { applySecurityHeaders } from "~/utils/security-headers.server";

import { cardPageUrl, publicCardOr404 } from "./__business-card.server";

/** /card/{id}/contact.vcf: the card as a contact (vCard 3.0) that Android's and iOS's contacts apps import. */
export async function loader({ params }: LoaderFunctionArgs) {
  const card = await publicCardOr404(params.id);
  const photoUrl = cardPhotoUrl(card.profile);
  const photo = photoUrl ? await storedPhotoJpeg(photoUrl, 256) : null;
  const vcard = buildVCard(cardVCard(card.profile, card.fields, cardPageUrl(card.id), photo?.toString("base64") ?? null));
  const headers = new Headers({
    "Content-Type": "text/vcard; charset=utf-8",
    "Content-Disposition": `attachment; filename="${fileNameOf(card.profile.businessName)}.vcf"`,
    // The card follows the profile: a saved contact is as fresh as a few minutes ago.
    "Cache-Control": "public, max-age=300",
  });
  applySecurityHeaders(headers);
  return new Response(vcard, { headers });
}
